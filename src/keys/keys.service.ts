import { createApiKey, KeyInputError } from '../auth/api-keys.ts';
import type { AppContext } from '../context.ts';
import { invalidParams, notFound } from '../errors.ts';
import { listApiKeys, revokeApiKey } from '../store/keys.repo.ts';

export interface KeyInput {
  name: string;
  role?: string;
  capabilities?: string[];
  expires_at?: string;
}

/** Every management key, as the list shows them (prefix, role, state — never a secret). */
export function listKeys(ctx: Pick<AppContext, 'store'>) {
  return listApiKeys(ctx.store.db);
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
    return { ...key, secret };
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
