import type { Kysely, Selectable } from 'kysely';
import { nowIso, toInt } from './rows.ts';
import type { Database, WebSessionsTable } from './schema.ts';

/** An admin UI session as stored (hashes only: the cookie secret itself is never kept). */
export interface WebSessionRecord {
  id: number;
  uuid: string;
  token_hash: string;
  csrf_token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  revoked_at: string | null;
}

function fromRow(row: Selectable<WebSessionsTable>): WebSessionRecord {
  return { ...row, id: toInt(row.id), user_id: toInt(row.user_id) };
}

export async function insertWebSession(
  db: Kysely<Database>,
  session: Omit<WebSessionRecord, 'id' | 'revoked_at'>,
): Promise<WebSessionRecord> {
  const row = await db
    .insertInto('web_sessions')
    .values({ ...session, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

export async function findWebSessionByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<WebSessionRecord | undefined> {
  const row = await db
    .selectFrom('web_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** The user's sessions that are neither revoked nor past their absolute expiry, newest first. */
export async function listLiveWebSessions(db: Kysely<Database>, userId: number): Promise<WebSessionRecord[]> {
  const rows = await db
    .selectFrom('web_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('id', 'desc')
    .execute();
  return rows.map(fromRow);
}

export async function touchWebSession(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable('web_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Revokes one session of the user by UUID; false when the user has no such live session. */
export async function revokeWebSession(db: Kysely<Database>, userId: number, uuid: string): Promise<boolean> {
  const result = await db
    .updateTable('web_sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('uuid', '=', uuid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

export async function revokeWebSessionById(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('web_sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user; returns how many. */
export async function revokeUserWebSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db
    .updateTable('web_sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return toInt(result.numUpdatedRows);
}

/**
 * Deletes sessions that can no longer be used: past their absolute end, revoked, or unused since
 * `idleBefore`, each longer ago than `before` for the first two. Returns how many.
 */
export async function deleteEndedWebSessions(
  db: Kysely<Database>,
  cutoffs: { before: string; idleBefore: string },
): Promise<number> {
  const result = await db
    .deleteFrom('web_sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', cutoffs.before),
        eb('revoked_at', '<', cutoffs.before),
        eb('last_seen_at', '<', cutoffs.idleBefore),
      ]),
    )
    .executeTakeFirst();
  return toInt(result.numDeletedRows);
}
