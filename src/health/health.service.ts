import type { AppContext } from '../context.ts';
import { describeLicense } from '../editions/edition.ts';
import { pingStore } from '../store/db.ts';
import { ensureOption } from '../store/options.repo.ts';
import { countServersWithStatus } from '../store/servers.repo.ts';
import { checkCallLogWrites } from './call-log-check.ts';
import { findOpenServers } from './open-servers.ts';
import { checkSecretKey, describeKeyMismatch } from './secret-canary.ts';

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
    const count = await countServersWithStatus(ctx.store.db, 'active');
    return count > 0 ? { status: 'ok', count } : { status: 'warn', count, message: 'no active server' };
  } catch {
    return { status: 'fail', count: 0, message: 'could not count servers' };
  }
}

/** `secrets`: stored credentials decrypt with this process's key (the canary opens). */
async function checkSecrets(ctx: AppContext): Promise<Check> {
  try {
    const check = await checkSecretKey(ctx, { write: false });
    if (check.ok) return { status: 'ok', key_id: check.keyId };
    return {
      status: 'fail',
      key_id: check.keyId,
      expected_key_id: check.expectedKeyId,
      message: describeKeyMismatch(check),
    };
  } catch {
    return { status: 'fail', message: 'could not read the secret-key canary' };
  }
}

/** `open_servers`: warn while active servers without inbound auth are reachable from other hosts. */
async function checkOpenServers(ctx: AppContext): Promise<Check> {
  try {
    const open = await findOpenServers(ctx);
    if (open.length === 0) return { status: 'ok', slugs: [] };
    return {
      status: 'warn',
      slugs: open.map((s) => s.slug),
      message: `bound to ${ctx.config.host}: anyone who can reach it can call these servers' tools (inbound auth none)`,
    };
  } catch {
    return { status: 'fail', message: 'could not list servers' };
  }
}

/**
 * Runs every health check of the spec, plus `secrets` and `open_servers`. `uptime_seconds` counts from the first activation
 * (stored once) or this process's start, whichever is earlier.
 */
export async function checkHealth(ctx: AppContext): Promise<HealthReport> {
  const [db, active_servers, license, secrets, open_servers] = await Promise.all([
    checkDb(ctx),
    countActiveServers(ctx),
    describeLicense(ctx),
    checkSecrets(ctx),
    checkOpenServers(ctx),
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
    secrets,
    open_servers,
  };
  const callLogs = checkCallLogWrites(ctx.callLogs);
  if (callLogs) checks.call_logs = callLogs;
  if (ctx.redisState)
    checks.redis =
      ctx.redisState() === 'up'
        ? { status: 'ok' }
        : {
            status: 'warn',
            message: 'Redis unreachable: rate limits are per instance and events from other instances paused',
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
