import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Name of the newest applied migration, e.g. `001`. */
  dbVersion: string;
  close(): Promise<void>;
}

// PostgreSQL hands back int8 (counts, bigserial ids) and numeric (averages) as strings; the
// store turns them into numbers here, once, so no caller ever sees the difference.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (v: string) => (v === null ? null : Number(v));
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Opens the database named by the URL (`postgres://…` or `sqlite:/path`, `sqlite::memory:`). */
export function openDatabase(databaseUrl: string): { db: Kysely<Database>; dialect: Dialect } {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: pgTypes as never });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}

/** Opens the database, applies pending migrations and returns the store. */
export async function openStore(databaseUrl: string): Promise<Store> {
  const { db, dialect } = openDatabase(databaseUrl);
  try {
    const dbVersion = await migrateToLatest(db, dialect);
    return { db, dialect, dbVersion, close: () => db.destroy() };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

/** Runs a trivial query; used by the health check. */
export async function pingStore(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}
