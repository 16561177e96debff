import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** Every configuration variable of Toolgate; the README documents each one. */
const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().default('0.0.0.0'),
  dataDir: z.string().default('./data'),
  databaseUrl: z.string().optional(),
  publicUrl: z.string().url().optional(),
  restPrefix: z
    .string()
    .default('/api')
    .transform((p) => (p === '/' || p === '' ? '' : `/${p.replace(/^\/+|\/+$/g, '')}`)),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  adminKey: z.string().min(16).optional(),
  secretKey: z.string().optional(),
  redisUrl: z.string().optional(),
  licensing: z.enum(['off', 'enforce']).default('off'),
  licenseKey: z.string().optional(),
  licensePublicKey: z.string().optional(),
  upstreamAllowPrivate: bool.default(true),
  importAllowPrivate: bool.default(false),
  maxOutputBytes: z.coerce.number().int().min(1024).default(100_000),
  maxLoggedResponseBytes: z.coerce.number().int().min(0).default(10_000),
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(12 * 1024 * 1024),
  sessionTtlMinutes: z.coerce.number().int().min(1).default(60),
  smtpUrl: z.string().optional(),
  smtpFrom: z.string().default('toolgate@localhost'),
  metricsEnabled: bool.default(false),
  metricsToken: z.string().optional(),
  schedulerEnabled: bool.default(true),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; databaseUrl: string };

/** Maps environment variable names to config keys. */
const ENV_KEYS: Record<string, keyof z.infer<typeof configSchema>> = {
  PORT: 'port',
  HOST: 'host',
  TOOLGATE_DATA_DIR: 'dataDir',
  DATABASE_URL: 'databaseUrl',
  PUBLIC_URL: 'publicUrl',
  REST_PREFIX: 'restPrefix',
  LOG_LEVEL: 'logLevel',
  TOOLGATE_LOG_LEVEL: 'logLevel',
  TOOLGATE_ADMIN_KEY: 'adminKey',
  TOOLGATE_SECRET_KEY: 'secretKey',
  REDIS_URL: 'redisUrl',
  TOOLGATE_LICENSING: 'licensing',
  TOOLGATE_LICENSE_KEY: 'licenseKey',
  TOOLGATE_LICENSE_PUBLIC_KEY: 'licensePublicKey',
  TOOLGATE_UPSTREAM_ALLOW_PRIVATE: 'upstreamAllowPrivate',
  TOOLGATE_IMPORT_ALLOW_PRIVATE: 'importAllowPrivate',
  TOOLGATE_MAX_OUTPUT_BYTES: 'maxOutputBytes',
  TOOLGATE_MAX_LOGGED_RESPONSE_BYTES: 'maxLoggedResponseBytes',
  TOOLGATE_BODY_LIMIT_BYTES: 'bodyLimitBytes',
  TOOLGATE_SESSION_TTL_MINUTES: 'sessionTtlMinutes',
  SMTP_URL: 'smtpUrl',
  SMTP_FROM: 'smtpFrom',
  TOOLGATE_METRICS: 'metricsEnabled',
  TOOLGATE_METRICS_TOKEN: 'metricsToken',
  TOOLGATE_SCHEDULER: 'schedulerEnabled',
};

export class ConfigError extends Error {}

/**
 * Builds the config from environment variables, overridden by explicit values (CLI flags, tests).
 * Throws ConfigError naming each bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv, overrides: Partial<Record<string, unknown>> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(ENV_KEYS)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) raw[key] = value;
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.dataDir);
  const publicUrl = (c.publicUrl ?? `http://localhost:${c.port}`).replace(/\/+$/, '');
  const databaseUrl = c.databaseUrl ?? `sqlite:${resolve(dataDir, 'toolgate.db')}`;
  return { ...c, dataDir, publicUrl, databaseUrl };
}
