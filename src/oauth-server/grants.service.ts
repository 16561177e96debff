import type { AppContext } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import {
  deleteOAuthRecord,
  deleteOAuthRecordsOfGrant,
  findOAuthRecord,
  listOAuthRecords,
} from '../store/oauth-records.repo.ts';
import { findUserById, findUsersByUuids } from '../store/users.repo.ts';
import { authorizationServerOf } from './authorization-server.ts';

/*
 * Grants: what a person allowed a client (per resource, its scopes). Revoking one deletes it
 * with every code and token issued under it; the MCP endpoint checks an access token's record,
 * so its tokens stop working at once.
 */

export interface GrantView {
  id: string;
  user: { id: string; email: string } | null;
  client: { id: string; name: string | null };
  resources: Array<{ resource: string; scopes: string[] }>;
  created_at: string | null;
  expires_at: string | null;
}

interface GrantPayload {
  accountId?: string;
  clientId?: string;
  resources?: Record<string, string>;
  iat?: number;
  exp?: number;
}

async function clientName(ctx: AppContext, clientId: string): Promise<string | null> {
  const provider = await authorizationServerOf(ctx).provider();
  const client = await provider.Client.find(clientId).catch(() => undefined);
  return client?.clientName ?? null;
}

const isoOf = (epoch: number | undefined) => (epoch ? new Date(epoch * 1000).toISOString() : null);

/** The live grants, of one person (`userUuid`) or of everyone. */
export async function listGrants(ctx: AppContext, userUuid?: string): Promise<GrantView[]> {
  const rows = await listOAuthRecords(ctx.store.db, 'Grant');
  const grants = rows
    .map((row) => ({ id: row.id, payload: JSON.parse(row.payload) as GrantPayload }))
    .filter((g) => userUuid === undefined || g.payload.accountId === userUuid);
  const users = await findUsersByUuids(ctx.store.db, [
    ...new Set(grants.map((g) => g.payload.accountId).filter((a): a is string => !!a)),
  ]);
  const byUuid = new Map(users.map((u) => [u.uuid, u]));
  const views: GrantView[] = [];
  for (const { id, payload } of grants) {
    const user = payload.accountId ? byUuid.get(payload.accountId) : undefined;
    const clientId = payload.clientId ?? '';
    views.push({
      id,
      user: user ? { id: user.uuid, email: user.email } : null,
      client: { id: clientId, name: await clientName(ctx, clientId) },
      resources: Object.entries(payload.resources ?? {}).map(([resource, scope]) => ({
        resource,
        scopes: scope.split(' ').filter(Boolean),
      })),
      created_at: isoOf(payload.iat),
      expires_at: isoOf(payload.exp),
    });
  }
  return views.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
}

/** The grants of the person a principal is (a key without an owner has none to show: 403). */
export async function listGrantsOfUser(ctx: AppContext, userId: number | null): Promise<GrantView[]> {
  const user = userId === null ? undefined : await findUserById(ctx.store.db, userId);
  if (!user) throw forbidden('Grants belong to people: this key has no owner.');
  return listGrants(ctx, user.uuid);
}

/**
 * Revokes a grant and everything issued under it. With `ownerUserId`, only that person's grant
 * (another person's is "not found", as one that does not exist).
 */
export async function revokeGrant(ctx: AppContext, id: string, ownerUserId?: number | null): Promise<void> {
  const row = await findOAuthRecord(ctx.store.db, 'Grant', id);
  if (!row) throw notFound('grant');
  if (ownerUserId !== undefined) {
    const owner = ownerUserId === null ? undefined : await findUserById(ctx.store.db, ownerUserId);
    const payload = JSON.parse(row.payload) as GrantPayload;
    if (!owner || payload.accountId !== owner.uuid) throw notFound('grant');
  }
  await deleteOAuthRecordsOfGrant(ctx.store.db, id);
  await deleteOAuthRecord(ctx.store.db, 'Grant', id);
}
