/*
 * What checking the caller costs per MCP request: the inbound-auth step of `/mcp/{slug}` for a
 * server behind a shared bearer (a keyed hash compared in constant time) and for a server that
 * signs people in through Toolgate (a Toolgate-issued JWT: signature, iss, aud, exp, the grant's
 * row, then the person and the server's access list). Timed in process, on SQLite, with a real
 * token obtained through registration, sign-in, consent and the code.
 *
 *   node --import tsx bench/inbound-auth.bench.ts [iterations]
 *
 * Prints µs per check: bearer, Toolgate token seen before (signature remembered), a new token
 * each time (first sight: RS256), and the access-list gate for a signed-in person.
 */
import type { FastifyRequest } from 'fastify';
import { authenticate } from '../src/mcp/inbound-auth.ts';
import { createJwksCache } from '../src/mcp/oauth.ts';
import { mayUseServer } from '../src/people/server-access.ts';
import { findServer } from '../src/store/servers.repo.ts';
import { CookieBrowser } from '../test/kit/cookie-browser.ts';
import {
  authorizeUrl,
  makePkce,
  register,
  signInAndConsent,
  tokenRequest,
} from '../test/kit/oauth-client.ts';
import { startOAuthGateway } from '../test/kit/oauth-gateway.ts';

const N = Number(process.argv[2] ?? 2000);
const g = await startOAuthGateway({ config: { logLevel: 'silent' } });
try {
  const ctx = g.t.ctx;
  const jwks = createJwksCache();
  const bearerSecret = 'a-shared-bearer-token-of-enough-length';
  const created = await g.t.api('POST', '/servers', {
    name: 'Bearer bench',
    auth_type: 'bearer',
    auth_config: { token: bearerSecret },
  });
  const bearerServer = (await findServer(ctx.store.db, created.json().uuid))!;
  const oauthServer = (await findServer(ctx.store.db, g.a.uuid))!;

  // One client and one browser: registration and sign-in are rate limited; each token is a new
  // authorization (consent, code, PKCE) of the same client.
  const browser = new CookieBrowser(g.origin);
  const reg = await register(g.issuer, {
    client_name: 'bench',
    redirect_uris: ['http://127.0.0.1/callback'],
  });
  const { client_id: clientId } = (await reg.json()) as { client_id: string };
  const redirectUri = 'http://127.0.0.1:40123/callback';
  /** A fresh access token for the person at server A. */
  async function token(): Promise<string> {
    const pkce = makePkce();
    const url = authorizeUrl(g.issuer, { clientId, redirectUri, resource: g.a.url, pkce });
    const landed = await signInAndConsent(browser, url, g.person);
    const code = landed.leftTo?.searchParams.get('code') ?? '';
    const res = await tokenRequest(g.issuer, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: pkce.verifier,
      resource: g.a.url,
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }
  const asRequest = (authorization: string) =>
    ({ headers: { authorization }, query: {} }) as unknown as FastifyRequest;

  async function time(label: string, n: number, run: (i: number) => Promise<unknown>): Promise<void> {
    for (let i = 0; i < Math.min(200, n); i++) await run(i);
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await run(i);
    const us = Number(process.hrtime.bigint() - started) / 1000 / n;
    console.log(`inbound-auth: ${label.padEnd(44)} ${us.toFixed(1).padStart(7)} µs a request (${n} runs)`);
  }

  const bearer = asRequest(`Bearer ${bearerSecret}`);
  await time('shared bearer (keyed hash, constant time)', N, () =>
    authenticate(ctx, bearerServer, bearer, jwks),
  );
  const seen = asRequest(`Bearer ${await token()}`);
  await time('Toolgate token, seen before', N, () => authenticate(ctx, oauthServer, seen, jwks));
  // Warm-up and timed runs each take tokens never presented before.
  const FRESH = Math.min(60, N);
  const fresh: FastifyRequest[] = [];
  for (let i = 0; i < 2 * FRESH; i++) fresh.push(asRequest(`Bearer ${await token()}`));
  let next = 0;
  await time('Toolgate token, first sight (RS256 verify)', FRESH, () =>
    authenticate(ctx, oauthServer, fresh[next++]!, jwks),
  );
  const caller = (await authenticate(ctx, oauthServer, seen, jwks))!;
  await time('access list gate (person enabled, no list)', N, () => mayUseServer(ctx, oauthServer, caller));
} finally {
  await g.close();
}
