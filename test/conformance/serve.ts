import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-keys.ts';
import { closeContext, createContext } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/config.ts';
import { apiBase } from '../../src/context.ts';
import { createEverythingServer } from './fixture.ts';
import { startFixtureUpstream } from './upstream.ts';

/*
 * A real Toolgate (SQLite in a temporary folder, loopback only) serving the conformance fixtures,
 * built through the management API. `node --import tsx test/conformance/serve.ts` serves it until
 * Ctrl-C, to point other clients at.
 */

export interface Gateway {
  url: string;
  apiBase: string;
  adminKey: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

export async function startGateway(): Promise<Gateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-conformance-'));
  const port = await freePort();
  const config = loadConfig(
    {},
    {
      dataDir,
      port,
      host: '127.0.0.1',
      publicUrl: `http://127.0.0.1:${port}`,
      logLevel: process.env.TOOLGATE_LOG_LEVEL ?? 'warn',
      schedulerEnabled: false,
      secretKey: 'c'.repeat(64),
    },
  );
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  const api = `http://127.0.0.1:${port}${apiBase(config)}`;
  const upstream = await startFixtureUpstream();
  const close = async () => {
    await app.close();
    await closeContext(ctx);
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { secret } = await createApiKey(ctx.store, { name: 'conformance', role: 'administrator' });
    await app.listen({ port, host: '127.0.0.1' });
    const { slug, uuid } = await createEverythingServer(api, secret, upstream.url);
    upstream.link({ apiBase: api, adminKey: secret, serverUuid: uuid });
    return { url: `http://127.0.0.1:${port}/mcp/${slug}`, apiBase: api, adminKey: secret, close };
  } catch (err) {
    await close();
    throw err;
  }
}

if (process.argv[1]?.endsWith('serve.ts')) {
  const gw = await startGateway();
  console.log(`conformance fixtures served at ${gw.url}`);
  process.once('SIGINT', () => void gw.close().then(() => process.exit(0)));
}
