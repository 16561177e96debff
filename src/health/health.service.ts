import type { AppContext } from '../context.ts';
import { describeLicense } from '../editions/edition.ts';
import { pingStore } from '../store/db.ts';
import { ensureOption } from '../store/options.repo.ts';
import { toInt } from '../store/rows.ts';

type CheckStatus = 'ok' | 'warn' | 'fail';
type Check = { status: CheckStatus } & Record<string, unknown>;

export interface HealthReport {
  status: 'ok' | 'degraded' | 'fail';
  version: string;
  db_version: string;
  checks: Record<string, Check>;
  uptime_seconds: number;
  checked_at: string;
}

async function checkDb(ctx: AppContext): Promise<Check> {
  const started = performance.now();
  try {
    await pingStore(ctx.store);
    const latency_ms = Math.round(performance.now() - started);
    return { status: latency_ms <= 100 ? 'ok' : 'warn', latency_ms };
  } catch {
    return {
      status: 'fail',
      latency_ms: Math.round(performance.now() - started),
      message: 'database unreachable',
    };
  }
}

async function countActiveServers(ctx: AppContext): Promise<Check> {
  try {
    const row = await ctx.store.db
      .selectFrom('servers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'active')
      .executeTakeFirst();
    const count = toInt(row?.n);
    return count > 0 ? { status: 'ok', count } : { status: 'warn', count, message: 'no active server' };
  } catch {
    return { status: 'fail', count: 0, message: 'could not count servers' };
  }
}

/**
 * Runs every health check of the spec. `uptime_seconds` counts from the first activation
 * (stored once) or this process's start, whichever is earlier.
 */
export async function checkHealth(ctx: AppContext): Promise<HealthReport> {
  const [db, active_servers, license] = await Promise.all([
    checkDb(ctx),
    countActiveServers(ctx),
    describeLicense(ctx),
  ]);
  const sodium: Check = ctx.secrets.selfTest()
    ? { status: 'ok' }
    : { status: 'fail', message: 'secret box self-test failed' };
  const checks: Record<string, Check> = {
    db,
    sodium,
    rest: { status: 'ok' },
    active_servers,
    license: { ...license },
  };
  let activatedAt = ctx.startedAt;
  if (db.status !== 'fail') {
    const stored = await ensureOption(
      ctx.store.db,
      'activated_at',
      new Date(ctx.startedAt).toISOString(),
    ).catch(() => undefined);
    if (stored) activatedAt = Math.min(activatedAt, Date.parse(stored));
  }
  const statuses = Object.values(checks).map((c) => c.status);
  const status = statuses.includes('fail') ? 'fail' : statuses.includes('warn') ? 'degraded' : 'ok';
  return {
    status,
    version: ctx.version,
    db_version: ctx.store.dbVersion,
    checks,
    uptime_seconds: Math.max(0, Math.floor((Date.now() - activatedAt) / 1000)),
    checked_at: new Date().toISOString(),
  };
}
