/*
 * What per-user credentials cost on the hot path (issue 35): the vault lookup of a person's
 * token (kept in memory; a miss reads and opens the sealed row), a refresh at the provider
 * (openid-client, a local token endpoint, the row rewritten), and a whole tool call through the
 * executor with a shared bearer against a person's own token. In process, on SQLite.
 *
 *   node --import tsx bench/vault.bench.ts [iterations]
 */
import { vaultOf } from '../src/connections/vault.ts';
import { createUser } from '../src/people/users.service.ts';
import type { PerUserAuth } from '../src/servers/credentials.ts';
import { findServer } from '../src/store/servers.repo.ts';
import { findUserByUuid } from '../src/store/users.repo.ts';
import { buildTestApp } from '../test/helpers.ts';
import { listenLocal } from '../test/mcp-kit.ts';

const N = Number(process.argv[2] ?? 5000);
const t = await buildTestApp({ config: { logLevel: 'silent' } });
let refreshes = 0;
const upstream = await listenLocal((req, res) => {
  if (req.url === '/token') {
    refreshes++;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          access_token: `at-${refreshes}`,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'rt',
        }),
      );
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
});
try {
  const ctx = t.ctx;
  const origin = upstream.url;
  async function makeServer(name: string, credentials: Record<string, unknown>) {
    const res = await t.api('POST', '/servers', {
      name,
      auth_type: 'oauth',
      auth_credentials: credentials,
      auth_credentials_origins: [origin],
      rate_limit_per_min: 0,
    });
    const uuid = (res.json() as { uuid: string }).uuid;
    const tool = await t.api('POST', `/servers/${uuid}/tools`, {
      name: 'Ping',
      slug: 'ping',
      description: 'ping',
      endpoint_url: `${origin}/ping`,
      http_method: 'GET',
      rate_limit_per_min: 0,
    });
    if (tool.statusCode !== 201) throw new Error(tool.body);
    return (await findServer(ctx.store.db, uuid))!;
  }
  const shared = await makeServer('Shared', { type: 'bearer', token: 'shared-token' });
  const personalAuth: PerUserAuth = { type: 'personal-token', location: 'bearer' };
  const personal = await makeServer('Personal', personalAuth);
  const oauthAuth: PerUserAuth = {
    type: 'oauth2-authorization-code',
    authorization_url: `${origin}/authorize`,
    token_url: `${origin}/token`,
    client_id: 'bench',
    client_secret: 'bench-secret',
  };
  const oauth = await makeServer('OAuth', oauthAuth);
  const created = await createUser(ctx, {
    email: 'bench@example.com',
    display_name: 'Bench',
    password: 'a long bench password',
    role: null,
  });
  const user = (await findUserByUuid(ctx.store.db, created.uuid))!;
  const vault = vaultOf(ctx);
  await vault.connect(user, personal, personalAuth, { access_token: 'personal-token-value' });
  await vault.connect(user, oauth, oauthAuth, {
    access_token: 'at-0',
    refresh_token: 'rt',
    expires_in: 3600,
  });

  async function time(label: string, n: number, run: () => Promise<unknown>): Promise<void> {
    for (let i = 0; i < Math.min(200, n); i++) await run();
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await run();
    const us = Number(process.hrtime.bigint() - started) / 1000 / n;
    console.log(`vault: ${label.padEnd(52)} ${us.toFixed(1).padStart(8)} µs (${n} runs)`);
  }

  await time('lookup, token kept in memory', N, () =>
    vault.accessToken(user.uuid, personal.uuid, personalAuth),
  );
  await time('lookup, row read and opened (memory forgotten)', N, () => {
    vault.forget(user.uuid, personal.uuid);
    return vault.accessToken(user.uuid, personal.uuid, personalAuth);
  });
  const R = Math.min(500, N);
  await time('refresh at the provider (force), row rewritten', R, () =>
    vault.accessToken(user.uuid, oauth.uuid, oauthAuth, true),
  );
  const { listAllTools } = await import('../src/store/tools.repo.ts');
  const run = async (server: typeof shared, caller: { userUuid: string; clientId: null } | null) => {
    const [record] = await listAllTools(ctx.store.db, server.id);
    return () =>
      ctx.executor.execute({
        server,
        tool: record!,
        args: {},
        useTestCredentials: false,
        clientType: 'mcp',
        caller,
      });
  };
  const sharedCall = await run(shared, null);
  const personalCall = await run(personal, { userUuid: user.uuid, clientId: null });
  const check = await personalCall();
  if (!check.ok) throw new Error(`the personal call failed: ${check.message}`);
  await time('tool call, shared bearer (executor, local upstream)', N, sharedCall);
  await time('tool call, the person’s own token (executor)', N, personalCall);
  await time('tool call, shared bearer again (order check)', N, sharedCall);
} finally {
  upstream.server.close();
  await t.close();
}
