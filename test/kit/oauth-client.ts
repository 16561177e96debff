import { createHash, randomBytes } from 'node:crypto';
import type { CookieBrowser, Landed } from './cookie-browser.ts';

/*
 * What an OAuth public client does, step by step with plain fetch (for refusal tests that need
 * to bend one step): register, build the authorization URL with PKCE, redeem the code, refresh.
 */

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function makePkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(issuer: string, metadata: Record<string, unknown>): Promise<Response> {
  return fetch(`${issuer}/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...metadata,
    }),
  });
}

export function authorizeUrl(
  issuer: string,
  p: {
    clientId: string;
    redirectUri: string;
    resource: string;
    pkce: Pkce;
    state?: string;
    scope?: string;
    method?: string;
  },
): URL {
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    code_challenge: p.pkce.challenge,
    code_challenge_method: p.method ?? 'S256',
    state: p.state ?? randomBytes(8).toString('hex'),
    resource: p.resource,
    ...(p.scope !== undefined ? { scope: p.scope } : {}),
  }).toString();
  return url;
}

/** Signs in (when asked) and answers the consent page; returns where the browser was sent. */
export async function signInAndConsent(
  browser: CookieBrowser,
  start: URL,
  person: { email: string; password: string },
  decision: 'allow' | 'deny' = 'allow',
): Promise<Landed> {
  let page = await browser.open(start);
  if (page.leftTo) return page;
  if (page.html.includes('name="password"'))
    page = await browser.submit(browser.form(page, '/sign-in'), {
      email: person.email,
      password: person.password,
    });
  if (page.leftTo) return page;
  return browser.submit(browser.form(page, '/consent'), { decision });
}

export async function tokenRequest(issuer: string, params: Record<string, string>): Promise<Response> {
  return fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

/** An MCP initialize POST with a bearer token; returns the status and the challenge. */
export async function mcpInitialize(
  url: string,
  token?: string,
): Promise<{ status: number; challenge: string | null; body: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  return { status: res.status, challenge: res.headers.get('www-authenticate'), body: await res.text() };
}

/** A JSON answer, read loosely (tests assert on its fields). */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
export async function getJson(url: string): Promise<any> {
  return (await fetch(url)).json();
}

export interface Issued {
  clientId: string;
  redirectUri: string;
  pkce: Pkce;
  code: string;
  browser: CookieBrowser;
}

/** Registers a native client and walks a person through sign-in and consent; returns the code. */
export async function obtainCode(
  gateway: { origin: string; issuer: string },
  person: { email: string; password: string },
  resource: string,
  browser: CookieBrowser,
): Promise<Issued> {
  const reg = await register(gateway.issuer, {
    client_name: 'Test client',
    redirect_uris: ['http://127.0.0.1/callback'],
  });
  if (reg.status !== 201) throw new Error(`registration failed: ${await reg.text()}`);
  const { client_id: clientId } = (await reg.json()) as { client_id: string };
  const pkce = makePkce();
  const redirectUri = 'http://127.0.0.1:40123/callback';
  const landed = await signInAndConsent(
    browser,
    authorizeUrl(gateway.issuer, { clientId, redirectUri, resource, pkce }),
    person,
  );
  const code = landed.leftTo?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${landed.leftTo?.href ?? landed.html.slice(0, 500)}`);
  return { clientId, redirectUri, pkce, code, browser };
}

export function redeem(
  issuer: string,
  issued: Issued,
  resource: string,
  over: Record<string, string> = {},
): Promise<Response> {
  return tokenRequest(issuer, {
    grant_type: 'authorization_code',
    code: issued.code,
    redirect_uri: issued.redirectUri,
    client_id: issued.clientId,
    code_verifier: issued.pkce.verifier,
    resource,
    ...over,
  });
}
