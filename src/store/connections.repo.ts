import type { Kysely, Selectable } from 'kysely';
import { nowIso, toInt } from './rows.ts';
import type { ConnectionsTable, ConnectLinksTable, Database } from './schema.ts';

/** One person's connection to one server's upstream provider, as stored (tokens sealed). */
export interface ConnectionRecord {
  id: number;
  uuid: string;
  user_id: number;
  server_id: number;
  user_uuid: string;
  server_uuid: string;
  provider: string;
  status: 'connected' | 'needs_consent';
  tokens: string | null;
  scope: string | null;
  expires_at: string | null;
  refreshing_until: string | null;
  last_error: string | null;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

function fromRow(row: Selectable<ConnectionsTable>): ConnectionRecord {
  return {
    ...row,
    id: toInt(row.id),
    user_id: toInt(row.user_id),
    server_id: toInt(row.server_id),
    status: row.status === 'connected' ? 'connected' : 'needs_consent',
  };
}

export async function findConnection(
  db: Kysely<Database>,
  userUuid: string,
  serverUuid: string,
): Promise<ConnectionRecord | undefined> {
  const row = await db
    .selectFrom('connections')
    .selectAll()
    .where('user_uuid', '=', userUuid)
    .where('server_uuid', '=', serverUuid)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listConnectionsOfUser(
  db: Kysely<Database>,
  userId: number,
): Promise<ConnectionRecord[]> {
  const rows = await db.selectFrom('connections').selectAll().where('user_id', '=', userId).execute();
  return rows.map(fromRow);
}

export async function listConnectionsOfServer(
  db: Kysely<Database>,
  serverId: number,
): Promise<Array<ConnectionRecord & { email: string; display_name: string }>> {
  const rows = await db
    .selectFrom('connections')
    .innerJoin('users', 'users.id', 'connections.user_id')
    .selectAll('connections')
    .select(['users.email', 'users.display_name'])
    .where('connections.server_id', '=', serverId)
    .orderBy('users.email')
    .execute();
  return rows.map((r) => ({ ...fromRow(r), email: r.email, display_name: r.display_name }));
}

/** Writes the connection of (user, server): a new row, or the existing one replaced. */
export async function saveConnection(
  db: Kysely<Database>,
  row: Omit<ConnectionRecord, 'id' | 'created_at' | 'updated_at' | 'refreshing_until' | 'last_used_at'>,
): Promise<ConnectionRecord> {
  const now = nowIso();
  const saved = await db
    .insertInto('connections')
    .values({ ...row, refreshing_until: null, last_used_at: null, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_uuid', 'server_uuid']).doUpdateSet({
        provider: row.provider,
        status: row.status,
        tokens: row.tokens,
        scope: row.scope,
        expires_at: row.expires_at,
        last_error: row.last_error,
        refreshing_until: null,
        updated_at: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(saved);
}

/** New tokens after a refresh, releasing the refresh hold. */
export async function storeRefreshedTokens(
  db: Kysely<Database>,
  id: number,
  patch: Pick<ConnectionRecord, 'tokens' | 'scope' | 'expires_at'>,
): Promise<void> {
  await db
    .updateTable('connections')
    .set({ ...patch, status: 'connected', last_error: null, refreshing_until: null, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** The tokens no longer work: they are dropped and the person is asked again. */
export async function markNeedsConsent(db: Kysely<Database>, id: number, reason: string): Promise<void> {
  await db
    .updateTable('connections')
    .set({
      status: 'needs_consent',
      tokens: null,
      expires_at: null,
      last_error: reason.slice(0, 500),
      refreshing_until: null,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the refresh hold of a connection until `until` when nobody holds it: true for the one
 * caller (of any instance) that may refresh now.
 */
export async function holdRefresh(db: Kysely<Database>, id: number, until: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('connections')
    .set({ refreshing_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('refreshing_until', 'is', null), eb('refreshing_until', '<', now)]))
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) === 1;
}

export async function touchConnection(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('connections').set({ last_used_at: nowIso() }).where('id', '=', id).execute();
}

export async function deleteConnection(
  db: Kysely<Database>,
  userId: number,
  serverId: number,
): Promise<ConnectionRecord | undefined> {
  const row = await db
    .deleteFrom('connections')
    .where('user_id', '=', userId)
    .where('server_id', '=', serverId)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

// Consent links

export type ConnectLinkRecord = Omit<Selectable<ConnectLinksTable>, 'user_id' | 'server_id'> & {
  user_id: number;
  server_id: number;
};

function linkFromRow(row: Selectable<ConnectLinksTable>): ConnectLinkRecord {
  return { ...row, user_id: toInt(row.user_id), server_id: toInt(row.server_id) };
}

/** Live consent links one person may hold for one server. */
export const MAX_LIVE_LINKS = 5;

export async function insertConnectLink(
  db: Kysely<Database>,
  link: Pick<ConnectLinkRecord, 'token_hash' | 'user_id' | 'server_id' | 'expires_at'>,
): Promise<void> {
  // Expired links go as new ones come, and a person keeps at most MAX_LIVE_LINKS per server (a
  // client calling again and again cannot fill the table); the newest stay.
  await db.deleteFrom('connect_links').where('expires_at', '<', nowIso()).execute();
  const older = await db
    .selectFrom('connect_links')
    .select('token_hash')
    .where('user_id', '=', link.user_id)
    .where('server_id', '=', link.server_id)
    .orderBy('created_at', 'desc')
    .offset(MAX_LIVE_LINKS - 1)
    .limit(1000)
    .execute();
  if (older.length > 0)
    await db
      .deleteFrom('connect_links')
      .where(
        'token_hash',
        'in',
        older.map((r) => r.token_hash),
      )
      .execute();
  // Strictly after this person's newest link: links made in the same millisecond would tie, and
  // the pruning above would then keep an older one and drop a newer one.
  const newest = await newestLinkTime(db, link.user_id, link.server_id);
  let created = nowIso();
  if (newest !== undefined && newest >= created) created = new Date(Date.parse(newest) + 1).toISOString();
  await db
    .insertInto('connect_links')
    .values({ ...link, stage: 'issued', state: null, flow: null, created_at: created })
    .execute();
}

async function newestLinkTime(
  db: Kysely<Database>,
  userId: number,
  serverId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('connect_links')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('server_id', '=', serverId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export async function findConnectLink(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<ConnectLinkRecord | undefined> {
  const row = await db
    .selectFrom('connect_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? linkFromRow(row) : undefined;
}

export async function findConnectLinkByState(
  db: Kysely<Database>,
  state: string,
): Promise<ConnectLinkRecord | undefined> {
  const row = await db.selectFrom('connect_links').selectAll().where('state', '=', state).executeTakeFirst();
  return row ? linkFromRow(row) : undefined;
}

/** Moves a link from one stage to the next, once: false when another request moved it first. */
export async function advanceConnectLink(
  db: Kysely<Database>,
  tokenHash: string,
  from: string,
  to: string,
  patch: Partial<Pick<ConnectLinkRecord, 'state' | 'flow'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('connect_links')
    .set({ stage: to, ...patch })
    .where('token_hash', '=', tokenHash)
    .where('stage', '=', from)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) === 1;
}
