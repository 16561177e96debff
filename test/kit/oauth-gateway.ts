import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { createUser } from '../../src/people/users.service.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { listenLocal } from '../mcp-kit.ts';

/*
 * A gateway listening on a real port whose PUBLIC_URL is that address (the issuer and the
 * resources must be the URLs clients reach), two servers protected by Toolgate's own
 * authorization server, each with an `echo` tool on a local upstream, and one person.
 */

export interface OAuthGateway {
  t: TestApp;
  origin: string;
  issuer: string;
  /** Endpoint URLs of the two servers. */
  a: { slug: string; uuid: string; url: string };
  b: { slug: string; uuid: string; url: string };
  person: { email: string; password: string; uuid: string };
  upstreamCalls(): number;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

export async function startOAuthGateway(
  opts: { databaseUrl?: string; config?: Record<string, unknown> } = {},
): Promise<OAuthGateway> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ ...opts, config: { publicUrl: origin, ...opts.config } });
  await t.app.listen({ port, host: '127.0.0.1' });
  let calls = 0;
  const upstream: { server: Server; url: string } = await listenLocal((req, res) => {
    calls++;
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: req.url, body }));
    });
  });
  const makeServer = async (name: string) => {
    const res = await t.api('POST', '/servers', { name, auth_type: 'oauth', rate_limit_per_min: 10_000 });
    if (res.statusCode !== 201) throw new Error(`server create failed: ${res.body}`);
    const { slug, uuid } = res.json() as { slug: string; uuid: string };
    const tool = await t.api('POST', `/servers/${uuid}/tools`, {
      name: 'Echo',
      slug: 'echo',
      description: 'Echoes the request',
      endpoint_url: `${upstream.url}/echo`,
      http_method: 'GET',
    });
    if (tool.statusCode !== 201) throw new Error(`tool create failed: ${tool.body}`);
    return { slug, uuid, url: `${origin}/mcp/${slug}` };
  };
  const a = await makeServer('Server A');
  const b = await makeServer('Server B');
  const password = 'correct horse battery staple';
  const user = await createUser(t.ctx, {
    email: 'ada@example.com',
    display_name: 'Ada Lovelace',
    password,
    role: 'analyst',
  });
  return {
    t,
    origin,
    issuer: `${origin}/oauth`,
    a,
    b,
    person: { email: 'ada@example.com', password, uuid: user.uuid },
    upstreamCalls: () => calls,
    async close() {
      upstream.server.close();
      await t.close();
    },
  };
}
