import { Command } from 'commander';
import { createApiKey, KeyInputError } from '../auth/api-keys.ts';
import { ROLES } from '../auth/capabilities.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { ApiError } from '../errors.ts';
import { runUninstallCommand } from '../operations/uninstall.ts';
import { MIN_PASSWORD_LENGTH } from '../people/passwords.ts';
import { resetPassword } from '../people/users.service.ts';
import { openStore } from '../store/db.ts';
import { listApiKeys, revokeApiKey } from '../store/keys.repo.ts';
import { PRODUCT_VERSION } from '../version.ts';
import { describeGatewayError, type Gateway, GatewayError } from './gateway.ts';
import { type ImportOptions, runImport } from './import-command.ts';
import { printServers, printTools } from './list-commands.ts';
import { openLocalGateway } from './local-gateway.ts';
import { openRemoteGateway } from './remote-gateway.ts';

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
    logFormat: flags.logFormat,
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
    .option('--host <host>', 'bind address (HOST, default 127.0.0.1; 0.0.0.0 for every interface)')
    .option('--public-url <url>', 'public base URL (PUBLIC_URL)')
    .option('--rest-prefix <prefix>', 'REST prefix (REST_PREFIX, default /api)')
    .option('--log-level <level>', 'log level (LOG_LEVEL, default info; debug adds a line per request)')
    .option('--log-format <format>', 'pretty | json (LOG_FORMAT, default pretty on a terminal, else json)'),
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
        `${k.id}\t${k.uuid}\t${k.prefix}…\t${k.role}\t${k.name}\t${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}\t${k.last_used_at ? `last used ${k.last_used_at}` : 'never used'}\n`,
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

const users = program.command('users').description('people who sign in');
storeOptions(
  users
    .command('reset-password <email>')
    .description(
      "set a person's password (a generated one, printed once, unless --password) and end their sessions",
    )
    .option('--password <password>', `the new password (at least ${MIN_PASSWORD_LENGTH} characters)`),
).action(async (email: string, flags: Flags & { password?: string }) => {
  const done = await withStore(flags, (store) => resetPassword({ store }, email, flags.password));
  if (!done) {
    process.stderr.write(`no person has the e-mail "${email}"\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    flags.password
      ? `password set for ${done.user.email}\n`
      : `password set for ${done.user.email} (shown once):\n${done.password}\n`,
  );
});

/** `--api URL --key K` (or TOOLGATE_API_URL / TOOLGATE_API_KEY): a running instance; else the local database. */
const gatewayOptions = (cmd: Command) =>
  storeOptions(cmd)
    .option(
      '--api <url>',
      'a running instance: http://host:8080 or its management API URL (TOOLGATE_API_URL)',
    )
    .option('--key <key>', 'management API key for --api (TOOLGATE_API_KEY)');

async function withGateway(flags: Flags, run: (gw: Gateway) => Promise<void>): Promise<void> {
  const api = flags.api ?? process.env.TOOLGATE_API_URL;
  const key = flags.key ?? process.env.TOOLGATE_API_KEY;
  if (api && !key) throw new GatewayError('cli_no_key', '--api needs --key (or TOOLGATE_API_KEY)');
  const gw = api ? openRemoteGateway(api, key!) : await openLocalGateway(configFrom(flags));
  try {
    await run(gw);
  } finally {
    await gw.close();
  }
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const collect = (value: string, previous: string[] = []) => [...previous, value];

gatewayOptions(
  program
    .command('import <source>')
    .description("import an OpenAPI document or Postman collection (file or URL) or a 'curl …' command")
    .requiredOption('--server <name>', 'server name, slug or UUID (created when no server matches)')
    .option('--all', 'import every operation of a document (a cURL command is imported as given)')
    .option('--tag <tag>', 'import the operations of a document with this tag (repeatable)', collect)
    .option('--activate', 'make the imported tools active (default: draft)')
    .option('--format <format>', 'openapi | collection | curl (default: detected)')
    .option(
      '--on-conflict <policy>',
      'an operation whose slug the server has: skip (default) or duplicate (imported as slug-2…)',
    ),
).action(async (source: string, flags: Flags) =>
  withGateway(flags, (gw) => runImport(gw, source, flags as unknown as ImportOptions, print)),
);

const servers = program.command('servers').description('list MCP servers');
gatewayOptions(servers.command('list').description('list servers')).action(async (flags: Flags) =>
  withGateway(flags, (gw) => printServers(gw, print)),
);
const tools = program.command('tools').description("list a server's tools");
gatewayOptions(
  tools
    .command('list')
    .description('list tools')
    .requiredOption('--server <name>', 'server name, slug or UUID'),
).action(async (flags: Flags) => withGateway(flags, (gw) => printTools(gw, flags.server!, print)));

storeOptions(
  program
    .command('uninstall')
    .description('drop every table and remove the data files, unless keep_data_on_uninstall is on')
    .option('--yes', 'confirm'),
).action(async (flags: Flags) => {
  const confirmed = (flags as Record<string, unknown>).yes === true;
  process.exitCode = await runUninstallCommand(configFrom(flags), confirmed);
});

/** An API error as a line: its message and, for invalid parameters, what each must be. */
function describeApiError(err: ApiError): string {
  const params = (err.data as { params?: Record<string, string> } | undefined)?.params;
  const details = params ? Object.entries(params).map(([k, v]) => `${k} ${v}`) : [];
  return details.length > 0 ? `${err.message} (${details.join('; ')})` : err.message;
}

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof GatewayError) process.stderr.write(`${describeGatewayError(err)}\n`);
  else if (err instanceof ConfigError || err instanceof KeyInputError)
    process.stderr.write(`${err.message}\n`);
  else if (err instanceof ApiError) process.stderr.write(`toolgate: ${describeApiError(err)}\n`);
  else process.stderr.write(`toolgate: ${(err as Error).message}\n`);
  process.exit(1);
});
