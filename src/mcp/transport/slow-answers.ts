/*
 * A 2025-era tools/call whose client accepts SSE is answered as plain JSON unless it has something
 * to send before its response (progress, log lines, a server→client request). One that is still
 * pending after STREAM_AFTER_MS switches to an SSE stream anyway (priming event, resumable), so a
 * dropped connection does not lose a slow call's answer. One shared ticker watches every pending
 * answer: no timer per call. They wait in a linked list, not a Set (shared/linked-list.ts says why).
 */

import { LinkedList, type ListNode } from '../../shared/linked-list.ts';

/** A JSON answer pending this long turns into a resumable SSE stream. */
export const STREAM_AFTER_MS = 2_000;

export interface SlowAnswers {
  /** Watches a pending answer; `upgrade` runs once it has been pending past STREAM_AFTER_MS. */
  watch(upgrade: () => void): PendingAnswer;
  /** The answer is out (or already upgraded): stop watching it. */
  settle(pending: PendingAnswer): void;
  close(): void;
}

export interface Pending {
  readonly since: number;
  readonly upgrade: () => void;
}

export type PendingAnswer = ListNode<Pending>;

export function createSlowAnswers(afterMs = STREAM_AFTER_MS, now: () => number = Date.now): SlowAnswers {
  const pending = new LinkedList<Pending>();
  const ticker = setInterval(
    () => {
      const cut = now() - afterMs;
      // Oldest first: the rest are younger.
      for (let p = pending.head; p && p.value.since <= cut; p = pending.head) {
        pending.remove(p);
        p.value.upgrade();
      }
    },
    Math.max(10, afterMs / 2),
  );
  ticker.unref();
  return {
    watch(upgrade) {
      return pending.push({ since: now(), upgrade });
    },
    settle(p) {
      pending.remove(p);
    },
    close() {
      clearInterval(ticker);
      pending.clear();
    },
  };
}
