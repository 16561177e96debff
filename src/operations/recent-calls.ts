import type { ServerCallTally } from '../store/analytics.repo.ts';

/*
 * The health-check diagnostic weighs in the MCP calls of the last RECENT_WINDOW_MINUTES, so an
 * endpoint that answers the handshake while its tool calls fail is not "ok". Under
 * RECENT_MIN_CALLS calls any error is a warning (too few to call it failing); from there an error
 * rate of RECENT_WARN_RATE warns and RECENT_FAIL_RATE fails.
 */
export const RECENT_WINDOW_MINUTES = 60;
export const RECENT_MIN_CALLS = 5;
export const RECENT_WARN_RATE = 0.1;
export const RECENT_FAIL_RATE = 0.5;

export type CheckStatus = 'ok' | 'warn' | 'fail';

/** What MCP clients saw over the recent window (Test actions left out). */
export interface RecentCalls extends ServerCallTally {
  window_minutes: number;
  /** errors / calls, 0 to 1 (4 decimals); null without calls. */
  error_rate: number | null;
}

const RANK: Record<CheckStatus, number> = { ok: 0, warn: 1, fail: 2 };

/** The worse of two statuses. */
export function worseStatus(a: CheckStatus, b: CheckStatus): CheckStatus {
  return RANK[b] > RANK[a] ? b : a;
}

/** The recent calls of a server (none when absent from the tally) and their verdict, with the reason. */
export function judgeRecentCalls(tally: ServerCallTally | undefined): {
  recent_calls: RecentCalls;
  status: CheckStatus;
  warning?: string;
} {
  const counted = tally ?? { calls: 0, errors: 0, latest_error: null };
  const recent_calls: RecentCalls = {
    window_minutes: RECENT_WINDOW_MINUTES,
    ...counted,
    error_rate: counted.calls === 0 ? null : Math.round((counted.errors / counted.calls) * 10_000) / 10_000,
  };
  const rate = recent_calls.error_rate;
  if (counted.errors === 0 || rate === null) return { recent_calls, status: 'ok' };
  const latest = counted.latest_error ? ` (latest: ${counted.latest_error.slice(0, 300)})` : '';
  const warning = `${counted.errors} of ${counted.calls} MCP calls in the last ${RECENT_WINDOW_MINUTES} minutes failed${latest}`;
  if (counted.calls >= RECENT_MIN_CALLS && rate >= RECENT_FAIL_RATE)
    return { recent_calls, status: 'fail', warning };
  if (counted.calls < RECENT_MIN_CALLS || rate >= RECENT_WARN_RATE)
    return { recent_calls, status: 'warn', warning };
  return { recent_calls, status: 'ok' };
}
