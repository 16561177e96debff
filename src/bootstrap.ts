import { randomUUID } from 'node:crypto';
import { createCallLogWriter, logWriteFailures } from './analytics/call-log-writer.ts';
import { countCallLogs, createMetrics } from './analytics/metrics.ts';
import { createSecretBox, loadSecretKey } from './auth/secret-box.ts';
import type { Config } from './config.ts';
import { createUserCredentials } from './connections/user-credentials.ts';
import type { AppContext } from './context.ts';
import { createExecutor } from './executor/executor.ts';
import type { ExecutorPorts } from './executor/types.ts';
import { generatePassword, hashPassword } from './people/passwords.ts';
import { createScaleOut } from './scale/scale-out.ts';
import { resolveCredentials } from './servers/credentials.ts';
import { getSettings } from './settings/settings.service.ts';
import { createLogger } from './shared/logger.ts';
import { openStore, type Store } from './store/db.ts';
import { isUniqueViolation } from './store/rows.ts';
import { countUsers, findUserByEmail, insertUser } from './store/users.repo.ts';
import { startTracing, stopTracing } from './tracing/tracing.ts';
import { PRODUCT_VERSION } from './version.ts';

/** Assembles the context: store (migrated), secret box, call-log writer, events, limiter. */
export async function createContext(config: Config): Promise<AppContext> {
  const store = await openStore(config.databaseUrl);
  const secrets = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
  // With REDIS_URL, rate-limit counters and events are shared by every instance.
  const scale = await createScaleOut(config, store);
  const base: Omit<AppContext, 'executor'> = {
    config,
    store,
    secrets,
    // Batch failures are logged (the server log's level and format) and turn /health degraded.
    callLogs: createCallLogWriter(store, {
      onError: logWriteFailures(createLogger(config)),
      durable: config.callLogDurability === 'sync',
    }),
    events: scale.events,
    limiter: scale.limiter,
    ...(scale.redisState ? { redisState: scale.redisState } : {}),
    startedAt: Date.now(),
    version: PRODUCT_VERSION,
    onClose: [],
  };
  // The executor reads the context's fields at call time, so later swaps (metrics) reach it.
  const ctx: AppContext = Object.assign(base, { executor: createExecutor(base, executorPorts(base)) });
  ctx.onClose.push(() => ctx.executor.close());
  // Closed last (onClose runs newest first), after the callers of events and limits.
  ctx.onClose.unshift(() => scale.close());
  // OTEL_EXPORTER_OTLP_ENDPOINT turns tracing on (docs/OBSERVABILITY.md); the SDK loads only then.
  if (await startTracing(process.env, PRODUCT_VERSION)) ctx.onClose.push(stopTracing);
  if (config.metricsEnabled) {
    ctx.metrics = createMetrics();
    ctx.callLogs = countCallLogs(ctx.callLogs, ctx.metrics);
  }
  return ctx;
}

/** The executor's view of the rest of the gateway: settings, opened credentials, each person's own. */
export function executorPorts(
  ctx: Pick<AppContext, 'store' | 'secrets' | 'config' | 'events'>,
): ExecutorPorts {
  return {
    loadSettings: () => getSettings(ctx),
    openCredentials: (server, useTest) => resolveCredentials(ctx.secrets, server, useTest),
    userCredential: createUserCredentials(ctx),
  };
}

/** Flushes queued writes and closes everything the context opened, newest first. */
export async function closeContext(ctx: AppContext): Promise<void> {
  for (const close of [...ctx.onClose].reverse()) await close();
  await ctx.callLogs.close();
  await ctx.store.close();
}

/** The first administrator a first start created: the password only when it was generated. */
export interface FirstAdministrator {
  userId: number;
  email: string;
  /** Random, printed once in the start banner; absent when TOOLGATE_ADMIN_PASSWORD gave it. */
  generatedPassword?: string;
}

/**
 * On a database with no people: creates the first administrator (`TOOLGATE_ADMIN_EMAIL`, default
 * `admin@localhost`; `TOOLGATE_ADMIN_PASSWORD` or a random 20-character password). Undefined when
 * people exist. Two instances starting together create one person (the e-mail is unique).
 */
export async function ensureFirstAdministrator(
  store: Store,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<FirstAdministrator | undefined> {
  if ((await countUsers(store.db)) > 0) return undefined;
  const email = config.adminEmail.toLowerCase();
  const generated = config.adminPassword ? undefined : generatePassword(20);
  try {
    const user = await insertUser(store.db, {
      uuid: randomUUID(),
      email,
      display_name: 'Administrator',
      password_hash: await hashPassword(config.adminPassword ?? generated!),
      role: 'administrator',
    });
    return { userId: user.id, email, ...(generated ? { generatedPassword: generated } : {}) };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const other = await findUserByEmail(store.db, email);
    return other ? { userId: other.id, email } : undefined;
  }
}
