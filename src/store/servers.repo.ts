import type { Kysely, Selectable } from 'kysely';
import { encodeJsonColumns, isNumericId, isUuid, parseJson, toInt, toJson } from './rows.ts';
import type { Database, ServersTable } from './schema.ts';

/** A server as the store holds it: JSON parsed, credentials still sealed. */
export interface ServerRecord {
  id: number;
  uuid: string;
  user_id: number;
  name: string;
  slug: string;
  server_id: string;
  status: 'active' | 'paused' | 'draft';
  transport_type: string;
  auth_type: 'none' | 'bearer' | 'api-key' | 'basic' | 'oauth';
  /** Inbound auth config; secrets in it are hashes (`token_hash`, `value_hash`, `password_hash`). */
  auth_config: Record<string, unknown> | null;
  outbound_auth_type: string;
  outbound_auth_config: Record<string, unknown> | null;
  /** Sealed envelopes (secret-box), never plaintext. */
  auth_credentials: string | null;
  test_auth_credentials: string | null;
  /**
   * Origins (`https://host[:port]`) each credential set may be sent to; null or empty while the
   * set is unbound (then it is sent nowhere). See servers/credential-origins.ts.
   */
  auth_credentials_origins: string[] | null;
  test_auth_credentials_origins: string[] | null;
  cors_origins: string | null;
  rate_limit_per_min: number;
  settings: Record<string, unknown>;
  /** Which tools MCP clients see (issue 16): every active one, the three discovery meta-tools, or by size. */
  tool_exposure: 'all' | 'discovery' | 'auto' | 'code';
  /**
   * Who may use the server when it signs people in (Toolgate-issued tokens): these users and the
   * members of these groups (UUIDs); null = everyone signed in.
   */
  access_list: AccessList | null;
  created_at: string;
  updated_at: string;
}

export interface AccessList {
  users: string[];
  groups: string[];
}

export type NewServer = Omit<
  ServerRecord,
  'id' | 'tool_exposure' | 'auth_credentials_origins' | 'test_auth_credentials_origins' | 'access_list'
> & {
  access_list?: AccessList | null;
  tool_exposure?: ServerRecord['tool_exposure'];
  auth_credentials_origins?: string[] | null;
  test_auth_credentials_origins?: string[] | null;
};

function fromRow(row: Selectable<ServersTable>): ServerRecord {
  return {
    ...row,
    id: toInt(row.id),
    user_id: toInt(row.user_id),
    rate_limit_per_min: toInt(row.rate_limit_per_min),
    status: row.status as ServerRecord['status'],
    auth_type: row.auth_type as ServerRecord['auth_type'],
    tool_exposure: (row.tool_exposure ?? 'all') as ServerRecord['tool_exposure'],
    auth_config: parseJson(row.auth_config, null),
    outbound_auth_config: parseJson(row.outbound_auth_config, null),
    auth_credentials_origins: parseJson(row.auth_credentials_origins, null),
    test_auth_credentials_origins: parseJson(row.test_auth_credentials_origins, null),
    access_list: parseJson(row.access_list, null),
    settings: parseJson(row.settings, {}),
  };
}

function toRow(server: Partial<NewServer>): Partial<Omit<ServersTable, 'id'>> {
  return encodeJsonColumns(server, {
    auth_config: null,
    outbound_auth_config: null,
    auth_credentials_origins: null,
    test_auth_credentials_origins: null,
    access_list: null,
    settings: '{}',
  });
}

export async function insertServer(db: Kysely<Database>, server: NewServer): Promise<ServerRecord> {
  const row = await db
    .insertInto('servers')
    .values(toRow(server) as Omit<ServersTable, 'id'>)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** Finds a server by UUID, numeric id or (when `allowSlug`) slug. */
export async function findServer(
  db: Kysely<Database>,
  ref: string | number,
  opts: { allowSlug?: boolean } = {},
): Promise<ServerRecord | undefined> {
  const key = String(ref);
  let query = db.selectFrom('servers').selectAll();
  if (isUuid(key)) query = query.where('uuid', '=', key.toLowerCase());
  else if (isNumericId(key)) query = query.where('id', '=', Number(key));
  else if (opts.allowSlug) query = query.where('slug', '=', key);
  else return undefined;
  const row = await query.executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findServerBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<ServerRecord | undefined> {
  const row = await db.selectFrom('servers').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export interface Page {
  limit: number;
  offset: number;
}

export async function listServers(
  db: Kysely<Database>,
  filter: { status?: string; search?: string },
  page: Page,
): Promise<{ rows: ServerRecord[]; total: number }> {
  let base = db.selectFrom('servers');
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.search) {
    const like = `%${filter.search.toLowerCase()}%`;
    base = base.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb('slug', 'like', like)]));
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'asc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(fromRow), total: toInt(count?.n) };
}

export async function updateServerRow(
  db: Kysely<Database>,
  id: number,
  patch: Partial<NewServer>,
): Promise<ServerRecord | undefined> {
  const row = await db
    .updateTable('servers')
    .set(toRow(patch))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Deletes the server and everything it owns (tools, prompts, resources, sessions). */
export async function deleteServerRow(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tools').where('server_id', '=', id).execute();
    await trx.deleteFrom('prompts').where('server_id', '=', id).execute();
    await trx.deleteFrom('resources').where('server_id', '=', id).execute();
    await trx.deleteFrom('mcp_sessions').where('server_id', '=', id).execute();
    const result = await trx.deleteFrom('servers').where('id', '=', id).executeTakeFirst();
    return toInt(result.numDeletedRows) > 0;
  });
}

export async function slugTaken(db: Kysely<Database>, slug: string): Promise<boolean> {
  const row = await db.selectFrom('servers').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}

/** Tool, prompt and resource counts for the given servers. */
export async function countServerItems(
  db: Kysely<Database>,
  serverIds: number[],
): Promise<Map<number, { tool_count: number; prompt_count: number; resource_count: number }>> {
  const result = new Map(serverIds.map((id) => [id, { tool_count: 0, prompt_count: 0, resource_count: 0 }]));
  if (serverIds.length === 0) return result;
  const count = async (table: 'tools' | 'prompts' | 'resources') =>
    db
      .selectFrom(table)
      .select(['server_id', (eb) => eb.fn.countAll().as('n')])
      .where('server_id', 'in', serverIds)
      .groupBy('server_id')
      .execute();
  const [tools, prompts, resources] = await Promise.all([
    count('tools'),
    count('prompts'),
    count('resources'),
  ]);
  for (const r of tools) result.get(toInt(r.server_id))!.tool_count = toInt(r.n);
  for (const r of prompts) result.get(toInt(r.server_id))!.prompt_count = toInt(r.n);
  for (const r of resources) result.get(toInt(r.server_id))!.resource_count = toInt(r.n);
  return result;
}

/**
 * Sets the outbound auth type only while it is still `none` (the check is in the UPDATE, so a
 * type configured meanwhile is never overwritten); `config` fills an empty outbound config.
 */
export async function setOutboundAuthIfNone(
  db: Kysely<Database>,
  id: number,
  type: string,
  config: Record<string, unknown> | undefined,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('servers')
    .set({
      outbound_auth_type: type,
      ...(config ? { outbound_auth_config: toJson(config) } : {}),
      updated_at: updatedAt,
    })
    .where('id', '=', id)
    .where('outbound_auth_type', '=', 'none')
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

/**
 * Binds an unbound credential set to `origins`: written only while the stored list is still null
 * or empty and the sealed set is the one the caller saw (checked inside the UPDATE, so a list or
 * a secret saved meanwhile is never overwritten).
 */
export async function bindCredentialOriginsIfUnbound(
  db: Kysely<Database>,
  id: number,
  field: 'auth_credentials' | 'test_auth_credentials',
  envelope: string,
  origins: string[],
): Promise<boolean> {
  const column = field === 'auth_credentials' ? 'auth_credentials_origins' : 'test_auth_credentials_origins';
  const result = await db
    .updateTable('servers')
    .set({ [column]: toJson(origins) })
    .where('id', '=', id)
    .where(field, '=', envelope)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '=', '[]')]))
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

/** How many servers have the status. */
export async function countServersWithStatus(db: Kysely<Database>, status: string): Promise<number> {
  const row = await db
    .selectFrom('servers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', status)
    .executeTakeFirst();
  return toInt(row?.n);
}

/** Active servers whose MCP endpoint takes no inbound auth (health's `open_servers`). */
export function listOpenServers(db: Kysely<Database>): Promise<Array<{ slug: string; name: string }>> {
  return db
    .selectFrom('servers')
    .select(['slug', 'name'])
    .where('status', '=', 'active')
    .where('auth_type', '=', 'none')
    .orderBy('slug')
    .execute();
}

/** The sealed credential envelopes of every server that has any (health's `secrets` check). */
export function listSealedCredentials(
  db: Kysely<Database>,
): Promise<Array<{ auth_credentials: string | null; test_auth_credentials: string | null }>> {
  return db
    .selectFrom('servers')
    .select(['auth_credentials', 'test_auth_credentials'])
    .where((eb) =>
      eb.or([eb('auth_credentials', 'is not', null), eb('test_auth_credentials', 'is not', null)]),
    )
    .execute();
}

/** A server's id and UUID by either one (the event bus names servers by UUID on the wire). */
export async function findServerIdentity(
  db: Kysely<Database>,
  by: { id: number } | { uuid: string },
): Promise<{ id: number; uuid: string } | undefined> {
  let query = db.selectFrom('servers').select(['id', 'uuid']);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('uuid', '=', by.uuid);
  const row = await query.executeTakeFirst();
  return row ? { id: toInt(row.id), uuid: row.uuid } : undefined;
}

/** Servers whose outbound auth is one of these types (the per-user kinds), by name. */
export async function listServersByOutboundTypes(
  db: Kysely<Database>,
  types: string[],
): Promise<ServerRecord[]> {
  const rows = await db
    .selectFrom('servers')
    .selectAll()
    .where('outbound_auth_type', 'in', types)
    .orderBy('name')
    .execute();
  return rows.map(fromRow);
}
