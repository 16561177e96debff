import type * as Jose from 'jose';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import type { AppContext } from '../context.ts';
import { verifyToolgateToken } from '../oauth-server/access-tokens.service.ts';
import { issuerOf } from '../oauth-server/provider.ts';
import { DEFAULT_SCOPE, usesToolgateIssuer } from '../oauth-server/resources.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import { sendOutbound } from '../shared/egress-client.ts';
import { lazyModule } from '../shared/lazy-module.ts';
import type { ServerRecord } from '../store/servers.repo.ts';

/** jose, loaded with the first bearer token to check (a start-up does not need it: ~60 ms). */
const loadJose = lazyModule<typeof Jose>('jose');

/*
 * The MCP endpoint as an OAuth 2.1 resource server (MCP basic/authorization, RFC 9728):
 * access tokens are JWTs verified against the issuer's JWKS — signature, `iss`, `aud` (the
 * endpoint URL or the configured audience), `exp` and the required scopes. A server whose
 * `auth_config` names no external issuer uses Toolgate's own authorization server
 * (oauth-server/): its tokens are checked against the keys in memory, `aud` exactly the
 * endpoint URL.
 */

export interface OAuthConfig {
  /** Toolgate itself issues this server's tokens (no external issuer configured). */
  toolgate: boolean;
  authorization_servers: string[];
  issuer: string;
  audience: string | null;
  jwks_uri: string | null;
  required_scopes: string[];
}

export function oauthConfigOf(server: ServerRecord): OAuthConfig {
  const c = (server.auth_config ?? {}) as Partial<OAuthConfig>;
  const servers = Array.isArray(c.authorization_servers) ? c.authorization_servers : [];
  return {
    toolgate: usesToolgateIssuer(server),
    authorization_servers: servers,
    issuer: typeof c.issuer === 'string' ? c.issuer : (servers[0] ?? ''),
    audience: typeof c.audience === 'string' && c.audience !== '' ? c.audience : null,
    jwks_uri: typeof c.jwks_uri === 'string' && c.jwks_uri !== '' ? c.jwks_uri : null,
    required_scopes: Array.isArray(c.required_scopes) ? c.required_scopes : [],
  };
}

export function endpointUrl(ctx: AppContext, server: ServerRecord): string {
  return `${ctx.config.publicUrl}/mcp/${server.slug}`;
}

export function resourceMetadataUrl(ctx: AppContext, server: ServerRecord): string {
  return `${ctx.config.publicUrl}/.well-known/oauth-protected-resource/mcp/${server.slug}`;
}

/**
 * The scopes a token for the server needs, as PRM `scopes_supported` and the 401 challenge's
 * `scope` name them: Toolgate's tokens always carry its default scope.
 */
export function scopesSupported(c: OAuthConfig): string[] {
  return c.toolgate
    ? [DEFAULT_SCOPE, ...c.required_scopes.filter((s) => s !== DEFAULT_SCOPE)]
    : c.required_scopes;
}

/** The RFC 9728 protected-resource metadata document of a server. */
export function protectedResourceMetadata(ctx: AppContext, server: ServerRecord): Record<string, unknown> {
  const c = oauthConfigOf(server);
  return {
    resource: endpointUrl(ctx, server),
    authorization_servers: c.toolgate ? [issuerOf(ctx)] : c.authorization_servers,
    bearer_methods_supported: ['header'],
    ...(scopesSupported(c).length > 0 ? { scopes_supported: scopesSupported(c) } : {}),
    resource_name: server.name,
  };
}

type KeySet = ReturnType<typeof Jose.createLocalJWKSet>;

const DISCOVERY_TTL_MS = 60 * 60_000;
const FETCH_TIMEOUT_MS = 5000;
const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** A JWKS is re-read after this long, and on an unknown `kid` at most once per cooldown (jose's defaults). */
const JWKS_MAX_AGE_MS = 10 * 60_000;
const JWKS_COOLDOWN_MS = 30_000;

/** JWKS per URL (refetched on an unknown `kid`) and discovered JWKS URLs, fetched through the egress client. */
export interface JwksCache {
  /** `allowPrivate`: the upstream address policy (an identity provider on the internal network). */
  keySet(config: OAuthConfig, allowPrivate: boolean): Promise<KeySet>;
}

/** Issuers and key sets kept: servers name them, so past this many the oldest is read again when needed. */
const MAX_CACHED_ISSUERS = 1_000;

export function createJwksCache(): JwksCache {
  const sets = new BoundedCache<KeySet>({ maxEntries: MAX_CACHED_ISSUERS });
  // Promises, so concurrent requests share one lookup; a failed one is forgotten (tried again next time).
  const discovered = new BoundedCache<{ url: Promise<string>; at: number }>({
    maxEntries: MAX_CACHED_ISSUERS,
  });

  function discover(issuer: string, allowPrivate: boolean): Promise<string> {
    const key = `${allowPrivate}:${issuer}`;
    const hit = discovered.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.url;
    const url = lookUpJwksUri(issuer, allowPrivate);
    discovered.set(key, { url, at: Date.now() });
    url.catch(() => {
      if (discovered.get(key)?.url === url) discovered.delete(key);
    });
    return url;
  }

  return {
    async keySet(config, allowPrivate) {
      const url = config.jwks_uri ?? (await discover(config.issuer, allowPrivate));
      const key = `${allowPrivate}:${url}`;
      let set = sets.get(key);
      if (!set) {
        set = remoteKeySet(url, allowPrivate);
        sets.set(key, set);
      }
      return set;
    },
  };
}

/** GETs a JSON document through the egress client. */
async function fetchJson(url: string, allowPrivate: boolean): Promise<unknown> {
  const res = await sendOutbound(url, {
    allowPrivate,
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_DOCUMENT_BYTES,
    headers: { accept: 'application/json' },
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`${url} answered HTTP ${res.status}`);
  return JSON.parse(res.body.toString('utf8'));
}

/**
 * A key set read from `url` (as jose's remote set, but fetched through the egress client): cached
 * for JWKS_MAX_AGE_MS, re-read on a `kid` it does not hold at most once per cooldown.
 */
function remoteKeySet(url: string, allowPrivate: boolean): KeySet {
  let local: KeySet | null = null;
  let fetchedAt = 0;
  let pending: Promise<KeySet> | null = null;
  const reload = (): Promise<KeySet> => {
    pending ??= fetchJson(url, allowPrivate)
      .then((doc) => {
        local = loadJose().createLocalJWKSet(doc as JSONWebKeySet);
        fetchedAt = Date.now();
        return local;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  return (async (header, token) => {
    const set = local && Date.now() - fetchedAt < JWKS_MAX_AGE_MS ? local : await reload();
    try {
      return await set(header, token);
    } catch (err) {
      if (!(err instanceof loadJose().errors.JWKSNoMatchingKey) || Date.now() - fetchedAt < JWKS_COOLDOWN_MS)
        throw err;
      return (await reload())(header, token);
    }
  }) as KeySet;
}

/** The issuer's `jwks_uri`, from its RFC 8414 or OIDC metadata. */
async function lookUpJwksUri(issuer: string, allowPrivate: boolean): Promise<string> {
  const base = new URL(issuer);
  const path = base.pathname.replace(/\/+$/, '');
  // RFC 8414 inserts the well-known segment before the issuer's path; OIDC appends it.
  const candidates = [
    `${base.origin}/.well-known/oauth-authorization-server${path}`,
    `${base.origin}/.well-known/openid-configuration${path}`,
    `${base.origin}${path}/.well-known/openid-configuration`,
  ];
  for (const candidate of candidates) {
    try {
      const doc = (await fetchJson(candidate, allowPrivate)) as { jwks_uri?: unknown };
      if (typeof doc?.jwks_uri === 'string') return doc.jwks_uri;
    } catch {
      // try the next well-known location
    }
  }
  throw new Error(`no jwks_uri found in the metadata of ${issuer}`);
}

export type TokenCheck =
  | { ok: true; payload: JWTPayload }
  | { ok: false; error: 'invalid_token' | 'insufficient_scope'; description: string };

function scopesOf(payload: JWTPayload): Set<string> {
  const out = new Set<string>();
  if (typeof payload.scope === 'string') for (const s of payload.scope.split(/\s+/)) if (s) out.add(s);
  const scp = (payload as { scp?: unknown }).scp;
  const extra: unknown[] = Array.isArray(scp) ? scp : typeof scp === 'string' ? scp.split(/\s+/) : [];
  for (const s of extra) if (typeof s === 'string' && s !== '') out.add(s);
  return out;
}

/** Verifies a bearer JWT for the server. Never throws. */
export async function verifyAccessToken(
  ctx: AppContext,
  server: ServerRecord,
  cache: JwksCache,
  token: string,
): Promise<TokenCheck> {
  const config = oauthConfigOf(server);
  const check = config.toolgate
    ? await verifyToolgateToken(ctx, endpointUrl(ctx, server), token)
    : await verifyExternalToken(ctx, server, config, cache, token);
  if (!check.ok) return { ok: false, error: 'invalid_token', description: check.description };
  const granted = scopesOf(check.payload);
  const missing = config.required_scopes.filter((s) => !granted.has(s));
  if (missing.length > 0)
    return { ok: false, error: 'insufficient_scope', description: `Missing scope(s): ${missing.join(' ')}` };
  return { ok: true, payload: check.payload };
}

/** A token of an external issuer: its JWKS (fetched through the egress client), `iss`, `aud`, `exp`. */
async function verifyExternalToken(
  ctx: AppContext,
  server: ServerRecord,
  config: OAuthConfig,
  cache: JwksCache,
  token: string,
): Promise<{ ok: true; payload: JWTPayload } | { ok: false; description: string }> {
  try {
    const keySet = await cache.keySet(config, ctx.config.upstreamAllowPrivate);
    const audience = [endpointUrl(ctx, server), ...(config.audience ? [config.audience] : [])];
    const { payload } = await loadJose().jwtVerify(token, keySet, {
      issuer: config.issuer,
      audience,
      requiredClaims: ['exp'],
      clockTolerance: 5,
    });
    return { ok: true, payload };
  } catch (err) {
    const description =
      err instanceof loadJose().errors.JWTExpired
        ? 'The access token expired'
        : err instanceof loadJose().errors.JWTClaimValidationFailed
          ? `The access token's ${err.claim} claim is not valid here`
          : 'The access token is not valid';
    return { ok: false, description };
  }
}
