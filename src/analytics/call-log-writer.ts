import { CompiledQuery } from 'kysely';
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

/** Columns of one call-log row, in the order the multi-row INSERT lists them. */
const COLUMNS = [
  'server_id',
  'server_uuid',
  'server_name',
  'tool_id',
  'tool_name',
  'method',
  'client_type',
  'client_name',
  'client_ip',
  'session_id',
  'request_args',
  'response_status',
  'http_status',
  'response_time_ms',
  'error_message',
  'response_data',
  'created_at',
] as const satisfies ReadonlyArray<keyof CallLogsTable>;

/**
 * Rows per INSERT: 17,000 parameters, under SQLite's 32,766 and PostgreSQL's 65,535, so a
 * default batch is one statement.
 */
const ROWS_PER_INSERT = 1_000;

/**
 * Batches call-log rows (and the aggregates they feed) so a tool call never waits on an
 * INSERT: rows are written every `intervalMs` or when `maxBatch` are queued, in one transaction
 * per batch, as multi-row INSERTs whose SQL text is built once per row count (building it per
 * row through the query builder cost more CPU than the tool call it records). Aggregates are
 * summed in memory per batch: one upsert per hour, server and tool, not one per row.
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
  const insertSql = new Map<number, string>();
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

  function insertStatement(rows: number): string {
    let text = insertSql.get(rows);
    if (text) return text;
    const width = COLUMNS.length;
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) {
      const marks = COLUMNS.map((_, c) => (store.dialect === 'postgres' ? `$${r * width + c + 1}` : '?'));
      tuples.push(`(${marks.join(', ')})`);
    }
    text = `insert into call_logs (${COLUMNS.join(', ')}) values ${tuples.join(', ')}`;
    insertSql.set(rows, text);
    return text;
  }

  async function writeBatch(batch: CallLogEntry[], at: string[]): Promise<void> {
    const aggregates = new Map<
      string,
      { day: string; server_id: number; tool_id: number; calls: number; errors: number; total_ms: number }
    >();
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
    const now = nowIso();
    await store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
        const end = Math.min(batch.length, i + ROWS_PER_INSERT);
        const params: unknown[] = [];
        for (let r = i; r < end; r++) {
          const row = batch[r]!;
          for (const column of COLUMNS) params.push(column === 'created_at' ? at[r] : (row[column] ?? null));
        }
        await trx.executeQuery(CompiledQuery.raw(insertStatement(end - i), params));
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
