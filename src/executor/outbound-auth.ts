import { createHash } from 'node:crypto';
import type { OutboundCredentials } from '../servers/credentials.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import type { Cancellation } from '../shared/cancellation.ts';
import type { PreparedRequest } from './build-request.ts';
import { MASK, placeKeys } from './key-placement.ts';
import { RequestUrl } from './request-url.ts';
import type { Sender } from './send.ts';
import type { FailureReason } from './types.ts';

/** A failure of the pipeline itself (not of the upstream transport), turned into an outcome. */
export class PipelineFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/** Where credentials were placed, so the request view can mask exactly those values. */
export interface CredentialMasks {
  headers: ReadonlyMap<string, string>;
  query: ReadonlySet<string>;
  /** The body as the view shows it, when credentials went into it. */
  body?: string | null;
}

export { MASK };

// The masks of the common cases, shared rather than made per call (they are only read).
const NO_MASKS: CredentialMasks = { headers: new Map(), query: new Set() };
const BEARER_MASKS: CredentialMasks = {
  headers: new Map([['authorization', `Bearer ${MASK}`]]),
  query: new Set(),
};
const BASIC_MASKS: CredentialMasks = {
  headers: new Map([['authorization', `Basic ${MASK}`]]),
  query: new Set(),
};

/**
 * Puts the server's credentials on the request. Credentials override a tool header of the same
 * name; nothing the MCP client sent is ever involved (the executor never sees its headers).
 * For OAuth2 the caller passes the access token it obtained from the token source.
 */
export function applyCredentials(
  req: PreparedRequest,
  creds: OutboundCredentials | null,
  accessToken?: string,
): CredentialMasks {
  if (!creds) return NO_MASKS;
  // Keys in a cookie or the body, and keys beyond the first: the general path.
  if (
    creds.extra_keys ||
    (creds.type === 'api-key' && creds.location !== 'header' && creds.location !== 'query')
  ) {
    const first = applyCredentials(
      req,
      creds.type === 'api-key' ? null : { ...creds, extra_keys: undefined },
      accessToken,
    );
    const masks = { headers: new Map(first.headers), query: new Set(first.query) };
    placeKeys(
      req,
      creds.type === 'api-key' ? [creds, ...(creds.extra_keys ?? [])] : (creds.extra_keys ?? []),
      masks,
    );
    return masks;
  }
  switch (creds.type) {
    case 'bearer':
      req.headers.authorization = `Bearer ${creds.token}`;
      return BEARER_MASKS;
    case 'basic':
      req.headers.authorization = `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`;
      return BASIC_MASKS;
    case 'api-key':
      if (creds.location === 'query') {
        const url = req.url.toURL();
        url.searchParams.set(creds.name, creds.value);
        req.url = RequestUrl.of(url);
        return { headers: NO_MASKS.headers, query: new Set([creds.name]) };
      }
      req.headers[creds.name.toLowerCase()] = creds.value;
      return { headers: new Map([[creds.name.toLowerCase(), MASK]]), query: NO_MASKS.query };
    case 'oauth2-client-credentials':
      req.headers.authorization = `Bearer ${accessToken ?? ''}`;
      return BEARER_MASKS;
  }
  return NO_MASKS;
}

/** Stable, non-reversible identity of a credential set (cache keys, token cache keys). */
export function credentialIdentity(creds: OutboundCredentials | null): string {
  if (!creds) return 'anonymous';
  return createHash('sha256').update(JSON.stringify(creds)).digest('base64url');
}

export interface OAuthTokenSource {
  /** A valid access token: cached until shortly before expiry, fetched once for concurrent callers. */
  token(
    creds: Extract<OutboundCredentials, { type: 'oauth2-client-credentials' }>,
    timeoutMs: number,
    cancel?: Cancellation,
  ): Promise<string>;
  /** Drops the cached token if it is still `used` (the upstream refused it with a 401). */
  invalidate(creds: OutboundCredentials, used: string): void;
}

/**
 * OAuth 2.0 client-credentials grant (RFC 6749 §4.4): POST to `token_url` with HTTP Basic client
 * authentication and a form body; the token is kept until 30 s before `expires_in` (1 h when
 * the server does not say). Keyed by the credential identity so servers never share tokens.
 */
export function createOAuthTokenSource(sender: Sender, now: () => number = Date.now): OAuthTokenSource {
  const tokens = new BoundedCache<{ token: string; expiresAt: number }>({ maxEntries: 1_000 });
  const pending = new Map<string, Promise<string>>();

  async function fetchToken(
    creds: Extract<OutboundCredentials, { type: 'oauth2-client-credentials' }>,
    timeoutMs: number,
    cancel?: Cancellation,
  ): Promise<{ token: string; expiresAt: number }> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (creds.scope) form.set('scope', creds.scope);
    if (creds.audience) form.set('audience', creds.audience);
    const basic = `${encodeURIComponent(creds.client_id)}:${encodeURIComponent(creds.client_secret)}`;
    const res = await sender.send(
      {
        method: 'POST',
        url: RequestUrl.fromText(creds.token_url),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
        },
        body: form.toString(),
      },
      timeoutMs,
      cancel,
    );
    if (res.status < 200 || res.status > 299)
      throw new PipelineFailure(
        'http_status',
        `OAuth2 token endpoint answered HTTP ${res.status}`,
        res.status,
      );
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new PipelineFailure('http_status', 'OAuth2 token endpoint did not answer JSON', res.status);
    }
    if (typeof parsed.access_token !== 'string' || parsed.access_token === '')
      throw new PipelineFailure('http_status', 'OAuth2 token endpoint answered without an access_token');
    const lifetime = Number(parsed.expires_in);
    const seconds = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 3600;
    return { token: parsed.access_token, expiresAt: now() + Math.max(seconds - 30, seconds / 2) * 1000 };
  }

  return {
    async token(creds, timeoutMs, cancel) {
      const key = credentialIdentity(creds);
      const cached = tokens.get(key);
      if (cached && cached.expiresAt > now()) return cached.token;
      let inflight = pending.get(key);
      if (!inflight) {
        inflight = fetchToken(creds, timeoutMs, cancel)
          .then((t) => {
            tokens.set(key, t);
            return t.token;
          })
          .finally(() => pending.delete(key));
        pending.set(key, inflight);
      }
      return inflight;
    },
    invalidate(creds, used) {
      const key = credentialIdentity(creds);
      if (tokens.get(key)?.token === used) tokens.delete(key);
    },
  };
}
