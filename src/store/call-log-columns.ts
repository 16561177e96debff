import { copyField } from './copy-text.ts';
import { withoutNul } from './rows.ts';
import type { CallLogsTable } from './schema.ts';

/*
 * The call-log row, declared once. The SQLite batch INSERT, the PostgreSQL COPY and the CSV export
 * are derived from this table; a test compares it with the migrated `call_logs` of both databases.
 */

/**
 * Where a written column's value comes from: the entry's field of the same name, as an integer or
 * as text (U+0000 removed: PostgreSQL text cannot hold it), or the batch's stamp (`created_at`).
 * `none`: the database assigns it (`id`) or the export derives it from the row (`client`).
 */
export type CallLogWrite = 'integer' | 'text' | 'stamp' | 'none';

interface ColumnSpec {
  readonly write: CallLogWrite;
  /** NULL allowed: the writers pass a missing value as NULL. */
  readonly nullable: boolean;
  /** A column of the CSV export, in declaration order (the JSON export carries the whole record). */
  readonly csv: boolean;
  /** False for a field the export derives rather than reads. */
  readonly stored: boolean;
}

export interface CallLogColumn extends ColumnSpec {
  /** The column of `call_logs`, or the record field the export derives (`stored: false`). */
  readonly name: keyof CallLogsTable | 'client';
}

const spec = (write: CallLogWrite, nullable: boolean, csv = true, stored = true): ColumnSpec => ({
  write,
  nullable,
  csv,
  stored,
});

/*
 * Every column of `call_logs` plus the export's derived `client`, in the CSV export's order. The
 * `satisfies` makes a column of CallLogsTable missing here (or one it does not have) a type error.
 */
const DECLARED = {
  id: spec('none', false),
  created_at: spec('stamp', false),
  server_id: spec('integer', true),
  server_uuid: spec('text', true),
  server_name: spec('text', false),
  tool_id: spec('integer', true),
  tool_name: spec('text', false),
  method: spec('text', false),
  client_type: spec('text', false),
  client_name: spec('text', true),
  // The client family, classified from client_type and client_name when the row is presented.
  client: spec('none', false, true, false),
  client_ip: spec('text', true),
  session_id: spec('text', true),
  user_uuid: spec('text', true),
  oauth_client_id: spec('text', true),
  policy_ids: spec('text', true, false),
  run_id: spec('text', true, false),
  response_status: spec('text', false),
  http_status: spec('integer', true),
  response_time_ms: spec('integer', false),
  error_message: spec('text', true),
  request_args: spec('text', true),
  response_data: spec('text', true),
  args_tokens: spec('integer', true, false),
  result_tokens: spec('integer', true, false),
} satisfies Record<CallLogColumn['name'], ColumnSpec>;

export const CALL_LOG_COLUMNS: readonly CallLogColumn[] = Object.entries(DECLARED).map(([name, s]) => ({
  name: name as CallLogColumn['name'],
  ...s,
}));

/** The stored columns a batch writes, in the order the INSERT and the COPY list them. */
export const WRITTEN_COLUMNS: readonly CallLogColumn[] = CALL_LOG_COLUMNS.filter((c) => c.write !== 'none');

/** The header of the CSV export. */
export const CSV_COLUMNS = CALL_LOG_COLUMNS.filter((c) => c.csv).map((c) => c.name);

/** A call-log entry as the batch writers take it; `created_at` comes from the batch's stamps. */
export type CallLogInsert = Omit<CallLogsTable, 'id' | 'created_at' | 'args_tokens' | 'result_tokens'> &
  Partial<Pick<CallLogsTable, 'args_tokens' | 'result_tokens'>>;

/** Puts an entry's INSERT parameters, in WRITTEN_COLUMNS order, into `params` from index `at`. */
export type BindSqliteRow = (row: CallLogInsert, stamp: string, params: unknown[], at: number) => void;

/** An entry as one line of PostgreSQL's COPY text format, newline included. */
export type CopyLine = (row: CallLogInsert, stamp: string) => string;

function readValue(c: CallLogColumn): string {
  if (!/^[a-z_]+$/.test(c.name)) throw new Error(`Not a column name: ${c.name}`);
  if (c.write === 'stamp') return 'stamp';
  return c.nullable ? `(row.${c.name} ?? null)` : `row.${c.name}`;
}

/*
 * The two per-row functions are generated once, at module load, as straight-line code: one
 * named property read per column. A loop over the columns reading `row[name]` looks up a key that
 * changes on every read, several times slower a row on the write path.
 */

function compileSqliteBind(): BindSqliteRow {
  const lines = WRITTEN_COLUMNS.map((c, i) => {
    const value = readValue(c);
    return `p[at + ${i}] = ${c.write === 'text' ? `withoutNul(${value})` : value};`;
  });
  return new Function(
    'withoutNul',
    `return function bindSqliteRow(row, stamp, p, at) {\n${lines.join('\n')}\n};`,
  )(withoutNul) as BindSqliteRow;
}

function compileCopyLine(): CopyLine {
  const fields = WRITTEN_COLUMNS.map((c) => `copyField(${readValue(c)})`);
  return new Function(
    'copyField',
    `return function copyLine(row, stamp) {\nreturn ${fields.join(" + '\\t' + ")} + '\\n';\n};`,
  )(copyField) as CopyLine;
}

export const bindSqliteRow: BindSqliteRow = compileSqliteBind();
export const copyLine: CopyLine = compileCopyLine();
