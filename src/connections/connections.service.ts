import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import type { Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { ApiError, invalidParams, notFound } from '../errors.ts';
import { mayUseServer } from '../people/server-access.ts';
import { isPerUser, openCredentials, type PerUserAuth } from '../servers/credentials.ts';
import {
  type ConnectionRecord,
  deleteConnection,
  findConnection,
  listConnectionsOfServer,
  listConnectionsOfUser,
} from '../store/connections.repo.ts';
import { findServer, listServersByOutboundTypes, type ServerRecord } from '../store/servers.repo.ts';
import { findUserById, findUserByUuid, type UserRecord } from '../store/users.repo.ts';
import { issueConnectLink } from './connect-links.ts';
import { providerHost } from './connect-pages.ts';
import { providerIdOf, vaultOf } from './vault.ts';

/*
 * Connections as people and administrators see them: status, scopes, expiry — never a token.
 * A person sees and changes only their own; an administrator lists who is connected to a
 * server and may revoke a connection (its tokens are deleted).
 */

/** The per-user configuration of a server (production credentials), or null for shared auth. */
export function perUserAuthOf(ctx: Pick<AppContext, 'secrets'>, server: ServerRecord): PerUserAuth | null {
  if (!server.auth_credentials) return null;
  const creds = openCredentials(ctx.secrets, server, 'auth_credentials');
  return isPerUser(creds) ? creds : null;
}

export interface ConnectionView {
  server_id: string;
  server_name: string;
  server_slug: string;
  kind: PerUserAuth['type'];
  provider: string | null;
  /** `connected`, `needs_consent` (connect again), `not_connected`, or `automatic` (token exchange). */
  status: 'connected' | 'needs_consent' | 'not_connected' | 'automatic';
  scope: string | null;
  expires_at: string | null;
  connected_at: string | null;
  last_used_at: string | null;
  last_error: string | null;
}

function viewOf(server: ServerRecord, auth: PerUserAuth, row: ConnectionRecord | undefined): ConnectionView {
  const current = row && row.provider === providerIdOf(auth) ? row : undefined;
  return {
    server_id: server.uuid,
    server_name: server.name,
    server_slug: server.slug,
    kind: auth.type,
    provider: providerHost(auth),
    status:
      auth.type === 'token-exchange'
        ? 'automatic'
        : !row
          ? 'not_connected'
          : current && current.status === 'connected'
            ? 'connected'
            : 'needs_consent',
    scope: current?.scope ?? null,
    expires_at: current?.expires_at ?? null,
    connected_at: current?.created_at ?? null,
    last_used_at: current?.last_used_at ?? null,
    last_error: row && !current ? 'the server now uses another provider' : (row?.last_error ?? null),
  };
}

function personOf(principal: Principal): number {
  if (principal.userId === null)
    throw new ApiError('rest_forbidden', 'Connections belong to people: this key has no owner.');
  return principal.userId;
}

async function userOf(ctx: AppContext, principal: Principal): Promise<UserRecord> {
  const user = await findUserById(ctx.store.db, personOf(principal));
  if (!user) throw notFound('user');
  return user;
}

/** Every per-user server this person may use, with their connection's state. */
export async function listMyConnections(ctx: AppContext, principal: Principal): Promise<ConnectionView[]> {
  const user = await userOf(ctx, principal);
  const servers = await listServersByOutboundTypes(ctx.store.db, [
    'oauth2-authorization-code',
    'personal-token',
    'token-exchange',
  ]);
  const rows = new Map((await listConnectionsOfUser(ctx.store.db, user.id)).map((r) => [r.server_id, r]));
  const views: ConnectionView[] = [];
  for (const server of servers) {
    const auth = perUserAuthOf(ctx, server);
    if (!auth || !(await mayUseServer(ctx, server, { userUuid: user.uuid, clientId: null }))) continue;
    views.push(viewOf(server, auth, rows.get(server.id)));
  }
  return views;
}

async function perUserServer(
  ctx: AppContext,
  ref: string,
): Promise<{ server: ServerRecord; auth: PerUserAuth }> {
  const server = await findServer(ctx.store.db, ref, { allowSlug: true });
  if (!server) throw notFound('server');
  const auth = perUserAuthOf(ctx, server);
  if (!auth) throw invalidParams({ id: 'this server does not use per-user credentials' });
  return { server, auth };
}

/** A consent link for this person and server (My connections → Connect). */
export async function startMyConnection(
  ctx: AppContext,
  principal: Principal,
  ref: string,
): Promise<{ url: string }> {
  const user = await userOf(ctx, principal);
  const { server, auth } = await perUserServer(ctx, ref);
  if (auth.type === 'token-exchange')
    throw invalidParams({ id: 'this server exchanges your sign-in token: there is nothing to connect' });
  if (!(await mayUseServer(ctx, server, { userUuid: user.uuid, clientId: null })))
    throw new ApiError('rest_forbidden', 'This server is not open to you.');
  return { url: await issueConnectLink(ctx, user.id, server.id) };
}

/** Disconnects this person: their tokens for the server are deleted. */
export async function disconnectMine(
  ctx: AppContext,
  principal: Principal,
  ref: string,
): Promise<{ deleted: boolean }> {
  const user = await userOf(ctx, principal);
  const { server, auth } = await perUserServer(ctx, ref);
  const row = await deleteConnection(ctx.store.db, user.id, server.id);
  if (!row) throw notFound('connection');
  await vaultOf(ctx).publish(row);
  await auditConnection(ctx, principal, 'connection.disconnected', { row, server, auth, user });
  return { deleted: true };
}

/** A connection's end in the audit trail: whose, to which server, kind and provider; never a token. */
async function auditConnection(
  ctx: AppContext,
  actor: AuditEntry['actor'],
  action: string,
  ended: { row: ConnectionRecord; server: ServerRecord; auth: PerUserAuth; user: UserRecord },
): Promise<void> {
  const { row, server, auth, user } = ended;
  await recordAudit(ctx, {
    actor,
    action,
    target_kind: 'connection',
    target_id: row.uuid,
    server_uuid: server.uuid,
    detail: { user: user.uuid, email: user.email, kind: auth.type, provider: providerHost(auth) },
  });
}

export interface ServerConnectionView {
  user_id: string;
  email: string;
  display_name: string;
  status: 'connected' | 'needs_consent';
  scope: string | null;
  expires_at: string | null;
  connected_at: string;
  last_used_at: string | null;
  last_error: string | null;
}

/** Who is connected to a server (administrators; no secrets). */
export async function listServerConnections(ctx: AppContext, ref: string): Promise<ServerConnectionView[]> {
  const { server, auth } = await perUserServer(ctx, ref);
  const provider = providerIdOf(auth);
  return (await listConnectionsOfServer(ctx.store.db, server.id)).map((r) => ({
    user_id: r.user_uuid,
    email: r.email,
    display_name: r.display_name,
    status: r.status === 'connected' && r.provider === provider ? 'connected' : 'needs_consent',
    scope: r.scope,
    expires_at: r.expires_at,
    connected_at: r.created_at,
    last_used_at: r.last_used_at,
    last_error: r.provider === provider ? r.last_error : 'the server now uses another provider',
  }));
}

/** An administrator revokes one person's connection (their tokens are deleted). */
export async function revokeServerConnection(
  ctx: AppContext,
  ref: string,
  userRef: string,
  actor?: AuditEntry['actor'],
): Promise<{ deleted: boolean }> {
  const { server, auth } = await perUserServer(ctx, ref);
  const user = await findUserByUuid(ctx.store.db, userRef);
  if (!user) throw notFound('user');
  const row = await deleteConnection(ctx.store.db, user.id, server.id);
  if (!row) throw notFound('connection');
  await vaultOf(ctx).publish(row);
  await auditConnection(ctx, actor, 'connection.revoked', { row, server, auth, user });
  return { deleted: true };
}

/** Whether this person's connection to the server works now (a retry waits on this). */
export async function isConnected(
  ctx: AppContext,
  userUuid: string,
  server: ServerRecord,
  auth: PerUserAuth,
): Promise<boolean> {
  const row = await findConnection(ctx.store.db, userUuid, server.uuid);
  return row?.status === 'connected' && row.provider === providerIdOf(auth);
}
