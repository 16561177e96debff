import { type HourAggregate, insertCallLogBatch } from '../store/call-logs.repo.ts';
import type { Store } from '../store/db.ts';
import type { CallLogsTable } from '../store/schema.ts';

/** Aggregate key of an ISO instant: its UTC hour, `YYYY-MM-DDTHH`. */
export function hourKey(iso: string): string {
  return iso.slice(0, 13);
}

export type CallLogEntry = Omit<CallLogsTable, 'id' | 'created_at'> & { created_at?: string };

export interface CallLogWriter {
  /** Queues one row; never blocks the caller on the database. */
  write(entry: CallLogEntry): void;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/**
 * Batches call-log rows (and the aggregates they feed) so a tool call never waits on an
 * INSERT: rows are written every `intervalMs` or when `maxBatch` are queued, in one transaction
 * per batch (`insertCallLogBatch`). Aggregates are summed in memory per batch: one upsert per
 * hour, server and tool, not one per row.
 *
 * `analytics_daily` rows are keyed by UTC *hour* (`day` = `YYYY-MM-DDTHH`, see
 * `hourKey`): days of the site time zone start on a UTC hour boundary in nearly every zone, so
 * any local day is a whole number of aggregate rows (half-hour zones add two partial hours that
 * the analytics queries read from `call_logs`).
 */
export function createCallLogWriter(
  store: Store,
  opts: { intervalMs?: number; maxBatch?: number; onError?: (err: unknown) => void } = {},
): CallLogWriter {
  const intervalMs = opts.intervalMs ?? 250;
  const maxBatch = opts.maxBatch ?? 1_000;
  // Entries as given (no copy per call) and, beside them, when each was queued.
  let queue: CallLogEntry[] = [];
  let stamps: string[] = [];
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  let lastMs = 0;
  let lastIso = '';

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  /** `nowIso()` per millisecond: under load many rows share one, and formatting a Date is not free. */
  function createdAt(): string {
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      lastIso = new Date(ms).toISOString();
    }
    return lastIso;
  }

  async function writeBatch(batch: CallLogEntry[], at: string[]): Promise<void> {
    const aggregates = new Map<string, HourAggregate>();
    for (let r = 0; r < batch.length; r++) {
      const row = batch[r]!;
      const day = hourKey(at[r]!);
      const key = `${day}|${row.server_id ?? 0}|${row.tool_id ?? 0}`;
      let agg = aggregates.get(key);
      if (!agg) {
        agg = {
          day,
          server_id: row.server_id ?? 0,
          tool_id: row.tool_id ?? 0,
          calls: 0,
          errors: 0,
          total_ms: 0,
        };
        aggregates.set(key, agg);
      }
      agg.calls += 1;
      agg.errors += row.response_status === 'success' ? 0 : 1;
      agg.total_ms += row.response_time_ms;
    }
    await insertCallLogBatch(store, batch, at, [...aggregates.values()]);
  }

  function flush(): Promise<void> {
    running = running.then(async () => {
      while (queue.length > 0) {
        const whole = queue.length <= maxBatch;
        const batch = whole ? queue : queue.slice(0, maxBatch);
        const at = whole ? stamps : stamps.slice(0, maxBatch);
        queue = whole ? [] : queue.slice(maxBatch);
        stamps = whole ? [] : stamps.slice(maxBatch);
        try {
          await writeBatch(batch, at);
        } catch (err) {
          opts.onError?.(err);
        }
      }
    });
    return running;
  }

  return {
    write(entry) {
      if (closed) return;
      queue.push(entry);
      stamps.push(entry.created_at ?? createdAt());
      if (queue.length >= maxBatch) void flush();
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
  };
}
