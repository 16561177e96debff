import type { AppContext } from '../context.ts';
import { findServerBySlug } from '../store/servers.repo.ts';
import { findAccount, signedInAccount } from './accounts.ts';
import { createAdapterClass } from './adapter.ts';
import { applyClientRules } from './client-rules.ts';
import type { SigningKey } from './keys.ts';
import type { ClientLike, OidcProviderModule, ProviderLike } from './oidc-provider-types.ts';
import { pageHeaders, renderError } from './pages.ts';
import { toolgateResourceOf } from './resources.ts';

/*
 * oidc-provider 8 configured as the authorization server of Toolgate's MCP endpoints
 * (docs/DECISIONS.md, "Authorization server"): issuer `{PUBLIC_URL}/oauth`, authorization code
 * with PKCE S256 only, one resource (one server's `/mcp/{slug}`) per access token, JWT access
 * tokens for 10 minutes, refresh tokens rotated on use, dynamic registration and Client ID
 * Metadata Documents for public clients, revocation, `iss` in every authorization response.
 */

/** Access-token lifetime (seconds): short, so a revoked grant's tokens die soon even unchecked. */
export const ACCESS_TOKEN_TTL = 600;
const DAY = 24 * 3600;

export const OAUTH_MOUNT = '/oauth';

/** The package ships no types (oidc-provider-types.ts has the part used here). */
const OIDC_PROVIDER: string = 'oidc-provider';

/** The access-token claim naming the grant it was issued under (checked by the MCP endpoint). */
export const GRANT_CLAIM = 'toolgate_grant';

export function issuerOf(ctx: AppContext): string {
  return `${ctx.config.publicUrl}${OAUTH_MOUNT}`;
}

export interface ProviderOptions {
  keys: SigningKey[];
  resolveClientDocument: (clientId: string) => Promise<Record<string, unknown> | undefined>;
}

/** A configured provider (oidc-provider is loaded on first use: it is not needed at start-up). */
export async function createProvider(ctx: AppContext, opts: ProviderOptions): Promise<ProviderLike> {
  const {
    default: Provider,
    errors,
    interactionPolicy,
  } = (await import(OIDC_PROVIDER)) as OidcProviderModule;
  // The provider's own session follows Toolgate's: no live web session for the same person, no
  // silent authorization (even for a client allowed before); the sign-in page is shown instead.
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.push(
    new interactionPolicy.Check(
      'toolgate_session',
      'the person is not signed in to Toolgate',
      async (koa) => {
        const person = await signedInAccount(ctx, koa.req.headers.cookie);
        return person === undefined || person !== koa.oidc.session?.accountId;
      },
    ),
  );
  const Adapter = createAdapterClass(ctx.store.db, {
    resolveClientDocument: opts.resolveClientDocument,
    seal: (text, aad) => ctx.secrets.seal(text, aad),
    open: (envelope, aad) => ctx.secrets.open(envelope, aad),
  });
  const provider = new Provider(issuerOf(ctx), {
    adapter: Adapter,
    jwks: { keys: opts.keys.map((k) => k.jwk) },
    cookies: {
      keys: [ctx.secrets.mac('oauth-server:cookies')],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    findAccount: (_koa: unknown, sub: string) => findAccount(ctx, sub),
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'RS256',
    },
    // Public clients with PKCE, and confidential ones with a secret; no method that needs a
    // client's JWKS (see client-rules.ts).
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    clientBasedCORS: () => true,
    discovery: { client_id_metadata_document_supported: true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      revocation: { enabled: true },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: async (_koa: unknown, indicator: string) => {
          const resource = await toolgateResourceOf(ctx, indicator, (slug) =>
            findServerBySlug(ctx.store.db, slug),
          );
          if (!resource) throw new errors.InvalidTarget!();
          return {
            scope: resource.scopes.join(' '),
            audience: resource.url,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Every client allowed the grant gets a refresh token, offline_access or not (the MCP
    // specification leaves offline_access out of resource scopes).
    issueRefreshToken: async (_koa: unknown, client: ClientLike) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    rotateRefreshToken: true,
    // Revoking a refresh token (or replaying one past its grace window) ends the whole grant.
    revokeGrantPolicy: () => true,
    extraTokenClaims: async (_koa: unknown, token: { kind: string; grantId?: string }) =>
      token.kind === 'AccessToken' && token.grantId ? { [GRANT_CLAIM]: token.grantId } : undefined,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      RefreshToken: 30 * DAY,
      Grant: 90 * DAY,
      Interaction: 3600,
      Session: 3600,
      IdToken: 3600,
    },
    interactions: {
      policy,
      url: (_koa: unknown, interaction: { uid: string }) => `${OAUTH_MOUNT}/interaction/${interaction.uid}`,
    },
    renderError: async (koa: KoaLike, out: Record<string, string>) => {
      const page = renderError(
        'This sign-in request cannot continue',
        out.error_description ?? out.error ?? 'The request is not valid.',
      );
      for (const [name, value] of Object.entries(pageHeaders(page))) koa.set(name, value);
      koa.body = page.html;
    },
  });
  applyClientRules(provider);
  // Endpoint URLs come from PUBLIC_URL (the mount sets the forwarded headers from it).
  provider.proxy = true;
  return provider;
}

interface KoaLike {
  set(name: string, value: string): void;
  body: unknown;
}
