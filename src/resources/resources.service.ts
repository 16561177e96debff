import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { presentItem, serverItems } from '../servers/server-items.service.ts';
import {
  findResourceByUri,
  type NewResource,
  type ResourceRecord,
  resourceItems,
} from '../store/resources.repo.ts';
import { nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { isLevel1Template, matchUriTemplate, templateVariables } from './uri-template.ts';

const resources = serverItems<ResourceRecord>({
  noun: 'resource',
  changed: 'resources_changed',
  store: resourceItems,
});

export type ResourceInput = Partial<
  Pick<
    NewResource,
    'uri' | 'name' | 'description' | 'mime_type' | 'data_source_type' | 'data_source_config' | 'template_uri'
  >
>;

/** The resource object of the spec's MCP resource table plus `server_uuid`. */
export const presentResource = presentItem<ResourceRecord>;

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

/** Loads a resource of the server by numeric id, or throws 404 svc_not_found "resource not found". */
export const getResourceOrThrow = resources.getOrThrow;

/** A page of the server's resources, presented. */
export const listResources = resources.list;

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
  await resources.assertUnique(ctx, server, 'uri', record.uri);
  return resources.insert(ctx, server, record);
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
    await resources.assertUnique(ctx, server, 'uri', patch.uri, resource.id);
  const updated = await resources.save(ctx, server, resource, patch, { quiet: true });
  if (changed(resource, updated, LIST_FIELDS))
    ctx.events.publish({ type: 'resources_changed', serverId: server.id });
  if (changed(resource, updated, CONTENT_FIELDS))
    ctx.events.publish({ type: 'resource_updated', serverId: server.id, uri: updated.uri });
  return updated;
}

export function deleteResource(
  ctx: AppContext,
  server: ServerRecord,
  resource: ResourceRecord,
): Promise<void> {
  return resources.remove(ctx, server, resource);
}

/** Every resource of a server, in list order (MCP resources/list and resources/templates/list). */
export function listServerResources(
  ctx: Pick<AppContext, 'store'>,
  serverId: number,
): Promise<ResourceRecord[]> {
  return resources.listAll(ctx, serverId);
}

/**
 * Finds the resource of the server that serves `uri`: an exact `uri` match first, else the first
 * resource whose `template_uri` matches it.
 */
export async function resolveResource(
  ctx: Pick<AppContext, 'store'>,
  serverId: number,
  uri: string,
): Promise<ResourceRecord | undefined> {
  const exact = await findResourceByUri(ctx.store.db, serverId, uri);
  if (exact) return exact;
  const all = await resources.listAll(ctx, serverId);
  return all.find((r) => r.template_uri !== null && matchUriTemplate(r.template_uri, uri) !== undefined);
}
