import type { Kysely, Selectable, Transaction } from 'kysely';
import { encodeJsonColumns, isNumericId, parseJson, toInt } from './rows.ts';
import type { Database, ResourcesTable } from './schema.ts';
import type { Page } from './servers.repo.ts';

/** A resource as the store holds it, `data_source_config` parsed. */
export interface ResourceRecord {
  id: number;
  server_id: number;
  uri: string;
  name: string;
  description: string;
  mime_type: string;
  data_source_type: 'static' | 'http';
  /** `static`: `{ content, encoding? }`; `http`: `{ url }`. */
  data_source_config: Record<string, unknown>;
  template_uri: string | null;
  created_at: string;
  updated_at: string;
}

export type NewResource = Omit<ResourceRecord, 'id'>;

type Db = Kysely<Database> | Transaction<Database>;

function fromRow(row: Selectable<ResourcesTable>): ResourceRecord {
  return {
    ...row,
    id: toInt(row.id),
    server_id: toInt(row.server_id),
    data_source_type: row.data_source_type as ResourceRecord['data_source_type'],
    data_source_config: parseJson(row.data_source_config, {}),
  };
}

function toRow(resource: Partial<NewResource>): Partial<Omit<ResourcesTable, 'id'>> {
  return encodeJsonColumns(resource, { data_source_config: '{}' });
}

export async function insertResource(db: Db, resource: NewResource): Promise<ResourceRecord> {
  const row = await db
    .insertInto('resources')
    .values(toRow(resource) as Omit<ResourcesTable, 'id'>)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** Finds a resource of the server by numeric id. */
export async function findResource(
  db: Db,
  serverId: number,
  ref: string | number,
): Promise<ResourceRecord | undefined> {
  const key = String(ref);
  if (!isNumericId(key)) return undefined;
  const row = await db
    .selectFrom('resources')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('id', '=', Number(key))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findResourceByUri(
  db: Db,
  serverId: number,
  uri: string,
): Promise<ResourceRecord | undefined> {
  const row = await db
    .selectFrom('resources')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('uri', '=', uri)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listResources(
  db: Db,
  serverId: number,
  page: Page,
): Promise<{ rows: ResourceRecord[]; total: number }> {
  const base = db.selectFrom('resources').where('server_id', '=', serverId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'asc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(fromRow), total: toInt(count?.n) };
}

/** Every resource of the server (MCP `resources/list` and `resources/templates/list`). */
export async function listAllResources(db: Db, serverId: number): Promise<ResourceRecord[]> {
  const rows = await db
    .selectFrom('resources')
    .selectAll()
    .where('server_id', '=', serverId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map(fromRow);
}

export async function updateResourceRow(
  db: Db,
  id: number,
  patch: Partial<NewResource>,
): Promise<ResourceRecord | undefined> {
  const row = await db
    .updateTable('resources')
    .set(toRow(patch))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function deleteResourceRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('resources').where('id', '=', id).executeTakeFirst();
  return toInt(result.numDeletedRows) > 0;
}
