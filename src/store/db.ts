import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { lazyModule } from '../shared/lazy-module.ts';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Name of the newest applied migration, e.g. `001`. */
  dbVersion: string;
  /**
   * SQLite only: the database handle under kysely, for the store's own hot paths (prepared
   * statements kysely's driver does not keep). Used only while holding kysely's connection.
   */
  sqlite?: SQLite.Database;
  /** PostgreSQL only: the pool under kysely, for what kysely cannot send (COPY of call-log batches). */
  pg?: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL hands back int8 (counts, bigserial ids) and numeric (averages) as strings; the
// store turns them into numbers here, once, so no caller ever sees the difference.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const toNumber = (v: string) => (v === null ? null : Number(v));
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return toNumber;
    return loadPg().types.getTypeParser(oid, format as 'text');
  },
};

/**
 * The pg module, loaded on first use: the SQLite default does not pay for it at start-up. Kept
 * once loaded: pg asks `getTypeParser` for every column of every result.
 */
const loadPg = lazyModule<typeof pg>('pg');

/** Page size of a new SQLite file (see openDatabase). */
export const SQLITE_PAGE_SIZE = 8192;

/** Opens the database named by the URL (`postgres://…` or `sqlite:/path`, `sqlite::memory:`). */
export function openDatabase(databaseUrl: string): {
  db: Kysely<Database>;
  dialect: Dialect;
  sqlite?: SQLite.Database;
  pg?: pg.Pool;
} {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new (loadPg().Pool)({ connectionString: databaseUrl, max: 10, types: pgTypes as never });
    // An idle connection the server closed (restart, pg_terminate_backend) is dropped from the
    // pool and replaced on next use; without a listener its 'error' would end the process.
    pool.on('error', () => undefined);
    // Likewise for a connection in use: its query fails (and says so); the event must not crash.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      pg: pool,
    };
  }
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  // 8 KiB pages for a new file (an existing one keeps its own): a call-log row with its four
  // index entries cost ~8 % less to write than on SQLite's default 4 KiB. Set before WAL mode, which fixes the size once the file is written.
  database.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    dialect: 'sqlite',
    sqlite: database,
  };
}

/** Opens the database, applies pending migrations and returns the store. */
export async function openStore(databaseUrl: string): Promise<Store> {
  const { db, dialect, sqlite, pg: pool } = openDatabase(databaseUrl);
  try {
    const dbVersion = await migrateToLatest(db, dialect);
    return {
      db,
      dialect,
      dbVersion,
      ...(sqlite ? { sqlite } : {}),
      ...(pool ? { pg: pool } : {}),
      close: () => db.destroy(),
    };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

/** Runs a trivial query; used by the health check. */
export async function pingStore(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}

// Connection-level failures (SQLSTATE classes 08 and 57P, socket errors): the database is
// restarting or unreachable, not the request at fault.
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/** True when `err` says the database connection failed (answer 503 and let the client retry). */
export function isStoreUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return (
    typeof message === 'string' &&
    /^Connection terminated|^Client has encountered a connection error/.test(message)
  );
}
