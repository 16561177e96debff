import type * as OidcClient from 'openid-client';
import type { PerUserAuth } from '../servers/credentials.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import { egressFetch } from '../shared/egress-fetch.ts';

/*
 * The OAuth side of per-user credentials, through `openid-client` v6 (state, PKCE, RFC 9207
 * `iss` when the provider announces it, token response checks): the authorization code grant
 * at the upstream provider, refresh, and RFC 8693 token exchange at the company IdP. Every
 * request goes through the egress client with the same private-address rule as tool calls.
 */

type Oidc = typeof OidcClient;
type ProviderAuth = Extract<PerUserAuth, { client_id: string }>;

/** Tokens as the vault keeps them. */
export interface UpstreamTokens {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  /** Seconds, as the provider said. */
  expires_in?: number;
  scope?: string;
}

/** The provider refused (`invalid_grant`, `invalid_target`, …): the person must act, or the configuration is wrong. */
export class ProviderRefusal extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

let loading: Promise<Oidc> | undefined;
function loadOidc(): Promise<Oidc> {
  loading ??= import('openid-client');
  return loading;
}

// Configurations per provider (discovery documents fetched once); a changed secret is a new key.
const configs = new BoundedCache<Promise<OidcClient.Configuration>>({ maxEntries: 500 });

function configKey(auth: ProviderAuth, allowPrivate: boolean): string {
  return JSON.stringify([auth, allowPrivate]);
}

async function configOf(auth: ProviderAuth, allowPrivate: boolean): Promise<OidcClient.Configuration> {
  const key = configKey(auth, allowPrivate);
  let config = configs.get(key);
  if (!config) {
    config = buildConfig(auth, allowPrivate);
    configs.set(key, config);
    config.catch(() => configs.delete(key));
  }
  return config;
}

async function buildConfig(auth: ProviderAuth, allowPrivate: boolean): Promise<OidcClient.Configuration> {
  const oidc = await loadOidc();
  const fetchFn = egressFetch(allowPrivate) as OidcClient.CustomFetch;
  const insecure = [
    auth.issuer,
    auth.token_url,
    'authorization_url' in auth ? auth.authorization_url : undefined,
  ]
    .filter((u): u is string => typeof u === 'string')
    .some((u) => u.startsWith('http:'));
  const options = {
    [oidc.customFetch]: fetchFn,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  };
  let config: OidcClient.Configuration;
  if (auth.issuer && !auth.token_url) {
    config = await oidc.discovery(
      new URL(auth.issuer),
      auth.client_id,
      auth.client_secret,
      undefined,
      options,
    );
  } else {
    // Named endpoints (GitHub has no discovery document): the issuer is the one named, else the
    // token endpoint's origin (an ID token from elsewhere is refused by openid-client).
    const metadata: OidcClient.ServerMetadata = {
      issuer: auth.issuer ?? new URL(auth.token_url!).origin,
      token_endpoint: auth.token_url!,
      ...('authorization_url' in auth && auth.authorization_url
        ? { authorization_endpoint: auth.authorization_url }
        : {}),
    };
    config = new oidc.Configuration(metadata, auth.client_id, auth.client_secret);
    config[oidc.customFetch] = fetchFn;
    if (insecure) oidc.allowInsecureRequests(config);
  }
  return config;
}

/** The start of one authorization: where to send the person, and what the callback must match. */
export interface StartedAuthorization {
  url: string;
  state: string;
  codeVerifier: string | null;
}

export async function startAuthorization(
  auth: Extract<PerUserAuth, { type: 'oauth2-authorization-code' }>,
  redirectUri: string,
  allowPrivate: boolean,
): Promise<StartedAuthorization> {
  const oidc = await loadOidc();
  const config = await configOf(auth, allowPrivate);
  const state = oidc.randomState();
  const params: Record<string, string> = { redirect_uri: redirectUri, state, response_type: 'code' };
  if (auth.scope) params.scope = auth.scope;
  let codeVerifier: string | null = null;
  if (auth.pkce !== false) {
    codeVerifier = oidc.randomPKCECodeVerifier();
    params.code_challenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
    params.code_challenge_method = 'S256';
  }
  return { url: oidc.buildAuthorizationUrl(config, params).href, state, codeVerifier };
}

/** Redeems the code of the callback (`callbackUrl` as the browser reached it). */
export async function redeemAuthorization(
  auth: Extract<PerUserAuth, { type: 'oauth2-authorization-code' }>,
  callbackUrl: URL,
  started: { state: string; codeVerifier: string | null },
  allowPrivate: boolean,
): Promise<UpstreamTokens> {
  const oidc = await loadOidc();
  const config = await configOf(auth, allowPrivate);
  return readTokens(
    await withRefusals(oidc, () =>
      oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: started.state,
        ...(started.codeVerifier ? { pkceCodeVerifier: started.codeVerifier } : {}),
        idTokenExpected: false,
      }),
    ),
  );
}

export async function refreshTokens(
  auth: Extract<PerUserAuth, { type: 'oauth2-authorization-code' }>,
  refreshToken: string,
  allowPrivate: boolean,
): Promise<UpstreamTokens> {
  const oidc = await loadOidc();
  const config = await configOf(auth, allowPrivate);
  const tokens = readTokens(await withRefusals(oidc, () => oidc.refreshTokenGrant(config, refreshToken)));
  // A provider that does not rotate keeps the refresh token it gave before.
  return { ...tokens, refresh_token: tokens.refresh_token ?? refreshToken };
}

/** RFC 8693: the caller's token from the company IdP for one valid at the upstream. */
export async function exchangeToken(
  auth: Extract<PerUserAuth, { type: 'token-exchange' }>,
  subjectToken: string,
  allowPrivate: boolean,
): Promise<UpstreamTokens> {
  const oidc = await loadOidc();
  const config = await configOf(auth, allowPrivate);
  const params: Record<string, string> = {
    subject_token: subjectToken,
    subject_token_type: auth.subject_token_type ?? ACCESS_TOKEN_TYPE,
    requested_token_type: ACCESS_TOKEN_TYPE,
  };
  if (auth.audience) params.audience = auth.audience;
  if (auth.resource) params.resource = auth.resource;
  if (auth.scope) params.scope = auth.scope;
  return readTokens(await withRefusals(oidc, () => oidc.genericGrantRequest(config, TOKEN_EXCHANGE, params)));
}

function readTokens(answer: OidcClient.TokenEndpointResponse): UpstreamTokens {
  return {
    access_token: answer.access_token,
    ...(answer.refresh_token ? { refresh_token: answer.refresh_token } : {}),
    ...(answer.token_type ? { token_type: answer.token_type } : {}),
    ...(typeof answer.expires_in === 'number' ? { expires_in: answer.expires_in } : {}),
    ...(typeof answer.scope === 'string' ? { scope: answer.scope } : {}),
  };
}

/** The provider's OAuth error as a ProviderRefusal (its code and description, never a token). */
async function withRefusals<T>(oidc: Oidc, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError)
      throw new ProviderRefusal(
        err.error,
        `the provider refused: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`,
      );
    if (err instanceof oidc.AuthorizationResponseError)
      throw new ProviderRefusal(
        err.error,
        `the provider refused: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`,
      );
    throw new ProviderRefusal('unreachable', `the provider could not be used: ${(err as Error).message}`);
  }
}
