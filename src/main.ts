import { startScheduler } from './analytics/scheduler.ts';
import { buildApp } from './app.ts';
import { ensureAdminKey } from './auth/api-keys.ts';
import { closeContext, createContext } from './bootstrap.ts';
import type { Config } from './config.ts';
import { apiBase } from './context.ts';
import { findOpenServers } from './health/open-servers.ts';
import { checkSecretKey, describeKeyMismatch } from './health/secret-canary.ts';
import { keepTickObjectShape } from './shared/keep-tick-shape.ts';

/**
 * Starts the gateway: open the store, seed the first key, listen, and on SIGINT/SIGTERM stop
 * accepting, let in-flight requests finish, flush call logs and close the database.
 */
export async function serve(config: Config): Promise<{ close: () => Promise<void>; url: string }> {
  // nextTick stays on V8's fast path after full GCs (keep-tick-shape.ts).
  keepTickObjectShape();
  const ctx = await createContext(config);
  const firstKey = await ensureAdminKey(ctx.store, config.adminKey);
  // The first process to open the database writes the canary; later ones must open it.
  const keyCheck = await checkSecretKey(ctx, { write: true });
  const app = await buildApp(ctx);
  if (!keyCheck.ok) {
    // Loud on purpose: the process serves, but no stored credential works (health `secrets` fails).
    const message = describeKeyMismatch(keyCheck);
    app.log.error({ key_id: keyCheck.keyId, expected_key_id: keyCheck.expectedKeyId }, message);
    process.stderr.write(`\n*** SECRET KEY MISMATCH ***\n${message}\n\n`);
  }
  await app.listen({ port: config.port, host: config.host });
  for (const open of await findOpenServers(ctx))
    app.log.warn(
      { server: open.slug, host: config.host },
      `MCP server "${open.slug}" has inbound auth none and is reachable from other hosts: anyone who can reach ${config.host} can call its tools`,
    );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  // `--port 0` picks a free port at listen time; a public URL derived from port 0 must follow it.
  if (config.port === 0 && ctx.config.publicUrl === 'http://localhost:0')
    ctx.config.publicUrl = `http://localhost:${port}`;
  if (firstKey) {
    // Printed once, to the operator's terminal only; only its hash is stored.
    process.stdout.write(`\nAdministrator API key (shown once, store it now):\n  ${firstKey}\n\n`);
  }
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
  // process as soon as it reads this line gets a graceful shutdown, not the default kill.
  process.stdout.write(
    `Toolgate ${ctx.version} listening on ${url} (api ${apiBase(config)}, store ${ctx.store.dialect})\n`,
  );
  return { close, url };
}
