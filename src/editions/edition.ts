import type { AppContext } from '../context.ts';

export interface LicenseStatus {
  status: 'ok' | 'warn' | 'fail';
  tier: string;
  message?: string;
}

/**
 * The edition in force (DESIGN §9). The default `community` edition allows every import method
 * and never expires; `TOOLGATE_LICENSING=enforce` switches on trials and signed licences.
 */
export async function describeLicense(ctx: AppContext): Promise<LicenseStatus> {
  if (ctx.config.licensing === 'off') return { status: 'ok', tier: 'community' };
  return { status: 'warn', tier: 'trial', message: 'licensing is enforced; see the editions documentation' };
}
