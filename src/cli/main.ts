import { Command } from 'commander';
import { createApiKey, KeyInputError } from '../auth/api-keys.ts';
import { ROLES } from '../auth/capabilities.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { runUninstallCommand } from '../operations/uninstall.ts';
import { openStore } from '../store/db.ts';
import { listApiKeys, revokeApiKey } from '../store/keys.repo.ts';
import { PRODUCT_VERSION } from '../version.ts';

type Flags = Record<string, string | undefined>;

function configFrom(flags: Flags) {
  return loadConfig(process.env, {
    port: flags.port,
    host: flags.host,
    dataDir: flags.dataDir,
    databaseUrl: flags.databaseUrl,
    publicUrl: flags.publicUrl,
    restPrefix: flags.restPrefix,
    logLevel: flags.logLevel,
  });
}

async function withStore<T>(
  flags: Flags,
  run: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>,
): Promise<T> {
  const store = await openStore(configFrom(flags).databaseUrl);
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

const program = new Command('toolgate')
  .version(PRODUCT_VERSION)
  .description('Toolgate: HTTP APIs as MCP servers');
const storeOptions = (cmd: Command) =>
  cmd
    .option('--data-dir <dir>', 'data directory (TOOLGATE_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'postgres://… or sqlite:/path (DATABASE_URL)');

storeOptions(
  program
    .command('serve')
    .description('start the gateway')
    .option('-p, --port <port>', 'port (PORT, default 8080)')
    .option('--host <host>', 'bind address (HOST, default 0.0.0.0)')
    .option('--public-url <url>', 'public base URL (PUBLIC_URL)')
    .option('--rest-prefix <prefix>', 'REST prefix (REST_PREFIX, default /api)')
    .option('--log-level <level>', 'log level (LOG_LEVEL, default info)'),
).action(async (flags: Flags) => {
  // Loaded on demand: the one-shot commands (keys, migrate) need only the store.
  const { serve } = await import('../main.ts');
  await serve(configFrom(flags));
});

storeOptions(program.command('migrate').description('apply pending database migrations')).action(
  async (flags: Flags) => {
    const version = await withStore(flags, async (store) => store.dbVersion);
    process.stdout.write(`database at version ${version}\n`);
  },
);

const keys = program.command('keys').description('manage management API keys');
storeOptions(
  keys
    .command('create')
    .description('create a key and print its secret once')
    .requiredOption('--name <name>', 'label of the key')
    .option('--role <role>', `one of ${Object.keys(ROLES).join(', ')}`, 'administrator'),
).action(async (flags: Flags) => {
  const { key, secret } = await withStore(flags, (store) =>
    createApiKey(store, { name: flags.name!, role: flags.role }),
  );
  process.stdout.write(`created key ${key.uuid} (${key.role})\n${secret}\n`);
});
storeOptions(keys.command('list').description('list keys (never their secrets)')).action(
  async (flags: Flags) => {
    const rows = await withStore(flags, (store) => listApiKeys(store.db));
    for (const k of rows)
      process.stdout.write(
        `${k.id}\t${k.uuid}\t${k.prefix}…\t${k.role}\t${k.name}\t${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}\n`,
      );
  },
);
storeOptions(keys.command('revoke <id>').description('revoke a key by id, UUID or prefix')).action(
  async (id: string, flags: Flags) => {
    const revoked = await withStore(flags, (store) => revokeApiKey(store.db, id));
    if (!revoked) {
      process.stderr.write(`no active key matches "${id}"\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`revoked key ${revoked.uuid}\n`);
  },
);

storeOptions(
  program
    .command('uninstall')
    .description('drop every table and remove the data files, unless keep_data_on_uninstall is on')
    .option('--yes', 'confirm'),
).action(async (flags: Flags) => {
  const confirmed = (flags as Record<string, unknown>).yes === true;
  process.exitCode = await runUninstallCommand(configFrom(flags), confirmed);
});

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof KeyInputError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`toolgate: ${(err as Error).message}\n`);
  process.exit(1);
});
