import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { getSettings } from '../settings/settings.service.ts';
import { openStore } from '../store/db.ts';

/** Every table Toolgate creates, children before parents, then the migrator's bookkeeping. */
const TABLES = [
  'source_plans',
  'source_operations',
  'sources',
  'tasks',
  'approvals',
  'audit_log',
  'policy_versions',
  'policies',
  'connect_links',
  'connections',
  'oauth_records',
  'web_sessions',
  'user_group_members',
  'user_groups',
  'mcp_request_states',
  'mcp_sessions',
  'analytics_daily',
  'analytics_hourly',
  'call_logs',
  'resources',
  'prompts',
  'tools',
  'servers',
  'api_keys',
  'users',
  'options',
  'kysely_migration',
  'kysely_migration_lock',
];

export interface UninstallResult {
  kept: boolean;
  droppedTables: string[];
  removedFiles: string[];
}

function sqliteFile(databaseUrl: string): string | undefined {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return undefined;
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  return file && file !== ':memory:' ? file : undefined;
}

/**
 * `toolgate uninstall`: honours the `keep_data_on_uninstall` setting. When it is on, nothing is
 * touched. Otherwise every table (options included) is dropped, and then the SQLite file (with
 * its WAL/SHM) and the secret key file in the data directory are removed.
 */
export async function uninstall(config: Config): Promise<UninstallResult> {
  const store = await openStore(config.databaseUrl);
  let keep: boolean;
  const droppedTables: string[] = [];
  try {
    keep = (await getSettings({ store })).keep_data_on_uninstall === true;
    if (!keep) {
      for (const table of TABLES) {
        await store.db.schema.dropTable(table).ifExists().execute();
        droppedTables.push(table);
      }
    }
  } finally {
    await store.close();
  }
  const removedFiles: string[] = [];
  if (!keep) {
    const file = sqliteFile(config.databaseUrl);
    const candidates = [
      ...(file ? [file, `${file}-wal`, `${file}-shm`] : []),
      join(config.dataDir, 'secret.key'),
    ];
    for (const path of candidates) {
      if (!existsSync(path)) continue;
      rmSync(path, { force: true });
      removedFiles.push(path);
    }
  }
  return { kept: keep, droppedTables, removedFiles };
}

/** The CLI action: refuses to delete anything without `--yes`. */
export async function runUninstallCommand(config: Config, confirmed: boolean): Promise<number> {
  if (!confirmed) {
    process.stderr.write(
      'toolgate uninstall removes every server, tool, key, call log and setting unless the setting\n' +
        'keep_data_on_uninstall is on. Run again with --yes to proceed.\n',
    );
    return 1;
  }
  const result = await uninstall(config);
  if (result.kept) {
    process.stdout.write('keep_data_on_uninstall is on: tables, settings and the secret key were kept.\n');
    return 0;
  }
  process.stdout.write(`dropped ${result.droppedTables.length} tables\n`);
  for (const file of result.removedFiles) process.stdout.write(`removed ${file}\n`);
  return 0;
}
