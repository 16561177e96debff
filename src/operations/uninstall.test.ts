import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { closeContext, createContext } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { openStore } from '../store/db.ts';

const CLI = join(import.meta.dirname, '..', 'cli', 'main.ts');

function toolgate(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { ...process.env, TOOLGATE_SECRET_KEY: '', DATABASE_URL: '' },
  });
}

async function install(keep: boolean): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-uninstall-'));
  const ctx = await createContext(loadConfig({}, { dataDir, logLevel: 'silent' }));
  await updateSettings(ctx, { keep_data_on_uninstall: keep });
  await ctx.store.db
    .insertInto('options')
    .values({ name: 'marker', value: '"x"', updated_at: new Date().toISOString() })
    .execute();
  await closeContext(ctx);
  return dataDir;
}

test('toolgate uninstall drops every table and removes the database and secret key', async () => {
  const dataDir = await install(false);
  try {
    assert.ok(existsSync(join(dataDir, 'secret.key')));
    const refused = toolgate(dataDir, 'uninstall');
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /--yes/);
    assert.ok(existsSync(join(dataDir, 'toolgate.db')));

    // Every table the migrations made, whatever issue added it (on PostgreSQL nothing else removes them).
    const store = await openStore(`sqlite:${join(dataDir, 'toolgate.db')}`);
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      store.db,
    );
    await store.close();
    const res = toolgate(dataDir, 'uninstall', '--yes');
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, new RegExp(`dropped ${rows[0]!.n} tables`));
    assert.equal(rows[0]!.n, 28);
    assert.equal(existsSync(join(dataDir, 'toolgate.db')), false);
    assert.equal(existsSync(join(dataDir, 'secret.key')), false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('toolgate uninstall keeps tables, options and files when keep_data_on_uninstall is on', async () => {
  const dataDir = await install(true);
  try {
    const res = toolgate(dataDir, 'uninstall', '--yes');
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /kept/);
    assert.ok(existsSync(join(dataDir, 'secret.key')));
    const store = await openStore(`sqlite:${join(dataDir, 'toolgate.db')}`);
    try {
      const marker = await store.db
        .selectFrom('options')
        .select('value')
        .where('name', '=', 'marker')
        .executeTakeFirst();
      assert.equal(marker?.value, '"x"');
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
