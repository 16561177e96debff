import type { Kysely, Selectable, Transaction } from 'kysely';
import { encodeJsonColumns, isNumericId, isUuid, parseJson, toInt } from './rows.ts';
import type { Database, ToolsTable } from './schema.ts';
import type { Page } from './servers.repo.ts';

export interface ParameterMappingEntry {
  target: 'path' | 'query' | 'header' | 'body' | 'form' | 'cookie';
  key: string;
  /** Query serialisation for arrays/objects: repeated keys (default), comma, deepObject. */
  style?: 'repeat' | 'comma' | 'deepObject';
}

export interface ResponseMapping {
  selector?: string;
  format?: 'json' | 'text' | 'markdown' | 'template';
  template?: string;
}

/** A tool as the store holds it, JSON columns parsed. */
export interface ToolRecord {
  id: number;
  uuid: string;
  server_id: number;
  name: string;
  slug: string;
  description: string;
  endpoint_url: string;
  http_method: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown> | null;
  parameter_mapping: Record<string, ParameterMappingEntry>;
  response_mapping: ResponseMapping;
  headers: Record<string, string> | null;
  /** Request body with `{{var}}` placeholders (JSON bodies stay valid JSON); null = from mappings. */
  body_template?: string | null;
  annotations: Record<string, unknown> | null;
  cache_ttl: number;
  timeout: number;
  rate_limit_per_min: number;
  retry_count: number;
  retry_backoff: 'none' | 'fixed' | 'linear' | 'exponential';
  sort_order: number;
  status: 'draft' | 'active' | 'inactive';
  tags: string[];
  last_tested_at: string | null;
  last_test_response_ms: number | null;
  created_at: string;
  updated_at: string;
}

export type NewTool = Omit<ToolRecord, 'id'>;

/** The JSON columns and what a null value is stored as. */
const JSON_COLUMNS = {
  input_schema: null,
  output_schema: null,
  parameter_mapping: null,
  response_mapping: null,
  headers: null,
  annotations: null,
  tags: '[]',
};

function fromRow(row: Selectable<ToolsTable>): ToolRecord {
  return {
    ...row,
    id: toInt(row.id),
    server_id: toInt(row.server_id),
    input_schema: parseJson(row.input_schema, { type: 'object', properties: {} }),
    output_schema: parseJson(row.output_schema, null),
    parameter_mapping: parseJson(row.parameter_mapping, {}),
    response_mapping: parseJson(row.response_mapping, {}),
    headers: parseJson(row.headers, null),
    annotations: parseJson(row.annotations, null),
    tags: parseJson(row.tags, []),
    cache_ttl: toInt(row.cache_ttl),
    timeout: toInt(row.timeout),
    rate_limit_per_min: toInt(row.rate_limit_per_min),
    retry_count: toInt(row.retry_count),
    sort_order: toInt(row.sort_order),
    last_test_response_ms: row.last_test_response_ms === null ? null : toInt(row.last_test_response_ms),
    retry_backoff: row.retry_backoff as ToolRecord['retry_backoff'],
    status: row.status as ToolRecord['status'],
  };
}

function toRow(tool: Partial<NewTool>): Partial<Omit<ToolsTable, 'id'>> {
  return encodeJsonColumns(tool, JSON_COLUMNS);
}

type Db = Kysely<Database> | Transaction<Database>;

export async function insertTool(db: Db, tool: NewTool): Promise<ToolRecord> {
  const row = await db
    .insertInto('tools')
    .values(toRow(tool) as Omit<ToolsTable, 'id'>)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** Finds a tool of the server by UUID or numeric id. */
export async function findTool(
  db: Db,
  serverId: number,
  ref: string | number,
): Promise<ToolRecord | undefined> {
  const key = String(ref);
  let query = db.selectFrom('tools').selectAll().where('server_id', '=', serverId);
  if (isUuid(key)) query = query.where('uuid', '=', key.toLowerCase());
  else if (isNumericId(key)) query = query.where('id', '=', Number(key));
  else return undefined;
  const row = await query.executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findToolBySlug(
  db: Db,
  serverId: number,
  slug: string,
): Promise<ToolRecord | undefined> {
  const row = await db
    .selectFrom('tools')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export interface ToolFilter {
  status?: string;
  tag?: string;
  search?: string;
}

export async function listTools(
  db: Db,
  serverId: number,
  filter: ToolFilter,
  page: Page,
): Promise<{ rows: ToolRecord[]; total: number }> {
  let base = db.selectFrom('tools').where('server_id', '=', serverId);
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.tag) base = base.where('tags', 'like', `%${JSON.stringify(filter.tag).slice(0, -1)}"%`);
  if (filter.search) {
    const like = `%${filter.search.toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', like),
        eb(eb.fn('lower', ['slug']), 'like', like),
        eb(eb.fn('lower', ['description']), 'like', like),
        eb(eb.fn('lower', ['endpoint_url']), 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('sort_order', 'asc')
      .orderBy('name', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(fromRow), total: toInt(count?.n) };
}

/** Every tool of the server (optionally only one status), by sort_order then name. */
export async function listAllTools(db: Db, serverId: number, status?: string): Promise<ToolRecord[]> {
  let query = db.selectFrom('tools').selectAll().where('server_id', '=', serverId);
  if (status) query = query.where('status', '=', status);
  const rows = await query.orderBy('sort_order', 'asc').orderBy('name', 'asc').orderBy('id', 'asc').execute();
  return rows.map(fromRow);
}

export async function updateToolRow(
  db: Db,
  id: number,
  patch: Partial<NewTool>,
): Promise<ToolRecord | undefined> {
  const row = await db
    .updateTable('tools')
    .set(toRow(patch))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function deleteToolRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('tools').where('id', '=', id).executeTakeFirst();
  return toInt(result.numDeletedRows) > 0;
}

/** Slugs already used in the server, for collision handling. */
export async function listToolSlugs(db: Db, serverId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('tools').select('slug').where('server_id', '=', serverId).execute();
  return new Set(rows.map((r) => r.slug));
}
