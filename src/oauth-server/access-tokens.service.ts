import type * as Jose from 'jose';
import type { JWTPayload } from 'jose';
import type { AppContext } from '../context.ts';
import { lazyModule } from '../shared/lazy-module.ts';
import { findOAuthRecord } from '../store/oauth-records.repo.ts';
import { authorizationServerOf } from './authorization-server.ts';
import { GRANT_CLAIM, issuerOf } from './provider.ts';

const loadJose = lazyModule<typeof Jose>('jose');

export type ToolgateTokenCheck = { ok: true; payload: JWTPayload } | { ok: false; description: string };

/**
 * Verifies an access token Toolgate issued for `audience` (one server's endpoint URL): RS256
 * signature against the keys in memory, `typ` at+jwt, `iss`, `aud`, `exp`, then that the grant
 * it was issued under still exists (revoking the grant, or its refresh token, deletes it). Never throws.
 */
export async function verifyToolgateToken(
  ctx: AppContext,
  audience: string,
  token: string,
): Promise<ToolgateTokenCheck> {
  const jose = loadJose();
  const as = authorizationServerOf(ctx);
  const options: Jose.JWTVerifyOptions = {
    issuer: issuerOf(ctx),
    audience,
    algorithms: ['RS256'],
    typ: 'at+jwt',
    requiredClaims: ['exp', 'jti', 'sub'],
    clockTolerance: 5,
  };
  let payload: JWTPayload;
  try {
    try {
      ({ payload } = await jose.jwtVerify(token, await as.keySet(), options));
    } catch (err) {
      // A key another instance rotated in: read the keys again, once per cooldown.
      if (!(err instanceof jose.errors.JWKSNoMatchingKey) || !(await as.refreshKeys())) throw err;
      ({ payload } = await jose.jwtVerify(token, await as.keySet(), options));
    }
  } catch (err) {
    const description =
      err instanceof jose.errors.JWTExpired
        ? 'The access token expired'
        : err instanceof jose.errors.JWTClaimValidationFailed
          ? `The access token's ${err.claim} claim is not valid here`
          : 'The access token is not valid';
    return { ok: false, description };
  }
  // JWT access tokens are not stored: the grant they were issued under is, until it is revoked.
  const grant = payload[GRANT_CLAIM];
  const live = typeof grant === 'string' && (await findOAuthRecord(ctx.store.db, 'Grant', grant));
  if (!live) return { ok: false, description: 'The access token was revoked' };
  return { ok: true, payload };
}
