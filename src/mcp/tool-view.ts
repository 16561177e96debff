import {
  cutDescription,
  type DiscoverySettings,
  readDiscoverySettings,
  resolveExposure,
} from '../discovery/exposure.ts';
import { buildSearchIndex, type SearchIndex } from '../discovery/search-index.ts';
import { estimateTokens } from '../discovery/tokens.ts';
import { shortenToolName } from '../importers/names.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { presentMcpTool } from './methods/tools.ts';
import type { ActiveTools } from './record-cache.ts';

/*
 * What MCP clients see of a server's active tools (issue 16), built once per tool-set version
 * (the record cache replaces its ActiveTools on every `tools_changed`, dropping this with it) and
 * per discovery settings: names within the server's limit, descriptions within its budget, the
 * size of the full listing, the mode it resolves to, and the search index (built on first search).
 */
export interface ToolView {
  mode: 'all' | 'discovery';
  /** `tools/list` entries of `all` mode (names and descriptions within the server's limits). */
  listed: Record<string, unknown>[];
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

const views = new WeakMap<ActiveTools, Map<string, ToolView>>();

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
    perSettings = new Map();
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
  const listed = tools.list.map((tool) => {
    const full = describe(tool);
    return { ...full, description: cutDescription(String(full.description), settings.descriptionBudget) };
  });
  const allTokens = estimateTokens({ tools: listed });
  let index: SearchIndex | undefined;
  return {
    mode: resolveExposure(exposure, allTokens, settings.tokenBudget),
    listed,
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
