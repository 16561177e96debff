/*
 * A 2025-era tools/call whose client accepts SSE is answered as plain JSON unless it has something
 * to send before its response (progress, log lines, a server→client request). One that is still
 * pending after STREAM_AFTER_MS switches to an SSE stream anyway (priming event, resumable), so a
 * dropped connection does not lose a slow call's answer. One shared ticker watches every pending
 * answer: no timer per call.
 */

/** A JSON answer pending this long turns into a resumable SSE stream. */
export const STREAM_AFTER_MS = 2_000;

export interface SlowAnswers {
  /** Watches a pending answer; `upgrade` runs once it has been pending past STREAM_AFTER_MS. */
  watch(upgrade: () => void): PendingAnswer;
  /** The answer is out (or already upgraded): stop watching it. */
  settle(pending: PendingAnswer): void;
  close(): void;
}

export interface PendingAnswer {
  readonly since: number;
  readonly upgrade: () => void;
}

export function createSlowAnswers(afterMs = STREAM_AFTER_MS, now: () => number = Date.now): SlowAnswers {
  const pending = new Set<PendingAnswer>();
  const ticker = setInterval(
    () => {
      const cut = now() - afterMs;
      for (const p of pending) {
        // Insertion order is start order: the rest are younger.
        if (p.since > cut) break;
        pending.delete(p);
        p.upgrade();
      }
    },
    Math.max(10, afterMs / 2),
  );
  ticker.unref();
  return {
    watch(upgrade) {
      const p = { since: now(), upgrade };
      pending.add(p);
      return p;
    },
    settle(p) {
      pending.delete(p);
    },
    close() {
      clearInterval(ticker);
      pending.clear();
    },
  };
}
