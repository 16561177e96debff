import type { CallLogWriter } from '../analytics/call-log-writer.ts';

/**
 * The `call_logs` health check, reported only while call-log batches fail to be written: `warn`
 * (so /health answers `degraded`) with the rows lost so far and since when. The spec's five
 * checks are unchanged while writes succeed.
 */
export function checkCallLogWrites(
  writer: Pick<CallLogWriter, 'failure'>,
): { status: 'warn'; lost_rows: number; since: string; message: string } | undefined {
  const failure = writer.failure();
  if (!failure) return undefined;
  return { status: 'warn', ...failure, message: 'call-log writes are failing' };
}
