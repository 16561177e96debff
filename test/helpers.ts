import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createApiKey } from '../src/auth/api-keys.ts';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** `{api_base}` path, e.g. `/api/svc/v1`. */
  base: string;
  adminKey: string;
  /** Creates a real key of the role and returns its secret. */
  keyFor(role: string): Promise<string>;
  /** Injects a management request with the admin key (or `key`), JSON body. */
  api(
    method: InjectOptions['method'],
    path: string,
    body?: unknown,
    key?: string | null,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A real app over a real SQLite file in a temp folder (or `DATABASE_URL`-style `databaseUrl`).
 * Tests use `app.inject()`; nothing listens unless a test asks for it.
 */
export async function buildTestApp(
  opts: { databaseUrl?: string; config?: Record<string, unknown> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-test-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: opts.databaseUrl ?? `sqlite:${join(dataDir, 'toolgate.db')}`,
      logLevel: 'silent',
      secretKey: 'a'.repeat(64),
      publicUrl: 'http://gateway.test',
      schedulerEnabled: false,
      ...opts.config,
    },
  );
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  const { secret: adminKey } = await createApiKey(ctx.store, { name: 'test admin', role: 'administrator' });
  const base = `${config.restPrefix}/svc/v1`;
  return {
    app,
    ctx,
    base,
    adminKey,
    async keyFor(role) {
      return (await createApiKey(ctx.store, { name: `test ${role}`, role })).secret;
    },
    api(method, path, body, key) {
      const headers: Record<string, string> = {};
      const k = key === undefined ? adminKey : key;
      if (k) headers.authorization = `Bearer ${k}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return app.inject({
        method,
        url:
          path.startsWith('/') && !path.startsWith(base) && !path.startsWith('/mcp')
            ? `${base}${path}`
            : path,
        headers,
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
    },
    async close() {
      await app.close();
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export type PgSchema = { url: string; drop(): Promise<void> } | { skip: string };

/**
 * A fresh PostgreSQL schema for one test run, at `TEST_DATABASE_URL` (default the local service):
 * `url` points the connection's `search_path` at it; `drop()` removes it. When PostgreSQL is
 * unreachable it returns `{ skip }`, except under `CI=true`, where it throws: CI must run it.
 */
export async function createPgSchema(): Promise<PgSchema> {
  const pg = (await import('pg')).default;
  const base = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    await admin.end().catch(() => undefined);
    const reason = `PostgreSQL at ${base.replace(/\/\/[^@]*@/, '//***@')} unreachable: ${(err as Error).message}`;
    if (process.env.CI === 'true') throw new Error(`${reason} (CI=true requires the PostgreSQL run)`);
    return { skip: reason };
  }
  const schema = `tg_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = `${base}${base.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
  return {
    url,
    async drop() {
      try {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
