import type { AppContext } from '../context.ts';
import { findUserByUuid } from '../store/users.repo.ts';

/*
 * The provider's accounts are Toolgate's users, by uuid (the tokens' `sub`). A disabled or
 * deleted user is no account: their codes and refresh tokens stop being redeemable.
 */
export async function findAccount(
  ctx: AppContext,
  sub: string,
): Promise<{ accountId: string; claims: () => Promise<{ sub: string }> } | undefined> {
  const user = await findUserByUuid(ctx.store.db, sub);
  if (!user || user.disabled_at) return undefined;
  return { accountId: user.uuid, claims: async () => ({ sub: user.uuid }) };
}
