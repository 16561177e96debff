import type { Store } from '../store/db.ts';
import { nowIso } from '../store/rows.ts';
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
 * INSERT: rows are written every `intervalMs` or when `maxBatch` are queued, in one transaction.
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
  const maxBatch = opts.maxBatch ?? 500;
  let queue: CallLogsTable[] = [];
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  async function writeBatch(batch: CallLogsTable[]): Promise<void> {
    const aggregates = new Map<
      string,
      { day: string; server_id: number; tool_id: number; calls: number; errors: number; total_ms: number }
    >();
    for (const row of batch) {
      const day = hourKey(row.created_at);
      const key = `${day}|${row.server_id ?? 0}|${row.tool_id ?? 0}`;
      const agg = aggregates.get(key) ?? {
        day,
        server_id: row.server_id ?? 0,
        tool_id: row.tool_id ?? 0,
        calls: 0,
        errors: 0,
        total_ms: 0,
      };
      agg.calls += 1;
      agg.errors += row.response_status === 'success' ? 0 : 1;
      agg.total_ms += row.response_time_ms;
      aggregates.set(key, agg);
    }
    const now = nowIso();
    await store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < batch.length; i += 200) {
        await trx
          .insertInto('call_logs')
          .values(batch.slice(i, i + 200) as never)
          .execute();
      }
      for (const agg of aggregates.values()) {
        await trx
          .insertInto('analytics_daily')
          .values({ ...agg, updated_at: now })
          .onConflict((oc) =>
            oc.columns(['day', 'server_id', 'tool_id']).doUpdateSet((eb) => ({
              calls: eb('analytics_daily.calls', '+', agg.calls),
              errors: eb('analytics_daily.errors', '+', agg.errors),
              total_ms: eb('analytics_daily.total_ms', '+', agg.total_ms),
              updated_at: now,
            })),
          )
          .execute();
      }
    });
  }

  function flush(): Promise<void> {
    running = running.then(async () => {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(maxBatch);
        try {
          await writeBatch(batch);
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
      queue.push({ ...entry, created_at: entry.created_at ?? nowIso() } as CallLogsTable);
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
