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
