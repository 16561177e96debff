import { generateKeyPairSync, type JsonWebKey, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { listOAuthRecords, upsertOAuthRecord } from '../store/oauth-records.repo.ts';

/*
 * The authorization server's signing keys: RS256 key pairs generated here, stored in
 * `oauth_records` (kind `SigningKey`) sealed with the secret box, the newest one signing.
 * Rotation adds a new key and keeps the previous ones published until every token they
 * signed has expired; the sweep then deletes them.
 */

const KIND = 'SigningKey';

export interface SigningKey {
  kid: string;
  createdAt: string;
  /** The private JWK (RSA), with `kid`, `alg` and `use`. */
  jwk: JsonWebKey & { kid: string; alg: string; use: string };
}

const aadOf = (kid: string) => `oauth-signing-key:${kid}`;

function generateKey(): SigningKey {
  const kid = randomBytes(12).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  return { kid, createdAt: new Date().toISOString(), jwk };
}

async function saveKey(ctx: AppContext, key: SigningKey, expiresAt: string | null): Promise<void> {
  await upsertOAuthRecord(ctx.store.db, {
    kind: KIND,
    id: key.kid,
    payload: JSON.stringify({
      created_at: key.createdAt,
      sealed: ctx.secrets.seal(JSON.stringify(key.jwk), aadOf(key.kid)),
    }),
    grant_id: null,
    uid: null,
    user_code: null,
    expires_at: expiresAt,
  });
}

/** The stored keys, newest first (the signer first); a key the secret box cannot open is left out. */
export async function readSigningKeys(ctx: AppContext): Promise<SigningKey[]> {
  const rows = await listOAuthRecords(ctx.store.db, KIND);
  const keys: SigningKey[] = [];
  for (const row of rows) {
    const { created_at, sealed } = JSON.parse(row.payload) as { created_at: string; sealed: string };
    const opened = ctx.secrets.open(sealed, aadOf(row.id));
    if (opened) keys.push({ kid: row.id, createdAt: created_at, jwk: JSON.parse(opened) });
  }
  return keys.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.kid.localeCompare(a.kid));
}

/** The stored keys, after generating the first one when there is none. */
export async function loadOrCreateSigningKeys(ctx: AppContext): Promise<SigningKey[]> {
  const keys = await readSigningKeys(ctx);
  if (keys.length > 0) return keys;
  await saveKey(ctx, generateKey(), null);
  return readSigningKeys(ctx);
}

/**
 * Makes a new key the signer. The older keys stay published for `retireAfterSeconds` (at least
 * the access-token lifetime), then expire.
 */
export async function rotateSigningKeys(ctx: AppContext, retireAfterSeconds: number): Promise<SigningKey[]> {
  const previous = await readSigningKeys(ctx);
  const retireAt = new Date(Date.now() + retireAfterSeconds * 1000).toISOString();
  const next = generateKey();
  // Strictly newer than every kept key, whatever the clock did.
  const newest = previous[0]?.createdAt;
  if (newest && next.createdAt <= newest) next.createdAt = new Date(Date.parse(newest) + 1).toISOString();
  await saveKey(ctx, next, null);
  for (const key of previous) await saveKey(ctx, key, retireAt);
  return readSigningKeys(ctx);
}

/** The public half of the keys (what the JWKS publishes). */
export function publicJwks(keys: SigningKey[]): { keys: JsonWebKey[] } {
  return {
    keys: keys.map(({ jwk }) => ({
      kty: jwk.kty,
      n: jwk.n,
      e: jwk.e,
      kid: jwk.kid,
      alg: jwk.alg,
      use: jwk.use,
    })),
  };
}
