import type { Kysely, Selectable } from 'kysely';
import { isNumericId, nowIso, parseJson, toInt } from './rows.ts';
import type { ApiKeysTable, Database } from './schema.ts';

export interface ApiKeyRecord {
  id: number;
  uuid: string;
  name: string;
  prefix: string;
  role: string;
  capabilities: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  /** The owner's user id; null for a key of no person. */
  user_id: number | null;
}

function fromRow(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  const { key_hash: _hash, ...rest } = row;
  return {
    ...rest,
    id: toInt(row.id),
    user_id: row.user_id === null || row.user_id === undefined ? null : toInt(row.user_id),
    capabilities: parseJson(row.capabilities, []),
  };
}

export async function insertApiKey(
  db: Kysely<Database>,
  key: Omit<ApiKeyRecord, 'id' | 'last_used_at' | 'revoked_at' | 'user_id'> & {
    key_hash: string;
    user_id?: number | null;
  },
): Promise<ApiKeyRecord> {
  const row = await db
    .insertInto('api_keys')
    .values({
      ...key,
      user_id: key.user_id ?? null,
      capabilities: JSON.stringify(key.capabilities),
      last_used_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

export async function findApiKeyByHash(
  db: Kysely<Database>,
  hash: string,
): Promise<ApiKeyRecord | undefined> {
  const row = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listApiKeys(db: Kysely<Database>): Promise<ApiKeyRecord[]> {
  const rows = await db.selectFrom('api_keys').selectAll().orderBy('id', 'asc').execute();
  return rows.map(fromRow);
}

export async function countApiKeys(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return toInt(row?.n);
}

/** Revokes by UUID, numeric id or key prefix; returns the revoked key or undefined. */
export async function revokeApiKey(db: Kysely<Database>, ref: string): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where((eb) =>
      eb.or([
        eb('uuid', '=', ref),
        eb('prefix', '=', ref),
        ...(isNumericId(ref) ? [eb('id', '=', Number(ref))] : []),
      ]),
    )
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function touchApiKey(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: nowIso() }).where('id', '=', id).execute();
}

/** The keys a person owns, revoked ones included. */
export async function listApiKeysOfUser(db: Kysely<Database>, userId: number): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map(fromRow);
}

/** Revokes one of the person's keys by UUID; undefined when they own no such live key. */
export async function revokeApiKeyOfUser(
  db: Kysely<Database>,
  userId: number,
  uuid: string,
): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('uuid', '=', uuid)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Revokes every live key the person owns; returns how many. */
export async function revokeApiKeysOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return toInt(result.numUpdatedRows);
}
