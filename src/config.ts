import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './shared/client-ip.ts';

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** Every configuration variable of Toolgate; the README documents each one. */
const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  // Loopback unless HOST/--host says otherwise: a fresh install is not reachable from the network.
  host: z.string().default('127.0.0.1'),
  trustProxy: z
    .string()
    .default('')
    .refine(
      (v) => {
        try {
          parseTrustProxy(v);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be off, true, a hop count or a comma-separated list of addresses/CIDRs' },
    ),
  dataDir: z.string().default('./data'),
  databaseUrl: z.string().optional(),
  publicUrl: z.string().url().optional(),
  restPrefix: z
    .string()
    .default('/api')
    .transform((p) => (p === '/' || p === '' ? '' : `/${p.replace(/^\/+|\/+$/g, '')}`)),
  /** `info` logs what happens to the gateway; one line per request comes at `debug`. */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: pretty on a terminal, JSON otherwise (shared/logger.ts). */
  logFormat: z.enum(['auto', 'pretty', 'json']).default('auto'),
  adminKey: z.string().min(16).optional(),
  secretKey: z.string().optional(),
  redisUrl: z.string().optional(),
  /** Namespace of this deployment's Redis channels and keys; default derived from the database. */
  redisPrefix: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'letters, digits, ":", "_", ".", "-" (at most 100)')
    .optional(),
  /** `batched` (default): call logs are written in batches; `sync`: committed before the answer. */
  callLogDurability: z.enum(['batched', 'sync']).default('batched'),
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
  /** A call waiting for an approver is held open this long before it answers "pending" (0: at once). */
  approvalHoldSeconds: z.coerce.number().int().min(0).max(300).default(25),
  /** An instance working on a task holds it this long between renewals; a stopped one's tasks resume after it. */
  taskLeaseSeconds: z.coerce.number().min(0.3).max(600).default(15),
  smtpUrl: z.string().optional(),
  smtpFrom: z.string().default('toolgate@localhost'),
  metricsEnabled: bool.default(false),
  metricsToken: z.string().optional(),
  schedulerEnabled: bool.default(true),
  /** Admin UI sessions end after this many hours without a request, and this many days after sign-in. */
  sessionIdleHours: z.coerce.number().min(0.01).default(12),
  sessionMaxDays: z.coerce.number().min(0.01).default(7),
  /** `off`: people sign in only through the IdP (OIDC_ISSUER). */
  localSignIn: bool.default(true),
  /** First start: the first administrator's e-mail and password (else a random one, printed once). */
  adminEmail: z
    .string()
    .regex(/^[^@\s]+@[^@\s]+$/, 'must be an e-mail address')
    .default('admin@localhost'),
  adminPassword: z.string().min(12).optional(),
  /** Federated sign-in (OpenID Connect): on when the issuer and client id are set. */
  oidcIssuer: z.string().url().optional(),
  oidcClientId: z.string().optional(),
  oidcClientSecret: z.string().optional(),
  oidcScopes: z.string().default('openid email profile'),
  oidcGroupsClaim: z.string().default('groups'),
  oidcName: z.string().default('your identity provider'),
  adminOrigins: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  /** PUBLIC_URL (or --public-url) was given; otherwise publicUrl is derived from the port. */
  publicUrlExplicit: boolean;
  databaseUrl: string;
};

/** The public base URL (`{base_url}`): PUBLIC_URL without a trailing slash, else http://localhost:PORT. */
export function derivePublicUrl(publicUrl: string | undefined, port: number): string {
  return (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
}

/** Maps environment variable names to config keys. */
const ENV_KEYS: Record<string, keyof z.infer<typeof configSchema>> = {
  PORT: 'port',
  HOST: 'host',
  TRUST_PROXY: 'trustProxy',
  TOOLGATE_TRUST_PROXY: 'trustProxy',
  TOOLGATE_DATA_DIR: 'dataDir',
  DATABASE_URL: 'databaseUrl',
  PUBLIC_URL: 'publicUrl',
  REST_PREFIX: 'restPrefix',
  LOG_LEVEL: 'logLevel',
  TOOLGATE_LOG_LEVEL: 'logLevel',
  LOG_FORMAT: 'logFormat',
  TOOLGATE_LOG_FORMAT: 'logFormat',
  TOOLGATE_ADMIN_KEY: 'adminKey',
  TOOLGATE_SECRET_KEY: 'secretKey',
  REDIS_URL: 'redisUrl',
  TOOLGATE_REDIS_PREFIX: 'redisPrefix',
  TOOLGATE_CALL_LOG_DURABILITY: 'callLogDurability',
  TOOLGATE_LICENSING: 'licensing',
  TOOLGATE_LICENSE_KEY: 'licenseKey',
  TOOLGATE_LICENSE_PUBLIC_KEY: 'licensePublicKey',
  TOOLGATE_UPSTREAM_ALLOW_PRIVATE: 'upstreamAllowPrivate',
  TOOLGATE_IMPORT_ALLOW_PRIVATE: 'importAllowPrivate',
  TOOLGATE_MAX_OUTPUT_BYTES: 'maxOutputBytes',
  TOOLGATE_MAX_LOGGED_RESPONSE_BYTES: 'maxLoggedResponseBytes',
  TOOLGATE_BODY_LIMIT_BYTES: 'bodyLimitBytes',
  TOOLGATE_SESSION_TTL_MINUTES: 'sessionTtlMinutes',
  TOOLGATE_APPROVAL_HOLD_SECONDS: 'approvalHoldSeconds',
  TOOLGATE_TASK_LEASE_SECONDS: 'taskLeaseSeconds',
  SMTP_URL: 'smtpUrl',
  SMTP_FROM: 'smtpFrom',
  TOOLGATE_METRICS: 'metricsEnabled',
  TOOLGATE_METRICS_TOKEN: 'metricsToken',
  TOOLGATE_SCHEDULER: 'schedulerEnabled',
  TOOLGATE_ADMIN_ORIGINS: 'adminOrigins',
  SESSION_IDLE_HOURS: 'sessionIdleHours',
  SESSION_MAX_DAYS: 'sessionMaxDays',
  LOCAL_SIGN_IN: 'localSignIn',
  TOOLGATE_ADMIN_EMAIL: 'adminEmail',
  TOOLGATE_ADMIN_PASSWORD: 'adminPassword',
  OIDC_ISSUER: 'oidcIssuer',
  OIDC_CLIENT_ID: 'oidcClientId',
  OIDC_CLIENT_SECRET: 'oidcClientSecret',
  OIDC_SCOPES: 'oidcScopes',
  OIDC_GROUPS_CLAIM: 'oidcGroupsClaim',
  OIDC_NAME: 'oidcName',
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
  // Half an IdP configuration would silently turn federated sign-in off.
  if (Boolean(c.oidcIssuer) !== Boolean(c.oidcClientId))
    throw new ConfigError('invalid configuration: OIDC_ISSUER and OIDC_CLIENT_ID go together');
  const dataDir = resolve(c.dataDir);
  const publicUrl = derivePublicUrl(c.publicUrl, c.port);
  const databaseUrl = c.databaseUrl ?? `sqlite:${resolve(dataDir, 'toolgate.db')}`;
  return { ...c, dataDir, publicUrl, publicUrlExplicit: c.publicUrl !== undefined, databaseUrl };
}
