import { randomBytes, randomUUID } from 'node:crypto';
import { loadCapabilities } from '../people/user-capabilities.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import type { Store } from '../store/db.ts';
import {
  type ApiKeyRecord,
  countApiKeys,
  findApiKeyByHash,
  insertApiKey,
  touchApiKey,
} from '../store/keys.repo.ts';
import { nowIso } from '../store/rows.ts';
import { findUserById } from '../store/users.repo.ts';
import {
  CAPABILITIES,
  type Capability,
  intersectCapabilities,
  type Principal,
  ROLES,
} from './capabilities.ts';
import { hashSecret } from './hash.ts';

export const KEY_PREFIX = 'tgk_';

export interface CreatedKey {
  key: ApiKeyRecord;
  /** The secret, shown once; only its hash is stored. */
  secret: string;
}

export class KeyInputError extends Error {}

/** Creates an API key with a role (or an explicit capability list). 32 random bytes of entropy. */
export async function createApiKey(
  store: Store,
  input: {
    name: string;
    role?: string;
    capabilities?: string[];
    secret?: string;
    expires_at?: string | null;
    /** The owner: the key never grants more than this person holds. */
    user_id?: number | null;
  },
): Promise<CreatedKey> {
  const role = input.role ?? 'administrator';
  if (!ROLES[role] && !input.capabilities) throw new KeyInputError(`unknown role "${role}"`);
  const capabilities = input.capabilities ?? ROLES[role] ?? [];
  for (const c of capabilities)
    if (!CAPABILITIES.includes(c as Capability)) throw new KeyInputError(`unknown capability "${c}"`);
  const secret = input.secret ?? `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const key = await insertApiKey(store.db, {
    uuid: randomUUID(),
    name: input.name,
    prefix: secret.slice(0, 12),
    key_hash: hashSecret(secret),
    role: input.capabilities ? 'custom' : role,
    capabilities,
    created_at: nowIso(),
    expires_at: input.expires_at ?? null,
    user_id: input.user_id ?? null,
  });
  return { key, secret };
}

/** `last_used_at` moves at most this often per key: "last used" needs minutes, not every request. */
export const TOUCH_INTERVAL_MS = 60_000;
/** When this process last recorded a use of each key, per store (so concurrent requests write once). */
const touchedAt = new WeakMap<Store, BoundedCache<number, number>>();

/**
 * Records that the key was used, unless it was recorded less than TOUCH_INTERVAL_MS ago (by this
 * process or, as the stored value shows, by another instance). The write runs after the request
 * has moved on, and its failure only costs the timestamp.
 */
function recordUse(store: Store, key: ApiKeyRecord): void {
  const now = Date.now();
  // Forgetting a key costs one extra write of its timestamp, never a wrong one.
  const seen = touchedAt.get(store) ?? new BoundedCache<number, number>({ maxEntries: 10_000 });
  touchedAt.set(store, seen);
  const stored = key.last_used_at ? Date.parse(key.last_used_at) : 0;
  if (now - Math.max(seen.get(key.id) ?? 0, stored) < TOUCH_INTERVAL_MS) return;
  seen.set(key.id, now);
  setImmediate(() => void touchApiKey(store.db, key.id).catch(() => undefined));
}

/**
 * Resolves a presented secret to a principal; undefined for unknown, revoked or expired keys, and
 * for a key whose owner is disabled or gone. An owned key's capabilities are its own bounded by
 * what its owner holds now.
 */
export async function authenticateApiKey(store: Store, secret: string): Promise<Principal | undefined> {
  const key = await findApiKeyByHash(store.db, hashSecret(secret));
  if (!key || key.revoked_at) return undefined;
  if (key.expires_at && key.expires_at <= nowIso()) return undefined;
  let capabilities = new Set(key.capabilities as Capability[]);
  if (key.user_id !== null) {
    const owner = await findUserById(store.db, key.user_id);
    if (!owner || owner.disabled_at) return undefined;
    capabilities = intersectCapabilities(capabilities, (await loadCapabilities(store, owner)).capabilities);
  }
  recordUse(store, key);
  return { keyId: key.id, userId: key.user_id, name: key.name, role: key.role, capabilities, via: 'key' };
}

/**
 * On an empty key table: seeds `TOOLGATE_ADMIN_KEY` when given, else creates a random
 * administrator key and returns its secret so the caller can print it once.
 */
export async function ensureAdminKey(
  store: Store,
  seeded?: string,
  ownerId: number | null = null,
): Promise<string | undefined> {
  if (seeded) {
    const existing = await findApiKeyByHash(store.db, hashSecret(seeded));
    if (!existing)
      await createApiKey(store, {
        name: 'seeded administrator',
        role: 'administrator',
        secret: seeded,
        user_id: ownerId,
      });
    return undefined;
  }
  if ((await countApiKeys(store.db)) > 0) return undefined;
  const { secret } = await createApiKey(store, {
    name: 'first administrator',
    role: 'administrator',
    user_id: ownerId,
  });
  return secret;
}
