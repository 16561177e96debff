import { createCallLogWriter } from './analytics/call-log-writer.ts';
import { countCallLogs, createMetrics } from './analytics/metrics.ts';
import { createSecretBox, loadSecretKey } from './auth/secret-box.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createLocalEventBus } from './events.ts';
import { createExecutor } from './executor/executor.ts';
import { createMemoryRateLimiter } from './shared/rate-limiter.ts';
import { openStore } from './store/db.ts';
import { PRODUCT_VERSION } from './version.ts';

/** Assembles the context: store (migrated), secret box, call-log writer, events, limiter. */
export async function createContext(config: Config): Promise<AppContext> {
  const store = await openStore(config.databaseUrl);
  const secrets = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
  const base: Omit<AppContext, 'executor'> = {
    config,
    store,
    secrets,
    callLogs: createCallLogWriter(store),
    events: createLocalEventBus(),
    limiter: createMemoryRateLimiter(),
    startedAt: Date.now(),
    version: PRODUCT_VERSION,
    onClose: [],
  };
  // The executor reads the context's fields at call time, so later swaps (metrics) reach it.
  const ctx: AppContext = Object.assign(base, { executor: createExecutor(base) });
  ctx.onClose.push(() => ctx.executor.close());
  if (config.metricsEnabled) {
    ctx.metrics = createMetrics();
    ctx.callLogs = countCallLogs(ctx.callLogs, ctx.metrics);
  }
  return ctx;
}

/** Flushes queued writes and closes everything the context opened, newest first. */
export async function closeContext(ctx: AppContext): Promise<void> {
  for (const close of [...ctx.onClose].reverse()) await close();
  await ctx.callLogs.close();
  await ctx.events.close();
  await ctx.store.close();
}
