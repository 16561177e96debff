import {
  cutDescription,
  type DiscoverySettings,
  readDiscoverySettings,
  resolveExposure,
} from '../discovery/exposure.ts';
import { buildSearchIndex, type SearchIndex } from '../discovery/search-index.ts';
import { estimateTokens } from '../discovery/tokens.ts';
import { servedOutputSchema } from '../executor/output-schema.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import { clientSchema } from '../shared/client-schema.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { interactionOf } from './interaction.ts';
import { offersTaskResults, presentTaskResultTool } from './task-result-tool.ts';
import { shortenToolName } from './tool-names.ts';

/*
 * How tools are presented to MCP clients: one tool as `tools/list` serves it (presentMcpTool) and
 * a server's active tools as clients see them (viewTools). The MCP methods serve these; the tools
 * and servers APIs measure them (token estimates) and the importers preview them.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** No parameters at all: MCP asks for this exact schema rather than an empty one. */
const NO_PARAMETERS = { type: 'object', additionalProperties: false };

/** The input schema as MCP wants it: always an object schema, never null. */
export function presentInputSchema(schema: unknown): Record<string, unknown> {
  if (!isObject(schema)) return NO_PARAMETERS;
  const keys = Object.keys(schema).filter((k) => k !== 'type' && k !== 'properties');
  const props = schema.properties;
  const noProps = props === undefined || (isObject(props) && Object.keys(props).length === 0);
  if (keys.length === 0 && noProps && (schema.type === undefined || schema.type === 'object'))
    return NO_PARAMETERS;
  return schema.type === undefined ? { type: 'object', ...schema } : schema;
}

/** Hints from the HTTP method (RFC 9110 semantics) unless the tool sets its own. */
export function presentAnnotations(
  tool: Pick<ToolRecord, 'annotations' | 'http_method'>,
): Record<string, unknown> {
  if (isObject(tool.annotations) && Object.keys(tool.annotations).length > 0) return tool.annotations;
  switch (tool.http_method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
    case 'OPTIONS':
      return { readOnlyHint: true, openWorldHint: true };
    case 'DELETE':
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };
    case 'PUT':
      return { readOnlyHint: false, idempotentHint: true, openWorldHint: true };
    default:
      return { readOnlyHint: false, idempotentHint: false, openWorldHint: true };
  }
}

/** The input schema without the arguments the client supplies (interaction inputs): the model never sees them. */
function withoutHidden(schema: Record<string, unknown>, hidden: Set<string>): Record<string, unknown> {
  if (hidden.size === 0 || !isObject(schema.properties)) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([k]) => !hidden.has(k)));
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r) => !hidden.has(r as string))
    : undefined;
  const out: Record<string, unknown> = { ...schema, properties };
  if (required) out.required = required;
  return out;
}

/** One tool of `tools/list` (name = slug, title = name). */
export function presentMcpTool(tool: ToolRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: tool.slug,
    title: tool.name,
    description: tool.description || tool.name,
    inputSchema: presentInputSchema(
      withoutHidden(clientSchema(tool.input_schema), interactionOf(tool).hidden),
    ),
  };
  // MCP requires an object schema here; clients validate structuredContent against it (projected
  // to `response_mapping.fields` when the tool keeps only those parts of its answers).
  const outputSchema = servedOutputSchema(tool);
  if (outputSchema) out.outputSchema = outputSchema;
  out.annotations = presentAnnotations(tool);
  return out;
}

/*
 * What MCP clients see of a server's active tools (issue 16), built once per tool-set version
 * (the record cache replaces its ActiveTools on every `tools_changed`, dropping this with it) and
 * per discovery settings: names within the server's limit, descriptions within its budget, the
 * size of the full listing, the mode it resolves to, and the search index (built on first search).
 */
export interface ToolView {
  mode: 'all' | 'discovery' | 'code';
  /** `tools/list` entries of `all` mode (names and descriptions within the server's limits). */
  listed: Record<string, unknown>[];
  /**
   * The same entries for 2026-07-28 clients: input schemas as stored, every JSON Schema 2020-12
   * keyword kept (SEP-2106 asks clients to take them), where `listed` serves the copy older
   * clients take (shared/client-schema.ts). Built on first use.
   */
  listedModern(): Record<string, unknown>[];
  /** `get_task_result` is listed and served (tools/task-result-tool.ts). */
  continues: boolean;
  /** Estimated tokens of the `all`-mode listing. */
  allTokens: number;
  /** A tool by the name clients see, or by its slug. */
  find(name: string): ToolRecord | undefined;
  /** The name clients see. */
  nameOf(tool: ToolRecord): string;
  /** The `all`-mode definition with the whole description (describe_tools). */
  describe(tool: ToolRecord): Record<string, unknown>;
  index(): SearchIndex;
}

/** A server's active tools in `tools/list` order (the record cache holds one value per tool-set version). */
export interface ActiveTools {
  list: ToolRecord[];
  bySlug: Map<string, ToolRecord>;
}

/** Views of one tool list, per discovery settings (a few: settings change rarely). */
const views = new WeakMap<ActiveTools, BoundedCache<ToolView>>();

/** A server record's discovery settings and view key, read once per record (records are replaced, never changed). */
const viewKeys = new WeakMap<ServerRecord, { key: string; settings: DiscoverySettings }>();

function viewKeyOf(server: ServerRecord): { key: string; settings: DiscoverySettings } {
  let kept = viewKeys.get(server);
  if (!kept) {
    const settings = readDiscoverySettings(server);
    const key = `${server.tool_exposure}|${settings.tokenBudget}|${settings.nameLimit}|${settings.descriptionBudget}`;
    kept = { key, settings };
    viewKeys.set(server, kept);
  }
  return kept;
}

export function viewTools(server: ServerRecord, tools: ActiveTools): ToolView {
  const { key, settings } = viewKeyOf(server);
  let perSettings = views.get(tools);
  if (!perSettings) {
    perSettings = new BoundedCache({ maxEntries: 8 });
    views.set(tools, perSettings);
  }
  let view = perSettings.get(key);
  if (!view) {
    view = buildView(server.tool_exposure, settings, tools);
    perSettings.set(key, view);
  }
  return view;
}

function buildView(
  exposure: ServerRecord['tool_exposure'],
  settings: DiscoverySettings,
  tools: ActiveTools,
): ToolView {
  const served = new Map<ToolRecord, string>();
  const byName = new Map<string, ToolRecord>();
  for (const tool of tools.list) {
    const name = shortenToolName(tool.slug, settings.nameLimit);
    served.set(tool, name);
    if (!byName.has(name)) byName.set(name, tool);
  }
  const nameOf = (tool: ToolRecord) => served.get(tool) ?? tool.slug;
  const describe = (tool: ToolRecord): Record<string, unknown> => ({
    ...presentMcpTool(tool),
    name: nameOf(tool),
  });
  const listed: Record<string, unknown>[] = tools.list.map((tool) => {
    const full = describe(tool);
    return { ...full, description: cutDescription(String(full.description), settings.descriptionBudget) };
  });
  // Calls that continue in the background are fetched with the gateway's own tool.
  const continues = offersTaskResults(tools.list);
  if (continues) listed.push(presentTaskResultTool());
  const allTokens = estimateTokens({ tools: listed });
  let index: SearchIndex | undefined;
  let modern: Record<string, unknown>[] | undefined;
  return {
    mode: resolveExposure(exposure, allTokens, settings.tokenBudget),
    listed,
    continues,
    listedModern() {
      modern ??= listed.map((entry, i) => {
        const tool = tools.list[i];
        if (!tool || clientSchema(tool.input_schema) === tool.input_schema) return entry;
        const inputSchema = presentInputSchema(withoutHidden(tool.input_schema, interactionOf(tool).hidden));
        return { ...entry, inputSchema };
      });
      return modern;
    },
    allTokens,
    find: (name) => byName.get(name) ?? tools.bySlug.get(name),
    nameOf,
    describe,
    index() {
      index ??= buildSearchIndex(tools.list, nameOf);
      return index;
    },
  };
}
