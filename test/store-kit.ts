import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../src/store/db.ts';
import { createPgSchema } from './helpers.ts';

/** A migrated store for one suite and how to remove it, or why PostgreSQL is skipped. */
export type OpenedStore = { store: Store; cleanup(): Promise<void> } | { skip: string };

/** A migrated SQLite store in a fresh temporary folder. */
export async function openSqliteStore(name: string): Promise<OpenedStore> {
  const dir = mkdtempSync(join(tmpdir(), `toolgate-${name}-`));
  const store = await openStore(`sqlite:${join(dir, `${name}.db`)}`);
  return { store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A migrated PostgreSQL store in a fresh schema (createPgSchema decides skip or fail). */
export async function openPgStore(): Promise<OpenedStore> {
  const pg = await createPgSchema();
  if ('skip' in pg) return pg;
  // A store that cannot open must still release the admin connection, or the run never ends.
  const store = await openStore(pg.url).catch(async (err: unknown) => {
    await pg.drop();
    throw err;
  });
  return { store, cleanup: () => pg.drop() };
}
