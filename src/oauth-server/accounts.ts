import type { AppContext } from '../context.ts';
import { readCookie } from '../people/cookies.ts';
import { resolveWebSession, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../people/web-sessions.ts';
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

/** The uuid of the person a Cookie header's Toolgate web session belongs to, if it is live. */
export async function signedInAccount(
  ctx: AppContext,
  cookieHeader: string | undefined,
): Promise<string | undefined> {
  const secret = readCookie(cookieHeader, SECURE_SESSION_COOKIE) ?? readCookie(cookieHeader, SESSION_COOKIE);
  if (!secret) return undefined;
  return (await resolveWebSession(ctx, secret))?.user.uuid;
}
