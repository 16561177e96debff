import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { openStore, SQLITE_PAGE_SIZE } from './db.ts';

describe('SQLite files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-db-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a new file gets the larger pages, in WAL mode', async () => {
    const store = await openStore(`sqlite:${join(dir, 'new.sqlite')}`);
    try {
      assert.equal(SQLITE_PAGE_SIZE, 8192);
      assert.equal(store.sqlite!.pragma('page_size', { simple: true }), 8192);
      assert.equal(store.sqlite!.pragma('journal_mode', { simple: true }), 'wal');
    } finally {
      await store.close();
    }
  });

  test('an existing file keeps its page size and its data', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new SQLite(file);
    old.pragma('journal_mode = WAL');
    old.exec("create table kept (v text); insert into kept values ('still here')");
    assert.equal(old.pragma('page_size', { simple: true }), 4096);
    old.close();
    const store = await openStore(`sqlite:${file}`);
    try {
      assert.equal(store.sqlite!.pragma('page_size', { simple: true }), 4096);
      assert.deepEqual(store.sqlite!.prepare('select v from kept').all(), [{ v: 'still here' }]);
      const servers = await store.db.selectFrom('servers').select('id').execute();
      assert.deepEqual(servers, []);
    } finally {
      await store.close();
    }
  });
});
