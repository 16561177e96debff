import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';

/*
 * A local upstream world for per-user credential tests, all real servers on 127.0.0.1:
 * - a real `oidc-provider` (v8) as the upstream OAuth provider (authorization code + PKCE,
 *   refresh tokens, JWT access tokens for the resource API) and as the company IdP (an RFC 8693
 *   token-exchange grant issuing tokens for the audiences it allows);
 * - a resource API (`GET /me` with a Bearer JWT, `GET /pat/me` with an `X-Api-Key` personal token)
 *   answering with the caller's own data.
 * Interactions sign in the account named by `signInAs` and grant what is asked, without pages.
 */

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
const KID = 'upstream-provider-1';
/** The audience of every token the resource API accepts. */
export const RESOURCE_AUDIENCE = 'resource-api';

export interface UpstreamProviderOptions {
  /** Toolgate's redirect URI for the confidential client (exact string). */
  redirectUri: string;
  /** Audiences the token-exchange grant may issue tokens for (others → invalid_target). Default ['resource-api']. */
  exchangeAudiences?: string[];
  /** Access token lifetime in seconds (default 600). */
  accessTokenTtl?: number;
}

export interface UpstreamProvider {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  /** A JWT from "the company IdP" for this user and audience, signed with the provider's key. */
  issueUserToken(sub: string, audience: string, ttlSeconds?: number): Promise<string>;
  /** Whom the next login interaction signs in. */
  signInAs(sub: string): void;
  /** The user's grants end (refresh → invalid_grant) and their tokens issued before now get 401. */
  revokeUser(sub: string): Promise<void>;
  /** Registers a personal token the resource API accepts at `/pat/me` (header X-Api-Key). */
  addPersonalToken(sub: string, token: string): void;
  /** Token endpoint requests by grant type. */
  tokenRequests: Record<string, number>;
  /** Resource API requests, by path and in all, and the last Authorization header it saw. */
  resourceRequests: { count: number; byPath: Record<string, number>; lastAuthorization?: string };
  resourceUrl: string;
  close(): Promise<void>;
}

export async function startUpstreamProvider(options: UpstreamProviderOptions): Promise<UpstreamProvider> {
  const ttl = options.accessTokenTtl ?? 600;
  const allowedAudiences = new Set(options.exchangeAudiences ?? [RESOURCE_AUDIENCE]);
  const tokenRequests: Record<string, number> = {};
  const resourceRequests: UpstreamProvider['resourceRequests'] = { count: 0, byPath: {} };
  const personalTokens = new Map<string, string>();
  const grantsOf = new Map<string, Set<string>>();
  // Revocation by time: iat has whole seconds, so tokens minted in the revoking second are also
  // told apart by jti (every token this kit or the provider signs for a user is recorded).
  const revokedAt = new Map<string, number>();
  const jtisOf = new Map<string, Set<string>>();
  const revokedJtis = new Set<string>();
  let next = '';

  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const keySet = createLocalJWKSet({ keys: [publicJwk] });

  // biome-ignore lint/suspicious/noExplicitAny: oidc-provider ships no types
  let provider: any;
  const idp: Server = createServer((req, res) => void handleIdp(req, res));
  const issuer = await listen(idp);
  const api: Server = createServer((req, res) => void handleApi(req, res));
  const resourceUrl = await listen(api);

  // A variable module name keeps tsc from looking for types oidc-provider does not ship.
  const moduleName = 'oidc-provider';
  const { default: Provider, errors } = await import(moduleName);
  const clientId = 'toolgate-upstream';
  const clientSecret = 'upstream-provider-secret-0123456789abcdef';
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code', 'refresh_token', TOKEN_EXCHANGE],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [privateJwk] },
    scopes: ['openid', 'offline_access', 'repo', 'read:user'],
    claims: { openid: ['sub'] },
    cookies: { keys: ['upstream-provider-cookie-key'] },
    ttl: {
      AccessToken: ttl,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
      RefreshToken: 86400,
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // Toolgate sends no `resource`: the default one makes every access token a JWT for the API.
        defaultResource: () => resourceUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'repo read:user',
          audience: RESOURCE_AUDIENCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ttl,
        }),
      },
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: false,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ sub }) };
    },
  });
  provider.on('server_error', () => undefined);
  // biome-ignore lint/suspicious/noExplicitAny: koa context of oidc-provider
  const countGrant = (ctx: any) => {
    const grant = String(ctx.oidc?.params?.grant_type ?? '?');
    tokenRequests[grant] = (tokenRequests[grant] ?? 0) + 1;
  };
  provider.on('grant.success', countGrant);
  provider.on('grant.error', countGrant);
  provider.on('access_token.issued', (token: { accountId?: string; jti: string }) => {
    if (token.accountId) remember(token.accountId, token.jti);
  });

  provider.registerGrantType(
    TOKEN_EXCHANGE,
    // biome-ignore lint/suspicious/noExplicitAny: koa context of oidc-provider
    async (ctx: any, done: () => Promise<void>) => {
      const params = ctx.oidc.params as Record<string, string | undefined>;
      const subject = await verifyOwn(params.subject_token);
      if (!subject) throw new errors.InvalidGrant('subject_token is not valid');
      const actor = params.actor_token ? await verifyOwn(params.actor_token) : undefined;
      if (params.actor_token && !actor) throw new errors.InvalidGrant('actor_token is not valid');
      const audience = params.audience ?? RESOURCE_AUDIENCE;
      if (!allowedAudiences.has(audience))
        throw new errors.InvalidTarget(`audience ${audience} is not allowed`);
      const claims: Record<string, unknown> = {
        scope: params.scope ?? 'repo',
        client_id: ctx.oidc.client.clientId,
      };
      if (actor) claims.act = { sub: actor.sub };
      ctx.body = {
        access_token: await sign(String(subject.sub), claims, audience, ttl),
        issued_token_type: ACCESS_TOKEN_TYPE,
        token_type: 'Bearer',
        expires_in: ttl,
      };
      await done();
    },
    [
      'subject_token',
      'subject_token_type',
      'audience',
      'resource',
      'scope',
      'requested_token_type',
      'actor_token',
      'actor_token_type',
    ],
  );

  function remember(sub: string, jti: string) {
    jtisOf.set(sub, (jtisOf.get(sub) ?? new Set()).add(jti));
  }

  function isRevoked(payload: JWTPayload): boolean {
    if (revokedJtis.has(String(payload.jti))) return true;
    const at = revokedAt.get(String(payload.sub));
    return at !== undefined && (payload.iat ?? 0) * 1000 < Math.floor(at / 1000) * 1000;
  }

  /** The payload of a live, unrevoked JWT signed by this provider, or undefined. */
  async function verifyOwn(token: string | undefined, audience?: string): Promise<JWTPayload | undefined> {
    try {
      const { payload } = await jwtVerify(token ?? '', keySet, { issuer, audience });
      return payload.sub && !isRevoked(payload) ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  async function sign(sub: string, claims: Record<string, unknown>, audience: string, ttlSeconds: number) {
    const jti = crypto.randomUUID();
    remember(sub, jti);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setJti(jti)
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(privateKey);
  }

  async function handleIdp(req: IncomingMessage, res: ServerResponse) {
    if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login')
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: next } },
        { mergeWithLastSubmission: false },
      );
    const account = details.session.accountId as string;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: account, clientId: details.params.client_id });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    if (missing.missingResourceScopes)
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes))
        grant.addResourceScope(indicator, (scopes as string[]).join(' '));
    const grantId = await grant.save();
    grantsOf.set(account, (grantsOf.get(account) ?? new Set()).add(grantId));
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', resourceUrl).pathname;
    resourceRequests.count++;
    resourceRequests.byPath[path] = (resourceRequests.byPath[path] ?? 0) + 1;
    resourceRequests.lastAuthorization = req.headers.authorization;
    if (req.method === 'GET' && path === '/me') {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const payload = await verifyOwn(token, RESOURCE_AUDIENCE);
      if (!payload)
        return answer(
          res,
          401,
          { error: 'invalid_token' },
          { 'www-authenticate': 'Bearer error="invalid_token"' },
        );
      const sub = String(payload.sub);
      return answer(res, 200, { user: sub, repos: [`${sub}-repo-1`, `${sub}-repo-2`] });
    }
    if (req.method === 'GET' && path === '/pat/me') {
      const sub = personalTokens.get(String(req.headers['x-api-key'] ?? ''));
      return sub ? answer(res, 200, { user: sub }) : answer(res, 401, { error: 'invalid_api_key' });
    }
    answer(res, 404, { error: 'not_found' });
  }

  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  return {
    issuer,
    authorizationEndpoint: discovery.authorization_endpoint,
    tokenEndpoint: discovery.token_endpoint,
    clientId,
    clientSecret,
    resourceUrl,
    tokenRequests,
    resourceRequests,
    signInAs(sub) {
      next = sub;
    },
    issueUserToken: (sub, audience, ttlSeconds = 600) => sign(sub, { scope: 'openid' }, audience, ttlSeconds),
    addPersonalToken(sub, token) {
      personalTokens.set(token, sub);
    },
    async revokeUser(sub) {
      revokedAt.set(sub, Date.now());
      for (const jti of jtisOf.get(sub) ?? []) revokedJtis.add(jti);
      for (const id of grantsOf.get(sub) ?? []) await (await provider.Grant.find(id))?.destroy();
      grantsOf.delete(sub);
    },
    close: async () => {
      await new Promise<void>((resolve) => idp.close(() => resolve()));
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
