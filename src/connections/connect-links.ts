import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import {
  advanceConnectLink,
  type ConnectLinkRecord,
  findConnectLink,
  findConnectLinkByState,
  insertConnectLink,
} from '../store/connections.repo.ts';
import { findServer, type ServerRecord } from '../store/servers.repo.ts';
import { findUserByUuid } from '../store/users.repo.ts';

/*
 * Consent links: what a tools/call hands a person who must connect first (URL-mode elicitation).
 * A link is a random secret naming nothing (no e-mail, no server name, no token); the store
 * keeps only its hash, the person it was made for and the server. It works once, for ten
 * minutes, and only in a browser signed in to Toolgate as that person.
 */

export const LINK_TTL_MS = 10 * 60_000;
export const CONNECT_PATH = '/connect';

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Where a person manages their connections (the admin UI's page). */
export function connectionsPageUrl(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}/admin/#/connections`;
}

/** The provider's redirect back to Toolgate: one fixed URI per gateway. */
export function callbackUrl(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}${CONNECT_PATH}/callback`;
}

/** A new single-use link for this person to connect this server. */
export async function issueConnectLink(
  ctx: Pick<AppContext, 'config' | 'store'>,
  userId: number,
  serverId: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertConnectLink(ctx.store.db, {
    token_hash: hashLinkToken(token),
    user_id: userId,
    server_id: serverId,
    expires_at: new Date(Date.now() + LINK_TTL_MS).toISOString(),
  });
  return `${ctx.config.publicUrl}${CONNECT_PATH}/${token}`;
}

/** A link for the person behind an MCP call (by their UUID); null when they no longer exist. */
export async function issueConnectLinkFor(
  ctx: Pick<AppContext, 'config' | 'store'>,
  userUuid: string,
  serverId: number,
): Promise<string | null> {
  const user = await findUserByUuid(ctx.store.db, userUuid);
  return user ? issueConnectLink(ctx, user.id, serverId) : null;
}

/** A link still usable at `stage` (by the secret in its URL, or by the OAuth state), with its server. */
export async function findLiveLink(
  ctx: Pick<AppContext, 'store'>,
  by: { token: string } | { state: string },
  stage: 'issued' | 'started',
): Promise<{ link: ConnectLinkRecord; server: ServerRecord | undefined } | null> {
  const link =
    'token' in by
      ? await findConnectLink(ctx.store.db, hashLinkToken(by.token))
      : await findConnectLinkByState(ctx.store.db, by.state);
  if (link?.stage !== stage || Date.parse(link.expires_at) <= Date.now()) return null;
  return { link, server: await findServer(ctx.store.db, link.server_id) };
}

/** Moves a link on, once (false when another request did first, or it expired). */
export function advanceLink(
  ctx: Pick<AppContext, 'store'>,
  tokenHash: string,
  from: string,
  to: string,
  patch: { state?: string; flow?: string } = {},
): Promise<boolean> {
  return advanceConnectLink(ctx.store.db, tokenHash, from, to, patch);
}
