import type { Kysely, Selectable } from 'kysely';
import type { Database, OauthRecordsTable } from './schema.ts';

/*
 * The authorization server's records (oidc-provider models: sessions, interactions, codes,
 * tokens, grants, registered clients; and Toolgate's own signing keys), one row per
 * (kind, id). A row past `expires_at` is gone for every reader, whether or not the sweep has
 * deleted it yet.
 */

export interface OAuthRecord {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

function fromRow(row: Selectable<OauthRecordsTable>): OAuthRecord {
  return { ...row };
}

/** Writes a record, replacing the one of the same kind and id. */
export async function upsertOAuthRecord(
  db: Kysely<Database>,
  record: Omit<OAuthRecord, 'consumed_at'>,
): Promise<void> {
  await db
    .insertInto('oauth_records')
    .values({ ...record, consumed_at: null })
    .onConflict((oc) =>
      oc.columns(['kind', 'id']).doUpdateSet({
        payload: record.payload,
        grant_id: record.grant_id,
        uid: record.uid,
        user_code: record.user_code,
        expires_at: record.expires_at,
        consumed_at: null,
      }),
    )
    .execute();
}

/** The live (unexpired) record of this kind and id. */
export async function findOAuthRecord(
  db: Kysely<Database>,
  kind: string,
  id: string,
  now = new Date().toISOString(),
): Promise<OAuthRecord | undefined> {
  // No stored id holds U+0000 (PostgreSQL text cannot), and PostgreSQL refuses it in a parameter.
  if (id.includes('\u0000')) return undefined;
  const row = await db
    .selectFrom('oauth_records')
    .selectAll()
    .where('kind', '=', kind)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** The live record of this kind found by a secondary column (`uid` or `user_code`). */
export async function findOAuthRecordBy(
  db: Kysely<Database>,
  kind: string,
  column: 'uid' | 'user_code',
  value: string,
  now = new Date().toISOString(),
): Promise<OAuthRecord | undefined> {
  if (value.includes('\u0000')) return undefined;
  const row = await db
    .selectFrom('oauth_records')
    .selectAll()
    .where('kind', '=', kind)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Every live record of a kind (newest expiry last), for listings such as grants and keys. */
export async function listOAuthRecords(
  db: Kysely<Database>,
  kind: string,
  now = new Date().toISOString(),
): Promise<OAuthRecord[]> {
  const rows = await db
    .selectFrom('oauth_records')
    .selectAll()
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

/** Marks a record consumed (a redeemed code, a rotated refresh token); false when there was none. */
export async function consumeOAuthRecord(
  db: Kysely<Database>,
  kind: string,
  id: string,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('oauth_records')
    .set({ consumed_at: at })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteOAuthRecord(db: Kysely<Database>, kind: string, id: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('kind', '=', kind).where('id', '=', id).execute();
}

/** Deletes every record (of any kind) that belongs to a grant: its codes and tokens. */
export async function deleteOAuthRecordsOfGrant(db: Kysely<Database>, grantId: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute();
}

/** Deletes the records past their expiry; returns how many. */
export async function deleteExpiredOAuthRecords(
  db: Kysely<Database>,
  now = new Date().toISOString(),
): Promise<number> {
  const r = await db.deleteFrom('oauth_records').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Moves a record's expiry later (never earlier, never onto a record that does not expire). */
export async function extendOAuthRecord(
  db: Kysely<Database>,
  kind: string,
  id: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('oauth_records')
    .set({ expires_at: expiresAt })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .where('expires_at', '<', expiresAt)
    .execute();
}
