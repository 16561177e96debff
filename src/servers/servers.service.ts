import { randomBytes, randomUUID } from 'node:crypto';
import type { AuditEntry } from '../audit/audit.service.ts';
import { presentCodeTools } from '../codemode/code-tools.ts';
import type { AppContext } from '../context.ts';
import { DISCOVERY_SETTINGS } from '../discovery/exposure.ts';
import { presentMetaTools } from '../discovery/meta-tools.ts';
import { estimateTokens } from '../discovery/tokens.ts';
import { forbidden, invalidParams, notFound, storeFailed } from '../errors.ts';
import type { PageQuery } from '../http/pagination.ts';
import { recordCache } from '../mcp/record-cache.ts';
import { getSettings } from '../settings/settings.service.ts';
import { nowIso } from '../store/rows.ts';
import {
  type AccessList,
  countServerItems,
  deleteServerRow,
  findServer,
  insertServer,
  listServers as listServerRows,
  type NewServer,
  type ServerRecord,
  slugTaken,
  updateServerRow,
} from '../store/servers.repo.ts';
import { findGroupByUuid, findUsersByUuids } from '../store/users.repo.ts';
import { viewTools } from '../tools/mcp-view.ts';
import { CREDENTIAL_FIELDS, originsField, readOriginList, toolOrigins } from './credential-origins.ts';
import {
  describePerUserAuth,
  isPerUser,
  type OutboundCredentials,
  openCredentials,
  PER_USER_AUTH_TYPES,
  parseCredentials,
  sealCredentials,
} from './credentials.ts';
import { type InboundAuthType, presentInboundConfig, storeInboundConfig } from './inbound-config.ts';
import { auditAccessChange, auditCredentialPatch, auditServerDeleted } from './server-audit.ts';

export interface ServerInput {
  name?: string;
  slug?: string;
  description?: string;
  status?: ServerRecord['status'];
  auth_type?: InboundAuthType;
  auth_config?: Record<string, unknown> | null;
  outbound_auth_type?: string;
  outbound_auth_config?: Record<string, unknown> | null;
  auth_credentials?: string | Record<string, unknown> | null;
  test_auth_credentials?: string | Record<string, unknown> | null;
  /** Origins each credential set may be sent to (servers/credential-origins.ts). */
  auth_credentials_origins?: string[] | null;
  test_auth_credentials_origins?: string[] | null;
  cors_origins?: string | null;
  rate_limit_per_min?: number;
  settings?: Record<string, unknown>;
  tool_exposure?: ServerRecord['tool_exposure'];
  access_list?: AccessList | null;
}

/** The server as the API shows it: no credentials, inbound secrets as `*_set` placeholders. */
export function presentServer(
  ctx: AppContext,
  server: ServerRecord,
  counts = { tool_count: 0, prompt_count: 0, resource_count: 0 },
): Record<string, unknown> {
  const { auth_credentials, test_auth_credentials, ...rest } = server;
  return {
    ...rest,
    auth_config: presentInboundConfig(server.auth_config),
    has_auth_credentials: auth_credentials !== null,
    has_test_credentials: test_auth_credentials !== null,
    per_user_auth: perUserView(ctx, server),
    endpoint_url: `${ctx.config.publicUrl}/mcp/${server.slug}`,
    ...counts,
  };
}

/**
 * The per-user kind the request's `auth_credentials` name (`type`), which the server's
 * outbound_auth_type then is: the two never disagree.
 */
function perUserType(input: ServerInput): string | undefined {
  let value: unknown = input.auth_credentials;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && (PER_USER_AUTH_TYPES as readonly string[]).includes(type)
    ? type
    : undefined;
}

/** A per-user server's configuration without its client secret (null for shared auth). */
function perUserView(ctx: AppContext, server: ServerRecord): Record<string, unknown> | null {
  if (
    !server.auth_credentials ||
    !(PER_USER_AUTH_TYPES as readonly string[]).includes(server.outbound_auth_type)
  )
    return null;
  try {
    const creds = openCredentials(ctx.secrets, server, 'auth_credentials');
    return isPerUser(creds) ? describePerUserAuth(creds) : null;
  } catch {
    return null;
  }
}

/** The access list as stored (UUIDs lower-cased); 400 naming a user or group that does not exist. */
async function checkAccessList(
  ctx: AppContext,
  list: AccessList | null | undefined,
): Promise<AccessList | null> {
  if (!list) return null;
  const users = list.users.map((u) => u.toLowerCase());
  const groups = list.groups.map((g) => g.toLowerCase());
  const found = await findUsersByUuids(ctx.store.db, users);
  const missingUser = users.find((u) => !found.some((f) => f.uuid === u));
  if (missingUser) throw invalidParams({ 'access_list.users': `no user ${missingUser}` });
  for (const g of groups)
    if (!(await findGroupByUuid(ctx.store.db, g)))
      throw invalidParams({ 'access_list.groups': `no group ${g}` });
  return { users, groups };
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return slug || 'server';
}

async function uniqueSlug(ctx: AppContext, base: string): Promise<string> {
  let slug = base;
  for (let n = 2; await slugTaken(ctx.store.db, slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Loads a server by UUID or numeric id (and slug when allowed), or throws 404 svc_not_found. */
export async function getServerOrThrow(
  ctx: AppContext,
  ref: string,
  opts: { allowSlug?: boolean } = {},
): Promise<ServerRecord> {
  const server = await findServer(ctx.store.db, ref, opts);
  if (!server) throw notFound('server');
  return server;
}

/**
 * The first step of every `/servers/{server_id}/<items>/{id}` route: loads the server of the path,
 * then its item through `getItem`; either missing is a 404.
 */
export async function getServerItemOrThrow<T>(
  ctx: AppContext,
  params: unknown,
  getItem: (ctx: AppContext, server: ServerRecord, ref: string) => Promise<T>,
  opts: { allowSlug?: boolean } = {},
): Promise<[ServerRecord, T]> {
  const { server_id, id } = params as { server_id: string; id: string };
  const server = await getServerOrThrow(ctx, server_id, opts);
  return [server, await getItem(ctx, server, id)];
}

export async function presentOne(ctx: AppContext, server: ServerRecord): Promise<Record<string, unknown>> {
  const [counts, tokens] = await Promise.all([
    countServerItems(ctx.store.db, [server.id]),
    measureToolsList(ctx, server),
  ]);
  return { ...presentServer(ctx, server, counts.get(server.id)), tools_list_tokens: tokens };
}

/** Estimated tokens of tools/list: every active tool listed, and in the mode served now (issue 16). */
export async function measureToolsList(
  ctx: AppContext,
  server: ServerRecord,
): Promise<{ all: number; current: number; mode: 'all' | 'discovery' | 'code' }> {
  const view = viewTools(server, await recordCache(ctx).activeTools(server.id));
  const current =
    view.mode === 'discovery'
      ? estimateTokens({ tools: presentMetaTools(server, view) })
      : view.mode === 'code'
        ? estimateTokens({ tools: presentCodeTools(server, view) })
        : view.allTokens;
  return { all: view.allTokens, current, mode: view.mode };
}

export async function listServers(
  ctx: AppContext,
  filter: { status?: string; search?: string },
  page: PageQuery,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const { rows, total } = await listServerRows(ctx.store.db, filter, page);
  const counts = await countServerItems(
    ctx.store.db,
    rows.map((r) => r.id),
  );
  const tokens = await Promise.all(rows.map((r) => measureToolsList(ctx, r)));
  return {
    items: rows.map((r, i) => ({ ...presentServer(ctx, r, counts.get(r.id)), tools_list_tokens: tokens[i] })),
    total,
  };
}

export async function createServer(
  ctx: AppContext,
  input: ServerInput & { name: string },
  opts: Pick<UpdateOptions, 'actor'> = {},
): Promise<ServerRecord> {
  const settings = await getSettings(ctx);
  const uuid = randomUUID();
  const auth_type = input.auth_type ?? 'none';
  const outbound = perUserType(input) ?? input.outbound_auth_type ?? 'none';
  const slug = input.slug ? input.slug : await uniqueSlug(ctx, slugify(input.name));
  if (input.slug && (await slugTaken(ctx.store.db, input.slug)))
    throw invalidParams({ slug: 'is already used by another server' });
  const now = nowIso();
  const credentials = await credentialPatch(ctx, { uuid }, null, input, outbound, true);
  const record: NewServer = {
    uuid,
    user_id: 1,
    name: input.name,
    slug,
    server_id: randomBytes(8).toString('hex'),
    status: input.status ?? 'active',
    transport_type: 'streamable-http',
    auth_type,
    auth_config: storeInboundConfig(ctx.secrets, auth_type, input.auth_config, null),
    outbound_auth_type: outbound,
    outbound_auth_config: input.outbound_auth_config ?? null,
    auth_credentials: credentials.auth_credentials ?? null,
    test_auth_credentials: credentials.test_auth_credentials ?? null,
    auth_credentials_origins: credentials.auth_credentials_origins ?? null,
    test_auth_credentials_origins: credentials.test_auth_credentials_origins ?? null,
    cors_origins: input.cors_origins ?? null,
    rate_limit_per_min: input.rate_limit_per_min ?? settings.default_rate_limit,
    tool_exposure: input.tool_exposure ?? 'auto',
    access_list: await checkAccessList(ctx, input.access_list),
    settings: {
      ...(input.settings ?? {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    },
    created_at: now,
    updated_at: now,
  };
  const created = await insertServer(ctx.store.db, record);
  await auditCredentialPatch(ctx, opts.actor, null, created, credentials);
  await auditAccessChange(ctx, opts.actor, created, null, created.access_list);
  return created;
}

/**
 * The sealed credential sets of a create or update and the origins each may be sent to
 * (servers/credential-origins.ts). A set sent with the request is sealed with the list sent
 * beside it, else the list of the set it replaces, else the origins of the server's tools now
 * (none for a new server: unbound). A list sent without its secret changes the stored set's list,
 * which needs `mayReadCredentials` (manage_options): 403 rest_forbidden otherwise.
 */
async function credentialPatch(
  ctx: AppContext,
  sealFor: Pick<ServerRecord, 'uuid'>,
  server: ServerRecord | null,
  input: ServerInput,
  outbound: string,
  mayReadCredentials: boolean,
): Promise<Partial<NewServer>> {
  const patch: Partial<NewServer> = {};
  let current: string[] | undefined;
  for (const field of CREDENTIAL_FIELDS) {
    const listField = originsField(field);
    const list = input[listField] === undefined ? undefined : readOriginList(listField, input[listField]);
    if (input[field] !== undefined) {
      const creds = parseCredentials(field, input[field], outbound);
      patch[field] = sealCredentials(ctx.secrets, sealFor, field, creds);
      if (!creds) {
        patch[listField] = null;
        continue;
      }
      const kept = server?.[field] ? server[listField] : null;
      current ??= server ? await toolOrigins(ctx, server) : [];
      const origins = list ?? (kept?.length ? kept : current);
      patch[listField] = origins.length > 0 ? origins : null;
      continue;
    }
    if (list === undefined) continue;
    if (!server?.[field])
      throw invalidParams({ [listField]: `there are no ${field} to bind: send them in ${field}` });
    if (!mayReadCredentials)
      throw forbidden(
        `Changing ${listField} without sending ${field} again needs the manage_options capability; send the credentials with the new list instead.`,
      );
    patch[listField] = list.length > 0 ? list : null;
  }
  return patch;
}

/** Who asks for a server update: may they read (and so rebind) the stored credentials? */
export interface UpdateOptions {
  mayReadCredentials?: boolean;
  /** Who changes it, for the audit trail (none: the system). */
  actor?: AuditEntry['actor'];
}

/** Applies the spec's PATCH rules; every field optional. */
export async function updateServer(
  ctx: AppContext,
  server: ServerRecord,
  input: ServerInput,
  opts: UpdateOptions = {},
): Promise<ServerRecord> {
  const patch: Partial<NewServer> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.slug !== undefined && input.slug !== server.slug) {
    if (await slugTaken(ctx.store.db, input.slug))
      throw invalidParams({ slug: 'is already used by another server' });
    patch.slug = input.slug;
  }
  if (input.status !== undefined) patch.status = input.status;
  if (input.settings !== undefined || input.description !== undefined) {
    patch.settings = { ...server.settings, ...(input.settings ?? {}) };
    if (input.description !== undefined) patch.settings.description = input.description;
  }
  if (input.auth_type !== undefined || input.auth_config !== undefined) {
    const type = input.auth_type ?? server.auth_type;
    patch.auth_type = type;
    patch.auth_config = storeInboundConfig(ctx.secrets, type, input.auth_config, server.auth_config);
  }
  if (input.outbound_auth_type !== undefined) patch.outbound_auth_type = input.outbound_auth_type;
  const perUser = perUserType(input);
  if (perUser) patch.outbound_auth_type = perUser;
  if (input.outbound_auth_config !== undefined) patch.outbound_auth_config = input.outbound_auth_config;
  const outbound = patch.outbound_auth_type ?? server.outbound_auth_type;
  Object.assign(
    patch,
    await credentialPatch(ctx, server, server, input, outbound, opts.mayReadCredentials === true),
  );
  if (input.cors_origins !== undefined) patch.cors_origins = input.cors_origins;
  if (input.rate_limit_per_min !== undefined) patch.rate_limit_per_min = input.rate_limit_per_min;
  if (input.tool_exposure !== undefined) patch.tool_exposure = input.tool_exposure;
  if (input.access_list !== undefined) patch.access_list = await checkAccessList(ctx, input.access_list);
  patch.updated_at = nowIso();
  const updated = await updateServerRow(ctx.store.db, server.id, patch).catch(
    storeFailed('update', 'server'),
  );
  if (!updated) throw notFound('server');
  await auditCredentialPatch(ctx, opts.actor, server, updated, patch);
  await auditAccessChange(ctx, opts.actor, server, server.access_list, patch.access_list);
  ctx.events.publish({ type: 'server_changed', serverId: server.id });
  // A new exposure (or discovery setting) changes what tools/list answers: open streams hear of it.
  const exposureChanged =
    (input.tool_exposure !== undefined && input.tool_exposure !== server.tool_exposure) ||
    DISCOVERY_SETTINGS.some((k) => input.settings?.[k] !== undefined);
  if ((input.status !== undefined && input.status !== server.status) || exposureChanged)
    ctx.events.publish({ type: 'tools_changed', serverId: server.id });
  return updated;
}

/**
 * Saves detected credentials as the server's test credentials (cURL and collection imports),
 * bound to the origins of the server's tools now, the imported ones included: the secret came
 * with the command or document, so whoever imports it knows it.
 */
export async function saveTestCredentials(
  ctx: AppContext,
  server: ServerRecord,
  creds: OutboundCredentials,
  actor?: AuditEntry['actor'],
): Promise<void> {
  const origins = await toolOrigins(ctx, server);
  const patch = {
    test_auth_credentials: sealCredentials(ctx.secrets, server, 'test_auth_credentials', creds),
    test_auth_credentials_origins: origins.length > 0 ? origins : null,
  };
  await updateServerRow(ctx.store.db, server.id, { ...patch, updated_at: nowIso() });
  await auditCredentialPatch(ctx, actor, server, server, patch);
  ctx.events.publish({ type: 'server_changed', serverId: server.id });
}

/** Deletes the server, its credentials with it (recorded as `server.deleted`). */
export async function deleteServer(
  ctx: AppContext,
  server: ServerRecord,
  actor?: AuditEntry['actor'],
): Promise<void> {
  const deleted = await deleteServerRow(ctx.store.db, server.id).catch(storeFailed('delete', 'server'));
  if (!deleted) throw notFound('server');
  await auditServerDeleted(ctx, actor, server);
  ctx.events.publish({ type: 'server_changed', serverId: server.id });
  ctx.events.publish({ type: 'tools_changed', serverId: server.id });
}

/** Decoded credentials for administrators (`GET /servers/{id}/credentials`). */
export function readCredentials(ctx: AppContext, server: ServerRecord): Record<string, unknown> {
  return {
    server_uuid: server.uuid,
    outbound_auth_type: server.outbound_auth_type,
    auth_credentials: openCredentials(ctx.secrets, server, 'auth_credentials'),
    test_auth_credentials: openCredentials(ctx.secrets, server, 'test_auth_credentials'),
  };
}
