import type { Kysely, Selectable } from 'kysely';
import { parseJson, toInt, withoutNul } from './rows.ts';
import type { Database, McpSessionsTable } from './schema.ts';

/** An MCP session as the store holds it (JSON columns parsed). */
export interface SessionRecord {
  id: string;
  server_id: number;
  protocol_version: string;
  client_name: string | null;
  client_version: string | null;
  client_capabilities: Record<string, unknown> | null;
  log_level: string;
  /** Resource URIs the client subscribed to. */
  subscriptions: string[];
  /** The signed-in person who opened it; null when the server signs nobody in. */
  user_uuid: string | null;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
}

function fromRow(row: Selectable<McpSessionsTable>): SessionRecord {
  return {
    ...row,
    server_id: toInt(row.server_id),
    client_capabilities: parseJson(row.client_capabilities, null),
    subscriptions: parseJson(row.subscriptions, []),
  };
}

export async function insertSession(db: Kysely<Database>, session: SessionRecord): Promise<void> {
  await db
    .insertInto('mcp_sessions')
    .values({
      ...session,
      protocol_version: withoutNul(session.protocol_version),
      client_name: withoutNul(session.client_name),
      client_version: withoutNul(session.client_version),
      client_capabilities: session.client_capabilities ? JSON.stringify(session.client_capabilities) : null,
      subscriptions: JSON.stringify(session.subscriptions),
    })
    .execute();
}

export async function findSession(db: Kysely<Database>, id: string): Promise<SessionRecord | undefined> {
  const row = await db.selectFrom('mcp_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Sessions by id (the ones holding streams on this instance), for event fan-out. */
export async function findSessions(db: Kysely<Database>, ids: string[]): Promise<SessionRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('mcp_sessions').selectAll().where('id', 'in', ids).execute();
  return rows.map(fromRow);
}

export async function touchSession(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('mcp_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Marks the session ended; later requests carrying its id get 404. */
export async function endSessionRow(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('mcp_sessions')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

export async function setSessionLogLevel(db: Kysely<Database>, id: string, level: string): Promise<void> {
  await db.updateTable('mcp_sessions').set({ log_level: level }).where('id', '=', id).execute();
}

export async function setSessionSubscriptions(
  db: Kysely<Database>,
  id: string,
  subscriptions: string[],
): Promise<void> {
  await db
    .updateTable('mcp_sessions')
    .set({ subscriptions: JSON.stringify(subscriptions) })
    .where('id', '=', id)
    .execute();
}
