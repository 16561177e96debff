import type { Kysely } from 'kysely';
import { nowIso, parseJson, toJson } from './rows.ts';
import type { Database } from './schema.ts';

/** Reads a named option (JSON value); undefined when it was never written. */
export async function readOption<T>(db: Kysely<Database>, name: string): Promise<T | undefined> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  return row ? parseJson<T | undefined>(row.value, undefined) : undefined;
}

export async function writeOption(db: Kysely<Database>, name: string, value: unknown): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('options')
    .values({ name, value: toJson(value), updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: toJson(value), updated_at: now }))
    .execute();
}

/** Writes the option only when it does not exist yet; returns the stored value either way. */
export async function ensureOption<T>(db: Kysely<Database>, name: string, value: T): Promise<T> {
  await db
    .insertInto('options')
    .values({ name, value: toJson(value), updated_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await readOption<T>(db, name)) as T;
}

export async function deleteOption(db: Kysely<Database>, name: string): Promise<void> {
  await db.deleteFrom('options').where('name', '=', name).execute();
}
