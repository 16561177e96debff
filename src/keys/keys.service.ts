import { createApiKey, KeyInputError } from '../auth/api-keys.ts';
import type { AppContext } from '../context.ts';
import { invalidParams, notFound } from '../errors.ts';
import { type ApiKeyRecord, listApiKeys, revokeApiKey } from '../store/keys.repo.ts';
import { findUsersByIds } from '../store/users.repo.ts';

export interface KeyInput {
  name: string;
  role?: string;
  capabilities?: string[];
  expires_at?: string;
}

/** A key's owner as answers name them; null for a key of no person (or whose person is gone). */
export interface KeyOwner {
  id: string;
  email: string;
  display_name: string;
}

/** Keys as answered: the owner named by UUID and e-mail, never the internal user id or a hash. */
export async function presentKeys(
  ctx: Pick<AppContext, 'store'>,
  keys: ApiKeyRecord[],
): Promise<Array<Omit<ApiKeyRecord, 'user_id'> & { owner: KeyOwner | null }>> {
  const ids = keys.map((k) => k.user_id).filter((id): id is number => id !== null);
  const owners = new Map((await findUsersByIds(ctx.store.db, ids)).map((u) => [u.id, u]));
  return keys.map(({ user_id, ...key }) => {
    const owner = user_id === null ? undefined : owners.get(user_id);
    return {
      ...key,
      owner: owner ? { id: owner.uuid, email: owner.email, display_name: owner.display_name } : null,
    };
  });
}

/** Every management key, as the list shows them (prefix, role, state, owner — never a secret). */
export async function listKeys(ctx: Pick<AppContext, 'store'>) {
  return presentKeys(ctx, await listApiKeys(ctx.store.db));
}

/**
 * Creates a key; the secret is in the answer once. A role that does not fit is 400 naming `role`.
 * The key belongs to the person who creates it (`ownerId`), so it never grants more than they hold.
 */
export async function createKey(
  ctx: Pick<AppContext, 'store'>,
  input: KeyInput,
  ownerId: number | null = null,
) {
  try {
    const { key, secret } = await createApiKey(ctx.store, { ...input, user_id: ownerId });
    const [shown] = await presentKeys(ctx, [key]);
    return { ...shown!, secret };
  } catch (err) {
    if (err instanceof KeyInputError) throw invalidParams({ role: err.message });
    throw err;
  }
}

/** Revokes a key by id, UUID or prefix; 404 when there is none. */
export async function revokeKey(ctx: Pick<AppContext, 'store'>, ref: string) {
  const revoked = await revokeApiKey(ctx.store.db, ref);
  if (!revoked) throw notFound('key');
  return { revoked: true, id: revoked.id, uuid: revoked.uuid };
}
