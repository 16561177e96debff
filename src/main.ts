import { startScheduler } from './analytics/scheduler.ts';
import { buildApp } from './app.ts';
import { ensureAdminKey } from './auth/api-keys.ts';
import { closeContext, createContext } from './bootstrap.ts';
import type { Config } from './config.ts';
import { apiBase } from './context.ts';

/**
 * Starts the gateway: open the store, seed the first key, listen, and on SIGINT/SIGTERM stop
 * accepting, let in-flight requests finish, flush call logs and close the database.
 */
export async function serve(config: Config): Promise<{ close: () => Promise<void>; url: string }> {
  const ctx = await createContext(config);
  const firstKey = await ensureAdminKey(ctx.store, config.adminKey);
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  // `--port 0` picks a free port at listen time; a public URL derived from port 0 must follow it.
  if (config.port === 0 && ctx.config.publicUrl === 'http://localhost:0')
    ctx.config.publicUrl = `http://localhost:${port}`;
  if (firstKey) {
    // Printed once, to the operator's terminal only; only its hash is stored.
    process.stdout.write(`\nAdministrator API key (shown once, store it now):\n  ${firstKey}\n\n`);
  }
  process.stdout.write(
    `Toolgate ${ctx.version} listening on ${url} (api ${apiBase(config)}, store ${ctx.store.dialect})\n`,
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
  return { close, url };
}
