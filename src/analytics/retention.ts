import { recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { getSettings } from '../settings/settings.service.ts';
import { deleteAggregatesBefore, deleteStaleSessions } from '../store/analytics.repo.ts';
import { deleteAuditRowsBefore } from '../store/audit.repo.ts';
import { deleteCallLogsBefore } from '../store/call-logs-read.repo.ts';
import { hourKey } from './call-log-writer.ts';

const DAY = 86_400_000;

export interface RetentionResult {
  deleted: { call_logs: number; analytics_daily: number; sessions: number; audit_log: number };
  thresholds: { log_retention_days: number; analytics_retention_days: number; audit_retention_days: number };
}

function wholeDays(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * The retention cleanup (POST /admin/run-retention and the daily job): call logs older than
 * `log_retention_days`, hourly aggregates older than `analytics_retention_days`, audit rows older
 * than `audit_retention_days` (a threshold of 0 keeps everything), and MCP session rows that ended
 * or sat idle past the session TTL. Audit rows go as a prefix of the chain, its last hash kept as
 * the anchor, so the rest still verifies; the deletion itself is then recorded (`audit.pruned`).
 */
export async function runRetention(ctx: AppContext, now = Date.now()): Promise<RetentionResult> {
  const settings = await getSettings(ctx);
  const logDays = wholeDays(settings.log_retention_days, 30);
  const analyticsDays = wholeDays(settings.analytics_retention_days, 90);
  const auditDays = wholeDays(settings.audit_retention_days, 365);
  // Rows still queued in the writer are newer than any cutoff; flushing first keeps counts exact.
  await ctx.callLogs.flush();
  const call_logs = logDays > 0 ? await deleteCallLogsBefore(ctx.store.db, iso(now - logDays * DAY)) : 0;
  const analytics_daily =
    analyticsDays > 0
      ? await deleteAggregatesBefore(ctx.store.db, hourKey(iso(now - analyticsDays * DAY)))
      : 0;
  const sessions = await deleteStaleSessions(ctx.store.db, iso(now - ctx.config.sessionTtlMinutes * 60_000));
  const audit_log = auditDays > 0 ? await pruneAudit(ctx, iso(now - auditDays * DAY), auditDays) : 0;
  return {
    deleted: { call_logs, analytics_daily, sessions, audit_log },
    thresholds: {
      log_retention_days: logDays,
      analytics_retention_days: analyticsDays,
      audit_retention_days: auditDays,
    },
  };
}

async function pruneAudit(ctx: AppContext, before: string, days: number): Promise<number> {
  const deleted = await deleteAuditRowsBefore(ctx.store, before);
  if (deleted > 0) await recordAudit(ctx, { action: 'audit.pruned', detail: { deleted, before, days } });
  return deleted;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
