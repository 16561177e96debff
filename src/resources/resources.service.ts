import type { AppContext } from '../context.ts';
import { invalidParams, notFound, storeFailed } from '../errors.ts';
import type { PageQuery } from '../http/pagination.ts';
import {
  deleteResourceRow,
  findResource,
  findResourceByUri,
  insertResource,
  listResources as listResourceRows,
  type NewResource,
  type ResourceRecord,
  updateResourceRow,
} from '../store/resources.repo.ts';
import { nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { isLevel1Template, templateVariables } from './uri-template.ts';

export type ResourceInput = Partial<
  Pick<
    NewResource,
    'uri' | 'name' | 'description' | 'mime_type' | 'data_source_type' | 'data_source_config' | 'template_uri'
  >
>;

/** The resource object of the spec's MCP resource table plus `server_uuid`. */
export function presentResource(
  resource: ResourceRecord,
  server: Pick<ServerRecord, 'uuid'>,
): Record<string, unknown> {
  return {
    id: resource.id,
    server_id: resource.server_id,
    uri: resource.uri,
    name: resource.name,
    description: resource.description,
    mime_type: resource.mime_type,
    data_source_type: resource.data_source_type,
    data_source_config: resource.data_source_config,
    template_uri: resource.template_uri,
    server_uuid: server.uuid,
    created_at: resource.created_at,
    updated_at: resource.updated_at,
  };
}

const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
const MIME = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;.*)?$/;

function isHttpUrl(url: string): boolean {
  try {
    const parsed = new URL(url.replace(/\{[A-Za-z0-9_.%]+\}/g, 'x'));
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkConfig(type: string, config: Record<string, unknown>, params: Record<string, string>): void {
  const allowed = type === 'static' ? ['content', 'encoding'] : ['url'];
  for (const key of Object.keys(config))
    if (!allowed.includes(key)) params[`data_source_config.${key}`] = `is not used by a ${type} resource`;
  if (type === 'static') {
    if (typeof config.content !== 'string') params['data_source_config.content'] = 'must be a string';
    if (config.encoding !== undefined && config.encoding !== 'base64')
      params['data_source_config.encoding'] = 'must be "base64" when given';
    else if (
      config.encoding === 'base64' &&
      typeof config.content === 'string' &&
      !/^[A-Za-z0-9+/]*={0,2}$/.test(config.content.replace(/\s+/g, ''))
    )
      params['data_source_config.content'] = 'must be base64 when encoding is "base64"';
  } else if (typeof config.url !== 'string' || !isHttpUrl(config.url)) {
    params['data_source_config.url'] = 'must be an absolute http(s) URL';
  }
}

/** Validates the resource as it will be stored (the merge of the record and the patch). */
function checkResource(resource: NewResource): void {
  const params: Record<string, string> = {};
  if (!URI.test(resource.uri)) params.uri = 'must be an absolute URI such as docs://readme';
  if (!MIME.test(resource.mime_type)) params.mime_type = 'must be a MIME type such as text/plain';
  checkConfig(resource.data_source_type, resource.data_source_config, params);
  if (resource.template_uri !== null) {
    if (!isLevel1Template(resource.template_uri) || !URI.test(resource.template_uri))
      params.template_uri = 'must be an RFC 6570 level-1 URI template such as test://items/{id}';
    else if (templateVariables(resource.template_uri).length === 0)
      params.template_uri = 'must contain at least one {variable}';
  }
  if (Object.keys(params).length > 0) throw invalidParams(params);
}

async function assertUriFree(ctx: AppContext, server: ServerRecord, uri: string, selfId?: number) {
  const other = await findResourceByUri(ctx.store.db, server.id, uri);
  if (other && other.id !== selfId)
    throw invalidParams({ uri: 'is already used by another resource of this server' });
}

/** Loads a resource of the server by numeric id, or throws 404 svc_not_found "resource not found". */
export async function getResourceOrThrow(
  ctx: AppContext,
  server: ServerRecord,
  ref: string,
): Promise<ResourceRecord> {
  const resource = await findResource(ctx.store.db, server.id, ref);
  if (!resource) throw notFound('resource');
  return resource;
}

export async function listResources(
  ctx: AppContext,
  server: ServerRecord,
  page: PageQuery,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const { rows, total } = await listResourceRows(ctx.store.db, server.id, page);
  return { items: rows.map((r) => presentResource(r, server)), total };
}

export async function createResource(
  ctx: AppContext,
  server: ServerRecord,
  input: ResourceInput & { uri: string },
): Promise<ResourceRecord> {
  const now = nowIso();
  const record: NewResource = {
    server_id: server.id,
    uri: input.uri,
    name: input.name ?? input.uri,
    description: input.description ?? '',
    mime_type: input.mime_type ?? 'text/plain',
    data_source_type: input.data_source_type ?? 'static',
    data_source_config: input.data_source_config ?? {},
    template_uri: input.template_uri ?? null,
    created_at: now,
    updated_at: now,
  };
  checkResource(record);
  await assertUriFree(ctx, server, record.uri);
  const resource = await insertResource(ctx.store.db, record);
  ctx.events.publish({ type: 'resources_changed', serverId: server.id });
  return resource;
}

const LIST_FIELDS = ['uri', 'name', 'description', 'mime_type', 'template_uri'] as const;
const CONTENT_FIELDS = ['data_source_type', 'data_source_config', 'mime_type'] as const;

function changed(before: ResourceRecord, after: ResourceRecord, fields: readonly (keyof ResourceRecord)[]) {
  return fields.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

/**
 * Applies a partial update (PATCH and PUT). Publishes `resources_changed` when what the list shows
 * changed and `resource_updated` when the content behind the URI changed.
 */
export async function updateResource(
  ctx: AppContext,
  server: ServerRecord,
  resource: ResourceRecord,
  input: ResourceInput,
): Promise<ResourceRecord> {
  const patch: Partial<NewResource> = {};
  for (const key of [...LIST_FIELDS, 'data_source_type', 'data_source_config'] as const)
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
  // Switching the source type without a new config would pair the type with the old config.
  if (input.data_source_type !== undefined && input.data_source_config === undefined)
    patch.data_source_config = resource.data_source_config;
  const { id: _id, ...current } = resource;
  checkResource({ ...current, ...patch });
  if (patch.uri !== undefined && patch.uri !== resource.uri)
    await assertUriFree(ctx, server, patch.uri, resource.id);
  patch.updated_at = nowIso();
  const updated = await updateResourceRow(ctx.store.db, resource.id, patch).catch(
    storeFailed('update', 'resource'),
  );
  if (!updated) throw notFound('resource');
  if (changed(resource, updated, LIST_FIELDS))
    ctx.events.publish({ type: 'resources_changed', serverId: server.id });
  if (changed(resource, updated, CONTENT_FIELDS))
    ctx.events.publish({ type: 'resource_updated', serverId: server.id, uri: updated.uri });
  return updated;
}

export async function deleteResource(
  ctx: AppContext,
  server: ServerRecord,
  resource: ResourceRecord,
): Promise<void> {
  const deleted = await deleteResourceRow(ctx.store.db, resource.id).catch(storeFailed('delete', 'resource'));
  if (!deleted) throw notFound('resource');
  ctx.events.publish({ type: 'resources_changed', serverId: server.id });
}
