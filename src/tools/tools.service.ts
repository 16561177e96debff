import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { ApiError, invalidParams } from '../errors.ts';
import { explainFieldsProblem } from '../executor/project-fields.ts';
import type { PageQuery } from '../http/pagination.ts';
import { describeAjvErrors, findNul } from '../http/validation.ts';
import { serverItems } from '../servers/server-items.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { compileRequestValidator } from '../shared/json-schema.ts';
import { isUniqueViolation, nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import {
  findToolBySlug,
  listTools as listToolRows,
  listToolSlugs,
  type NewTool,
  type ToolFilter,
  type ToolRecord,
  toolItems,
} from '../store/tools.repo.ts';
import { explainObjectSchemaProblem } from './json-schema-check.ts';
import { presentTool } from './present-tool.ts';
import { shortenToolName, withSuffix } from './tool-names.ts';
import { createToolBody, updateToolBody } from './tools.schema.ts';

/** Fields the gateway sets itself; every other stored field is one a caller may set. */
type ToolSystemField =
  | 'uuid'
  | 'server_id'
  | 'last_tested_at'
  | 'last_test_response_ms'
  | 'created_at'
  | 'updated_at';

/** Fields a caller may set on a tool (every stored field but the system ones); all optional on update. */
export type ToolInput = Partial<Omit<NewTool, ToolSystemField>>;

const DEFAULT_TOOL_RATE_LIMIT = 60;
const DEFAULT_RESPONSE_MAPPING = { selector: '', format: 'json', template: '' } as const;

const tools = serverItems<ToolRecord>({ noun: 'tool', changed: 'tools_changed', store: toolItems });

const checkCreate = compileRequestValidator(createToolBody);
const checkUpdate = compileRequestValidator(updateToolBody);

/**
 * True for an absolute http(s) URL, once `{{variable}}` placeholders are stood in for. A URL
 * whose whole origin is a placeholder (`{{baseUrl}}/pets`, left by a collection import whose
 * variable did not resolve) is accepted too: it is filled at call time.
 */
function isToolUrl(url: string): boolean {
  if (/\s/.test(url.replace(/\{\{[^}]*\}\}/g, 'x'))) return false;
  if (/^\{\{[A-Za-z0-9_.-]+\}\}/.test(url)) return true;
  try {
    const parsed = new URL(url.replace(/\{\{([^}]*)\}\}/g, 'x'));
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * What the JSON Schema cannot say about `interaction`: input keys are unique (they name the
 * client's answers), and the arguments inputs fill exist in the `input_schema` sent with them.
 */
function explainInteractionProblem(
  interaction: Record<string, unknown>,
  inputSchema: Record<string, unknown> | undefined,
): string | undefined {
  const inputs = Array.isArray(interaction.inputs)
    ? (interaction.inputs as Array<Record<string, unknown>>)
    : [];
  const keys = new Set<string>();
  const props = inputSchema?.properties;
  const known = props && typeof props === 'object' ? new Set(Object.keys(props)) : undefined;
  for (const [i, input] of inputs.entries()) {
    const key = String(input.key);
    // Stages are asked one after another, so an input key may equal a stage's own (confirm…).
    if (keys.has(key)) return `inputs[${i}].key "${key}" is used twice`;
    keys.add(key);
    const names = Array.isArray(input.arguments) ? input.arguments : [input.argument];
    const unknown = known ? names.find((n) => typeof n === 'string' && !known.has(n)) : undefined;
    if (unknown !== undefined)
      return `inputs[${i}] fills "${unknown}", which is not a property of input_schema`;
  }
  return undefined;
}

/** Validates shape and meaning of a tool input; throws 400 rest_invalid_param naming each field. */
export function validateToolInput(input: unknown, mode: 'create' | 'update'): ToolInput {
  const check = mode === 'create' ? checkCreate : checkUpdate;
  const params: Record<string, string> = check(input) ? {} : describeAjvErrors(check.errors);
  // Imported documents reach here without the route's NUL check (PostgreSQL refuses NUL).
  const nulAt = findNul(input);
  if (nulAt !== undefined) params[nulAt.slice(1).replaceAll('/', '.')] = 'must not contain the NUL character';
  const tool = (input ?? {}) as ToolInput;
  if (typeof tool.endpoint_url === 'string' && !params.endpoint_url && !isToolUrl(tool.endpoint_url))
    params.endpoint_url = 'must be an absolute http(s) URL (it may contain {{variable}} placeholders)';
  if (tool.input_schema !== undefined && !params.input_schema) {
    const problem = explainObjectSchemaProblem(tool.input_schema);
    if (problem) params.input_schema = problem;
  }
  if (tool.output_schema !== undefined && tool.output_schema !== null && !params.output_schema) {
    const problem = explainObjectSchemaProblem(tool.output_schema);
    if (problem) params.output_schema = problem;
  }
  const fieldsProblem = explainFieldsProblem(tool.response_mapping?.fields);
  if (fieldsProblem && !params['response_mapping.fields']) params['response_mapping.fields'] = fieldsProblem;
  if (tool.interaction && !params.interaction) {
    const problem = explainInteractionProblem(tool.interaction, tool.input_schema);
    if (problem) params.interaction = problem;
  }
  if (Object.keys(params).length > 0) throw invalidParams(params);
  return tool;
}

/** A slug of safe MCP tool-name characters derived from a display name. */
function slugifyToolName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '');
  return shortenToolName(slug) || 'tool';
}

/** The first of `base`, `base-2`, `base-3`… not used by a tool of the server. */
async function uniqueToolSlug(ctx: AppContext, serverId: number, base: string): Promise<string> {
  const taken = await listToolSlugs(ctx.store.db, serverId);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = withSuffix(base, n);
  return slug;
}

function slugTaken(): ApiError {
  return invalidParams({ slug: 'is already used by another tool of this server' });
}

function cleanTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

/** Loads a tool of the server by UUID or numeric id, or throws 404 svc_not_found "tool not found". */
export const getToolOrThrow = tools.getOrThrow;

export async function listTools(
  ctx: AppContext,
  server: ServerRecord,
  filter: ToolFilter,
  page: PageQuery,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const { rows, total } = await listToolRows(ctx.store.db, server.id, filter, page);
  return { items: rows.map((t) => presentTool(t, server)), total };
}

/**
 * The row of a new tool: `input` with the spec's default for every field it leaves out (the
 * timeout default is the `default_timeout` setting). Shared by `createTool` and the importers so
 * both store the same defaults; the input must already be validated and the slug free.
 */
export function newToolRecord(
  serverId: number,
  slug: string,
  input: ToolInput & { name: string; endpoint_url: string },
  defaultTimeout: number,
  now: string,
): NewTool {
  return {
    uuid: randomUUID(),
    server_id: serverId,
    name: input.name,
    slug,
    description: input.description ?? '',
    endpoint_url: input.endpoint_url,
    http_method: input.http_method ?? 'GET',
    input_schema: input.input_schema ?? { type: 'object', properties: {} },
    output_schema: input.output_schema ?? null,
    parameter_mapping: input.parameter_mapping ?? {},
    response_mapping: { ...DEFAULT_RESPONSE_MAPPING, ...(input.response_mapping ?? {}) },
    headers: input.headers ?? null,
    body_template: input.body_template ?? null,
    interaction: input.interaction ?? null,
    execution: input.execution ?? null,
    max_output_tokens: input.max_output_tokens ?? null,
    risk: input.risk ?? null,
    annotations: input.annotations ?? null,
    cache_ttl: input.cache_ttl ?? 0,
    timeout: input.timeout ?? defaultTimeout,
    rate_limit_per_min: input.rate_limit_per_min ?? DEFAULT_TOOL_RATE_LIMIT,
    retry_count: input.retry_count ?? 0,
    retry_backoff: input.retry_backoff ?? 'exponential',
    sort_order: input.sort_order ?? 0,
    status: input.status ?? 'active',
    tags: cleanTags(input.tags ?? []),
    last_tested_at: null,
    last_test_response_ms: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates a tool in the server with the spec's defaults, after validating the input (so importers
 * get the same rules as the API). An explicit slug already used in the server is a 400; a slug
 * derived from the name is made unique with `-2`, `-3`….
 */
export async function createTool(
  ctx: AppContext,
  server: ServerRecord,
  input: ToolInput & { name: string; endpoint_url: string },
): Promise<ToolRecord> {
  validateToolInput(input, 'create');
  let slug: string;
  if (input.slug !== undefined) {
    if (await findToolBySlug(ctx.store.db, server.id, input.slug)) throw slugTaken();
    slug = input.slug;
  } else {
    slug = await uniqueToolSlug(ctx, server.id, slugifyToolName(input.name));
  }
  const settings = await getSettings(ctx);
  const record = newToolRecord(server.id, slug, input, settings.default_timeout, nowIso());
  return tools.insert(ctx, server, record).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  });
}

/** Applies a partial update (PATCH and PUT); only the given fields change. */
export async function updateTool(
  ctx: AppContext,
  server: ServerRecord,
  tool: ToolRecord,
  input: ToolInput,
): Promise<ToolRecord> {
  validateToolInput(input, 'update');
  const patch: Partial<NewTool> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && Object.hasOwn(updateToolBody.properties, key))
      (patch as Record<string, unknown>)[key] = value;
  }
  if (input.slug !== undefined && input.slug !== tool.slug) {
    const other = await findToolBySlug(ctx.store.db, server.id, input.slug);
    if (other && other.id !== tool.id) throw slugTaken();
  }
  if (input.response_mapping !== undefined)
    patch.response_mapping = { ...DEFAULT_RESPONSE_MAPPING, ...input.response_mapping };
  if (input.tags !== undefined) patch.tags = cleanTags(input.tags);
  return tools.save(ctx, server, tool, patch, {
    onStoreError: (err) => {
      if (isUniqueViolation(err)) throw slugTaken();
      throw new ApiError('svc_update_failed', 'The tool could not be updated.');
    },
  });
}

/** Deletes a tool; 500 svc_delete_failed only when the store itself fails. */
export function deleteTool(ctx: AppContext, server: ServerRecord, tool: ToolRecord): Promise<void> {
  return tools.remove(ctx, server, tool);
}

/** Stamps a successful Test run on the tool (`last_tested_at`, `last_test_response_ms`). */
export async function recordToolTest(ctx: AppContext, tool: ToolRecord, durationMs: number): Promise<void> {
  await toolItems.update(ctx.store.db, tool.id, {
    last_tested_at: nowIso(),
    last_test_response_ms: durationMs,
  });
}

/** A tool of the server by its slug (the MCP tool name), whatever its status. */
export function findServerTool(
  ctx: Pick<AppContext, 'store'>,
  serverId: number,
  slug: string,
): Promise<ToolRecord | undefined> {
  return findToolBySlug(ctx.store.db, serverId, slug);
}
