import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An account the test IdP signs in: its claims (`groups` included). */
export interface IdpAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by `sub`; a test may change them between sign-ins. */
  accounts: Map<string, IdpAccount>;
  /** Whom the next login interaction signs in (like a person typing their name). */
  signInAs(sub: string): void;
  close(): Promise<void>;
}

/**
 * A real `oidc-provider` (v8) on a free loopback port, playing the company IdP: one confidential
 * client with the given redirect URI, `findAccount` answering the claims, and interactions that
 * sign in the chosen account and grant what is asked without pages.
 */
export async function startTestIdp(redirectUri: string): Promise<TestIdp> {
  const accounts = new Map<string, IdpAccount>();
  let next = '';
  // biome-ignore lint/suspicious/noExplicitAny: oidc-provider ships no types
  let provider: any;
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const moduleName = 'oidc-provider';
  const { default: Provider } = await import(moduleName);
  const clientSecret = 'idp-client-secret-0123456789abcdef';
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'toolgate',
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    cookies: { keys: ['test-idp-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  provider.on('server_error', () => undefined);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login')
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: next } },
        { mergeWithLastSubmission: false },
      );
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  return {
    issuer,
    clientId: 'toolgate',
    clientSecret,
    accounts,
    signInAs(sub) {
      next = sub;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the IdP's redirects like a browser (keeping the IdP's cookies) from `url` until one
 * leaves for `stopAt`; returns that URL (the callback with `code` and `state`).
 */
export async function browseIdp(url: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let current = new URL(url);
  for (let hop = 0; hop < 20; hop++) {
    if (current.href.startsWith(stopAt)) return current;
    const res = await fetch(current, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the IdP answered ${res.status} without a redirect: ${await res.text()}`);
    current = new URL(location, current);
  }
  throw new Error('too many redirects at the IdP');
}
