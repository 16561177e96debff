import type * as Jose from 'jose';
import type { JWTPayload } from 'jose';
import type { AppContext } from '../context.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import { lazyModule } from '../shared/lazy-module.ts';
import { findOAuthRecord } from '../store/oauth-records.repo.ts';
import { authorizationServerOf } from './authorization-server.ts';
import { GRANT_CLAIM, issuerOf } from './provider.ts';

const loadJose = lazyModule<typeof Jose>('jose');

export type ToolgateTokenCheck = { ok: true; payload: JWTPayload } | { ok: false; description: string };

const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Tokens whose signature was checked, per context. A signature stays valid (a key is retired
 * only after the tokens it signed expired), so a token presented again skips the RS256 check
 * (~90 µs here), not the expiry, audience or grant checks. Bounded: past it the oldest is
 * verified again when next seen.
 */
const MAX_VERIFIED_TOKENS = 5_000;
const verifiedByContext = new WeakMap<AppContext, BoundedCache<JWTPayload>>();

function verifiedTokens(ctx: AppContext): BoundedCache<JWTPayload> {
  let cache = verifiedByContext.get(ctx);
  if (!cache) {
    cache = new BoundedCache<JWTPayload>({ maxEntries: MAX_VERIFIED_TOKENS });
    verifiedByContext.set(ctx, cache);
  }
  return cache;
}

/** The signature, `typ`, `iss` and required claims checked (no expiry or audience yet); throws. */
async function verifySignature(ctx: AppContext, token: string): Promise<JWTPayload> {
  const jose = loadJose();
  const as = authorizationServerOf(ctx);
  const options: Jose.JWTVerifyOptions = {
    issuer: issuerOf(ctx),
    algorithms: ['RS256'],
    typ: 'at+jwt',
    requiredClaims: ['exp', 'jti', 'sub', 'aud'],
    // Expiry is checked on every use, below.
    currentDate: new Date(0),
  };
  try {
    return (await jose.jwtVerify(token, await as.keySet(), options)).payload;
  } catch (err) {
    // A key another instance rotated in: read the keys again, once per cooldown.
    if (!(err instanceof jose.errors.JWKSNoMatchingKey) || !(await as.refreshKeys())) throw err;
    return (await jose.jwtVerify(token, await as.keySet(), options)).payload;
  }
}

/**
 * Verifies an access token Toolgate issued for `audience` (one server's endpoint URL): RS256
 * signature against the keys in memory, `typ` at+jwt, `iss`, `aud`, `exp`, then that the grant
 * it was issued under still exists (revoking the grant, or its refresh token, deletes it).
 * Never throws.
 */
export async function verifyToolgateToken(
  ctx: AppContext,
  audience: string,
  token: string,
): Promise<ToolgateTokenCheck> {
  const cache = verifiedTokens(ctx);
  let payload = cache.get(token);
  if (!payload) {
    try {
      payload = await verifySignature(ctx, token);
    } catch (err) {
      const jose = loadJose();
      const description =
        err instanceof jose.errors.JWTClaimValidationFailed
          ? `The access token's ${err.claim} claim is not valid here`
          : 'The access token is not valid';
      return { ok: false, description };
    }
    cache.set(token, payload);
  }
  if ((payload.exp ?? 0) + CLOCK_TOLERANCE_SECONDS <= Date.now() / 1000) {
    cache.delete(token);
    return { ok: false, description: 'The access token expired' };
  }
  const aud = payload.aud;
  if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience))))
    return { ok: false, description: "The access token's aud claim is not valid here" };
  // JWT access tokens are not stored: the grant they were issued under is, until it is revoked.
  const grant = payload[GRANT_CLAIM];
  const live = typeof grant === 'string' && (await findOAuthRecord(ctx.store.db, 'Grant', grant));
  if (!live) return { ok: false, description: 'The access token was revoked' };
  return { ok: true, payload };
}
