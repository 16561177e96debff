import type { Logger } from 'pino';
import { emptyHistogram, recordLatency } from '../shared/latency-histogram.ts';
import { type HourAggregate, type HourRollup, insertCallLogBatch } from '../store/call-logs-write.repo.ts';
import type { Store } from '../store/db.ts';
import type { CallLogsTable } from '../store/schema.ts';

/** '000' … '999': the milliseconds of a `created_at`. */
const MILLIS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** Aggregate key of an ISO instant: its UTC hour, `YYYY-MM-DDTHH`. */
export function hourKey(iso: string): string {
  return iso.slice(0, 13);
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export type CallLogEntry = Omit<CallLogsTable, 'id' | 'created_at' | 'args_tokens' | 'result_tokens'> & {
  created_at?: string;
  /** Estimated tokens of the arguments and of the returned content (null: not metered). */
  args_tokens?: number | null;
  result_tokens?: number | null;
};

/** Batch writes failing since `since`: rows lost so far (cleared by the next batch that is written). */
export interface CallLogWriteFailure {
  lost_rows: number;
  since: string;
}

export interface CallLogWriter {
  /**
   * Queues one row. Batched (default): returns nothing and never blocks the caller on the
   * database. Durable: returns a promise that settles once the row is committed (rows queued
   * together commit in one transaction), which the caller awaits before answering.
   */
  write(entry: CallLogEntry): undefined | Promise<void>;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
  /** The ongoing write failure, or null while batches are written. */
  failure(): CallLogWriteFailure | null;
}

/** An `onError` that logs each failed batch through pino with the number of rows it held. */
export function logWriteFailures(log: Pick<Logger, 'error'>): (err: unknown, rows: number) => void {
  return (err, rows) => log.error({ err, rows }, `call-log batch write failed: ${rows} rows lost`);
}

/**
 * Batches call-log rows (and the aggregates they feed) so a tool call never waits on an
 * INSERT: rows are written every `intervalMs` or when `maxBatch` are queued, in one transaction
 * per batch (`insertCallLogBatch`). Aggregates are summed in memory per batch: one upsert per
 * hour, server and tool, not one per row, and one per hour of the site-wide rollup
 * (`analytics_hourly`: counts and the latency histogram the time series' percentiles come from).
 *
 * `analytics_daily` rows are keyed by UTC *hour* (`day` = `YYYY-MM-DDTHH`, see
 * `hourKey`): days of the site time zone start on a UTC hour boundary in nearly every zone, so
 * any local day is a whole number of aggregate rows (half-hour zones add two partial hours that
 * the analytics queries read from `call_logs`).
 */
export function createCallLogWriter(
  store: Store,
  opts: {
    intervalMs?: number;
    maxBatch?: number;
    onError?: (err: unknown, rows: number) => void;
    durable?: boolean;
  } = {},
): CallLogWriter {
  const intervalMs = opts.intervalMs ?? 250;
  // One transaction per batch: its commit costs about as much as 150 rows (SQLite, measured: 8.7
  // µs a row in batches of 200, 4.9 in batches of 2,500), and the SQLite writer yields to requests
  // every 100 rows (insertCallLogBatch).
  const maxBatch = opts.maxBatch ?? 2_000;
  // Entries as given (no copy per call) and, beside them, when each was queued.
  let queue: CallLogEntry[] = [];
  let stamps: string[] = [];
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  let lastMs = 0;
  let lastIso = '';
  let lastSecond = -1;
  let secondPrefix = '';
  let failing: CallLogWriteFailure | null = null;

  const timer = setInterval(() => void drain('tick'), intervalMs);
  timer.unref();

  /**
   * `nowIso()` per millisecond: under load many rows share one. A new millisecond reuses its
   * second's text: V8's `toISOString` looks up the local time zone's offset on every call.
   */
  function createdAt(): string {
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      const second = ms - (ms % 1000);
      if (second !== lastSecond) {
        lastSecond = second;
        secondPrefix = new Date(second).toISOString().slice(0, -4);
      }
      lastIso = `${secondPrefix}${MILLIS[ms - second]}Z`;
    }
    return lastIso;
  }

  async function writeBatch(batch: CallLogEntry[], at: string[]): Promise<void> {
    const aggregates = new Map<string, HourAggregate>();
    const rollups = new Map<string, HourRollup>();
    for (let r = 0; r < batch.length; r++) {
      const row = batch[r]!;
      const day = hourKey(at[r]!);
      let hour = rollups.get(day);
      if (!hour) {
        hour = { hour: day, calls: 0, errors: 0, total_ms: 0, histogram: emptyHistogram() };
        rollups.set(day, hour);
      }
      hour.calls += 1;
      hour.errors += row.response_status === 'success' ? 0 : 1;
      hour.total_ms += row.response_time_ms;
      recordLatency(hour.histogram, row.response_time_ms);
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
    await insertCallLogBatch(store, batch, at, [...aggregates.values()], [...rollups.values()]);
  }

  // Durable mode: the rows queued since the last batch was taken, and whether a flush is pending.
  let waiting: Deferred | undefined;
  let flushQueued = false;
  // A `full` drain is queued (one is enough however many writes pass maxBatch meanwhile).
  let fullQueued = false;
  function flushDurable(): void {
    if (flushQueued) return;
    flushQueued = true;
    void flush().finally(() => {
      flushQueued = false;
      if (waiting) flushDurable(); // rows queued as the last batch finished
    });
  }

  /** Writes everything queued, including rows queued while it writes. */
  function flush(): Promise<void> {
    return drain('all');
  }

  /**
   * Writes the queue in batches of up to maxBatch: `all` until it is empty; `tick` (the timer)
   * one batch, then more only while a full batch waits; `full` (a write filled the queue) full
   * batches only. Rows that arrive while a batch is written wait for the next tick, so a batch is
   * a tick's rows rather than the trickle that came in during the previous write (on PostgreSQL
   * that trickle made ~35-row batches back to back, five statements each: 15 % of a call's CPU).
   */
  function drain(mode: 'all' | 'tick' | 'full'): Promise<void> {
    running = running.then(async () => {
      if (mode === 'full') fullQueued = false;
      for (
        let first = true;
        queue.length > 0 && (mode === 'all' || queue.length >= maxBatch || (mode === 'tick' && first));
        first = false
      ) {
        const whole = queue.length <= maxBatch;
        const batch = whole ? queue : queue.slice(0, maxBatch);
        const at = whole ? stamps : stamps.slice(0, maxBatch);
        queue = whole ? [] : queue.slice(maxBatch);
        stamps = whole ? [] : stamps.slice(maxBatch);
        // Durable writers wait for the batch holding their row, not for the queue to run dry.
        const done = whole ? waiting : undefined;
        if (whole) waiting = undefined;
        // Up to three tries, 100 then 200 ms apart (one transaction per batch, so nothing
        // doubles): connections the database just closed (restart, failover) are replaced by the
        // pool meanwhile. A batch that still fails is reported and dropped.
        for (let attempt = 1; ; attempt++) {
          try {
            await writeBatch(batch, at);
            failing = null;
            break;
          } catch (err) {
            if (attempt === 3) {
              failing = {
                lost_rows: (failing?.lost_rows ?? 0) + batch.length,
                since: failing?.since ?? createdAt(),
              };
              opts.onError?.(err, batch.length);
              break;
            }
            await new Promise((r) => setTimeout(r, 100 * attempt));
          }
        }
        done?.resolve();
        // Requests that arrived meanwhile go before the next batch.
        if (queue.length > 0) await new Promise((r) => setImmediate(r));
      }
    });
    return running;
  }

  return {
    write(entry) {
      if (closed) return undefined;
      queue.push(entry);
      stamps.push(entry.created_at ?? createdAt());
      if (opts.durable) {
        waiting ??= deferred();
        const committed = waiting.promise;
        flushDurable();
        return committed;
      }
      if (queue.length >= maxBatch && !fullQueued) {
        fullQueued = true;
        void drain('full');
      }
      return undefined;
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
    failure: () => failing,
  };
}
