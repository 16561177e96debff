import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, jwtVerify, SignJWT } from 'jose';

/*
 * An upstream world for per-user credential tests, all real and local:
 * - a real `oidc-provider` (v8) playing the upstream provider (authorization code + PKCE,
 *   refresh tokens, JWT access tokens for the resource API) and the company IdP (an RFC 8693
 *   token-exchange grant that issues tokens for the audiences it allows);
 * - a resource API that accepts only those JWTs (signature, audience, not revoked) and answers
 *   with the caller's own data.
 * Interactions sign in the account named by `signInAs` and grant what is asked, without pages.
 */

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** The resource API's audience in every token it accepts. */
export const RESOURCE_AUDIENCE = 'resource-api';

export interface UpstreamWorld {
  issuer: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  resourceUrl: string;
  /** Token endpoint requests by grant type. */
  tokenRequests: Record<string, number>;
  /** Requests the resource API answered, and the last Authorization it saw. */
  resourceRequests: { count: number; lastAuthorization?: string };
  /** Whom the next login interaction signs in. */
  signInAs(account: string): void;
  /** A token from "the company IdP" for this account and audience (what an MCP client presents). */
  issueUserToken(account: string, audience: string, ttlSeconds?: number): Promise<string>;
  /** Every grant of the account ends (refresh → invalid_grant) and its tokens stop working at the API. */
  revokeUser(account: string): Promise<void>;
  close(): Promise<void>;
}

export async function startUpstreamWorld(opts: {
  redirectUri: string;
  exchangeAudiences?: string[];
  accessTokenTtl?: number;
}): Promise<UpstreamWorld> {
  const allowed = new Set(opts.exchangeAudiences ?? [RESOURCE_AUDIENCE]);
  const tokenRequests: Record<string, number> = {};
  const resourceRequests: UpstreamWorld['resourceRequests'] = { count: 0 };
  /** Access tokens issued, by account (their `jti`); revoking an account revokes them. */
  const issued = new Map<string, Set<string>>();
  const revoked = new Set<string>();
  const grantsOf = new Map<string, string[]>();
  let next = '';

  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'upstream-1', alg: 'RS256', use: 'sig' };
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'upstream-1', alg: 'RS256', use: 'sig' };
  const keySet = createLocalJWKSet({ keys: [publicJwk] });

  // biome-ignore lint/suspicious/noExplicitAny: oidc-provider ships no types
  let provider: any;
  const idp: Server = createServer((req, res) => void handleIdp(req, res));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const api: Server = createServer((req, res) => void handleApi(req, res));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const resourceUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  const moduleName = 'oidc-provider';
  const { default: Provider, errors } = await import(moduleName);
  const clientSecret = 'upstream-client-secret-0123456789abcdef';
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'toolgate-upstream',
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code', 'refresh_token', TOKEN_EXCHANGE],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [privateJwk] },
    scopes: ['openid', 'offline_access', 'repo', 'read:user'],
    claims: { openid: ['sub'] },
    cookies: { keys: ['upstream-cookie-key'] },
    ttl: {
      AccessToken: opts.accessTokenTtl ?? 600,
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
        defaultResource: () => resourceUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'repo read:user',
          audience: RESOURCE_AUDIENCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: opts.accessTokenTtl ?? 600,
        }),
      },
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) =>
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
  provider.on('access_token.issued', (token: { accountId?: string; jti: string }) => {
    if (token.accountId)
      issued.set(token.accountId, (issued.get(token.accountId) ?? new Set()).add(token.jti));
  });
  provider.on('grant.error', countGrant);

  provider.registerGrantType(
    TOKEN_EXCHANGE,
    // biome-ignore lint/suspicious/noExplicitAny: koa context of oidc-provider
    async (ctx: any, done: () => Promise<void>) => {
      const params = ctx.oidc.params as Record<string, string | undefined>;
      let sub: string;
      try {
        const { payload } = await jwtVerify(params.subject_token ?? '', keySet, { issuer });
        sub = String(payload.sub);
      } catch {
        throw new errors.InvalidGrant('subject_token is not valid');
      }
      const audience = params.audience ?? RESOURCE_AUDIENCE;
      if (!allowed.has(audience)) throw new errors.InvalidTarget(`audience ${audience} is not allowed`);
      const ttl = opts.accessTokenTtl ?? 600;
      const token = await sign(
        { sub, scope: params.scope ?? 'repo', client_id: ctx.oidc.client.clientId },
        audience,
        ttl,
      );
      ctx.body = {
        access_token: token,
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

  function sign(claims: Record<string, unknown>, audience: string, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'upstream-1', typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
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
    grantsOf.set(account, [...(grantsOf.get(account) ?? []), grantId]);
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse) {
    resourceRequests.count++;
    const authorization = req.headers.authorization;
    resourceRequests.lastAuthorization = authorization;
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';
    try {
      const { payload } = await jwtVerify(token, keySet, { issuer, audience: RESOURCE_AUDIENCE });
      const sub = String(payload.sub);
      if (revoked.has(String(payload.jti))) throw new Error('revoked');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ user: sub, repos: [`${sub}-repo-1`, `${sub}-repo-2`] }));
    } catch {
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': 'Bearer error="invalid_token"',
      });
      res.end('{"error":"invalid_token"}');
    }
  }

  return {
    issuer,
    tokenEndpoint: `${issuer}/token`,
    clientId: 'toolgate-upstream',
    clientSecret,
    resourceUrl,
    tokenRequests,
    resourceRequests,
    signInAs(account) {
      next = account;
    },
    issueUserToken: (account, audience, ttlSeconds = 600) =>
      sign({ sub: account, scope: 'openid' }, audience, ttlSeconds),
    async revokeUser(account) {
      for (const jti of issued.get(account) ?? []) revoked.add(jti);
      for (const id of grantsOf.get(account) ?? []) await (await provider.Grant.find(id))?.destroy();
      grantsOf.delete(account);
    },
    close: async () => {
      await new Promise<void>((resolve) => idp.close(() => resolve()));
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}
