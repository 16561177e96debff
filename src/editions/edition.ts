import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { ensureOption } from '../store/options.repo.ts';
import { type Tier, verifyLicenseKey } from './license.ts';

/*
 * The edition in force. `community` (the default, licensing off) allows every
 * import method and never expires. With `TOOLGATE_LICENSING=enforce`, a 14-day trial starts at
 * first activation (option `activated_at`, shared with the health check); after it, imports
 * need a valid signed licence whose tier decides the methods:
 *
 * | tier        | curl | svc (manifest) | openapi | collection | har |
 * |-------------|------|----------------|---------|------------|-----|
 * | community   | yes  | yes            | yes     | yes        | yes |
 * | trial       | yes  | yes            | yes     | yes        | yes |
 * | starter     | yes  | yes            | no      | no         | no  |
 * | pro         | yes  | yes            | yes     | yes        | yes |
 * | enterprise  | yes  | yes            | yes     | yes        | yes |
 *
 * A HAR import (recorded traffic) goes with the collection import: same tiers.
 */

export type ImportMethod = 'curl' | 'openapi' | 'collection' | 'har' | 'svc';

const TRIAL_DAYS = 14;
const DAY_MS = 86_400_000;

const TIER_METHODS: Record<Tier | 'community' | 'trial', ReadonlySet<ImportMethod>> = {
  community: new Set(['curl', 'openapi', 'collection', 'har', 'svc']),
  trial: new Set(['curl', 'openapi', 'collection', 'har', 'svc']),
  starter: new Set(['curl', 'svc']),
  pro: new Set(['curl', 'openapi', 'collection', 'har', 'svc']),
  enterprise: new Set(['curl', 'openapi', 'collection', 'har', 'svc']),
};

export interface LicenseStatus {
  status: 'ok' | 'warn' | 'fail';
  tier: string;
  message?: string;
}

interface Edition {
  tier: Tier | 'community' | 'trial';
  /** Set when imports are refused outright (trial over, no valid licence). */
  expired: boolean;
  message?: string;
  expiresAt?: string;
}

/** Where an operator buys or upgrades a licence (the admin UI's licence page). */
function upgradeUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/admin/#/license`;
}

async function trialStart(ctx: AppContext): Promise<number> {
  const stored = await ensureOption(ctx.store.db, 'activated_at', new Date(ctx.startedAt).toISOString());
  const at = Date.parse(String(stored));
  return Number.isNaN(at) ? ctx.startedAt : at;
}

async function currentEdition(ctx: AppContext, now = Date.now()): Promise<Edition> {
  if (ctx.config.licensing !== 'enforce') return { tier: 'community', expired: false };
  let licenseProblem: string | undefined;
  if (ctx.config.licenseKey) {
    const check = verifyLicenseKey(ctx.config.licenseKey, ctx.config.licensePublicKey, new Date(now));
    if (check.ok)
      return { tier: check.license.tier, expired: false, expiresAt: check.license.expiresAt.toISOString() };
    licenseProblem = check.reason;
  }
  const ends = (await trialStart(ctx)) + TRIAL_DAYS * DAY_MS;
  const prefix = licenseProblem ? `licence not valid (${licenseProblem}); ` : '';
  if (now < ends) {
    const days = Math.ceil((ends - now) / DAY_MS);
    return {
      tier: 'trial',
      expired: false,
      message: `${prefix}trial: ${days} day(s) left`,
      expiresAt: new Date(ends).toISOString(),
    };
  }
  return {
    tier: 'trial',
    expired: true,
    message: `${prefix}the 14-day trial has expired and no valid licence is installed`,
  };
}

/** The health check's `license` entry: expired trial (or licence) → `warn`. */
export async function describeLicense(ctx: AppContext): Promise<LicenseStatus> {
  const edition = await currentEdition(ctx);
  if (edition.expired)
    return { status: 'warn', tier: edition.tier, message: edition.message ?? 'trial expired' };
  return { status: 'ok', tier: edition.tier, ...(edition.message ? { message: edition.message } : {}) };
}

/** Throws 402 when the trial is over without a licence, 403 `tier_limit_import_method` when the tier lacks the method. */
export async function assertImportAllowed(ctx: AppContext, method: ImportMethod): Promise<void> {
  const edition = await currentEdition(ctx);
  if (edition.expired)
    throw new ApiError('svc_trial_expired', `Imports are disabled: ${edition.message}.`, {
      upgrade_url: upgradeUrl(ctx),
    });
  if (!TIER_METHODS[edition.tier].has(method))
    throw new ApiError(
      'tier_limit_import_method',
      `The ${edition.tier} licence does not include ${method} imports; upgrade to import this way.`,
      { tier: edition.tier, upgrade_url: upgradeUrl(ctx) },
    );
}
