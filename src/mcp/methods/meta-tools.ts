import {
  CALL_TOOL,
  DESCRIBE_MAX_NAMES,
  DESCRIBE_TOOLS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_TOOLS,
} from '../../discovery/meta-tools.ts';
import type { ToolView } from '../../tools/mcp-view.ts';
import type { CallContext } from '../call-context.ts';
import { runTool } from './run-tool.ts';

/*
 * Runs discovery mode's meta-tools (presented by discovery/meta-tools.ts). Their own argument
 * errors are `isError` results (the model can correct them), never protocol errors.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function errorResult(message: string): Record<string, unknown> {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function structured(value: Record<string, unknown>): Record<string, unknown> {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value,
    isError: false,
  };
}

/** Names close to an unknown one: the search over its words, best first. */
export function closestNames(view: ToolView, name: string, limit = 3): string[] {
  return view
    .index()
    .search(name, { limit })
    .map((h) => h.name);
}

function unknownTool(view: ToolView, name: string): Record<string, unknown> {
  const close = closestNames(view, name);
  const hint = close.length ? ` Closest: ${close.join(', ')}.` : '';
  return errorResult(
    `Unknown or inactive tool "${name.slice(0, 100)}".${hint} Use ${SEARCH_TOOLS} to find tools.`,
  );
}

function searchTools(args: Record<string, unknown>, view: ToolView): Record<string, unknown> {
  const { query, limit, tags } = args;
  if (typeof query !== 'string' || query.trim() === '')
    return errorResult('query must be a non-empty string');
  if (
    limit !== undefined &&
    (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > SEARCH_MAX_LIMIT)
  )
    return errorResult(`limit must be an integer from 1 to ${SEARCH_MAX_LIMIT}`);
  if (tags !== undefined && (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')))
    return errorResult('tags must be an array of strings');
  const unknown = Object.keys(args).filter((k) => !['query', 'limit', 'tags'].includes(k));
  if (unknown.length) return errorResult(`unknown argument: ${unknown.join(', ')}`);
  const tools = view.index().search(query.slice(0, 1000), {
    limit: (limit as number | undefined) ?? SEARCH_DEFAULT_LIMIT,
    tags: tags as string[] | undefined,
  });
  return structured({ tools });
}

function describeTools(args: Record<string, unknown>, view: ToolView): Record<string, unknown> {
  const { names } = args;
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string'))
    return errorResult('names must be a non-empty array of tool names');
  if (names.length > DESCRIBE_MAX_NAMES) return errorResult(`at most ${DESCRIBE_MAX_NAMES} names at a time`);
  const tools: Record<string, unknown>[] = [];
  for (const name of names as string[]) {
    const tool = view.find(name);
    if (!tool) return unknownTool(view, name);
    tools.push(view.describe(tool));
  }
  return structured({ tools });
}

/** Runs a meta-tool of discovery mode. */
export async function callMetaTool(
  name: string,
  args: Record<string, unknown>,
  params: Record<string, unknown>,
  call: CallContext,
  view: ToolView,
): Promise<Record<string, unknown>> {
  if (name === SEARCH_TOOLS) return searchTools(args, view);
  if (name === DESCRIBE_TOOLS) return describeTools(args, view);
  const target = args.name;
  if (typeof target !== 'string' || target === '') return errorResult('name must be the name of a tool');
  if (args.arguments !== undefined && args.arguments !== null && !isObject(args.arguments))
    return errorResult('arguments must be an object');
  const tool = view.find(target);
  if (!tool) return unknownTool(view, target);
  // The inner call's own multi-round fields (confirmation, asked inputs) travel on the outer request.
  return runTool(call, tool, { ...params, name: target, arguments: args.arguments ?? {} }, CALL_TOOL);
}
