import type { FastifyInstance } from 'fastify';
import { startScheduler } from './analytics/scheduler.ts';
import { buildApp } from './app.ts';
import { ensureAdminKey } from './auth/api-keys.ts';
import { closeContext, createContext, ensureFirstAdministrator } from './bootstrap.ts';
import { type Config, derivePublicUrl } from './config.ts';
import { apiBase } from './context.ts';
import { findOpenServers } from './health/open-servers.ts';
import { checkSecretKey, describeKeyMismatch } from './health/secret-canary.ts';
import { keepResponseShape, keepTickObjectShape } from './http/keep-shapes.ts';
import { announcePublicUrl } from './servers/public-url.ts';
import { resolveLogFormat } from './shared/logger.ts';
import { describeStart } from './start-banner.ts';

/**
 * Starts the gateway: open the store, seed the first key, listen, and on SIGINT/SIGTERM stop
 * accepting, let in-flight requests finish, flush call logs and close the database.
 */
export async function serve(config: Config): Promise<{ close: () => Promise<void>; url: string }> {
  // nextTick and responses stay on V8's fast path after full GCs (http/keep-shapes.ts).
  keepTickObjectShape();
  const ctx = await createContext(config);
  // Printed once, in the start-up text (never a log line); only its hash is stored.
  const firstAdministrator = await ensureFirstAdministrator(ctx.store, config);
  const firstKey = await ensureAdminKey(ctx.store, config.adminKey, firstAdministrator?.userId ?? null);
  // The first process to open the database writes the canary; later ones must open it.
  const keyCheck = await checkSecretKey(ctx, { write: true });
  const app = await buildApp(ctx);
  keepResponseShape(app.server);
  if (!keyCheck.ok) {
    // Loud on purpose: the process serves, but no stored credential works (health `secrets` fails).
    const message = describeKeyMismatch(keyCheck);
    app.log.error({ key_id: keyCheck.keyId, expected_key_id: keyCheck.expectedKeyId }, message);
    process.stderr.write(`\n*** SECRET KEY MISMATCH ***\n${message}\n\n`);
  }
  await listenQuietly(app, config);
  for (const open of await findOpenServers(ctx))
    app.log.warn(
      { server: open.slug, host: config.host },
      `MCP server "${open.slug}" has inbound auth none and is reachable from other hosts: anyone who can reach ${config.host} can call its tools`,
    );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const everyInterface = config.host === '0.0.0.0' || config.host === '::';
  const shown = everyInterface ? '127.0.0.1' : config.host;
  const url = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  // `--port 0` picks a free port at listen time; a public URL derived from the port must follow it.
  if (!config.publicUrlExplicit) ctx.config.publicUrl = derivePublicUrl(undefined, port);
  // The CLI on the same database prints endpoints under this URL (servers/public-url.ts).
  await announcePublicUrl(ctx.store, ctx.config.publicUrl).catch((err: unknown) =>
    app.log.warn({ err }, 'could not record the public URL for the CLI'),
  );
  // Daily retention, background health checks, usage alerts (no-op unless config.schedulerEnabled).
  startScheduler(ctx);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await app.close(); // stops accepting; waits for in-flight requests
      await closeContext(ctx);
    })();
    return closing;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stdout.write(`received ${signal}, shutting down\n`);
      void close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  // Printed once the signal handlers are in place: a supervisor (or a test) that stops the
  // process as soon as it reads this text gets a graceful shutdown, not the default kill.
  const logFormat = resolveLogFormat(config);
  if (logFormat === 'json')
    app.log.info(
      { url, public_url: ctx.config.publicUrl, api: apiBase(config), store: ctx.store.dialect },
      `Toolgate ${ctx.version} listening at ${url}`,
    );
  process.stdout.write(
    describeStart({
      version: ctx.version,
      listening: url,
      everyInterface,
      store: ctx.store.dialect,
      publicUrl: ctx.config.publicUrl,
      apiBase: apiBase(config),
      logLevel: config.logLevel,
      logFormat,
      ...(firstKey ? { firstKey } : {}),
      ...(firstAdministrator
        ? {
            firstAdministrator: {
              email: firstAdministrator.email,
              ...(firstAdministrator.generatedPassword
                ? { password: firstAdministrator.generatedPassword }
                : {}),
            },
          }
        : {}),
    }),
  );
  return { close, url };
}

/**
 * Listens without fastify's own "Server listening at" info line(s): the start-up text says where
 * Toolgate is, for people, and in JSON mode one `listening at` line does, for collectors.
 */
async function listenQuietly(app: FastifyInstance, config: Config): Promise<void> {
  const level = app.log.level;
  if (level === 'info' || level === 'debug' || level === 'trace') app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
}
