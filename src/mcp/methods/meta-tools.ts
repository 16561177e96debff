import type { ServerRecord } from '../../store/servers.repo.ts';
import type { CallContext } from '../call-context.ts';
import type { ToolView } from '../tool-view.ts';
import { runTool } from './tools.ts';

/*
 * Discovery mode (issue 16): tools/list answers three meta-tools and the model finds, reads and
 * calls the server's real tools through them. Their own argument errors are `isError` results
 * (the model can correct them), never protocol errors.
 */

export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOLS = 'describe_tools';
export const CALL_TOOL = 'call_tool';
const META_TOOLS = new Set([SEARCH_TOOLS, DESCRIBE_TOOLS, CALL_TOOL]);

export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;
export const DESCRIBE_MAX_NAMES = 20;

export const isMetaTool = (name: string): boolean => META_TOOLS.has(name);

const hitSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name', 'title', 'description', 'method', 'path', 'tags'],
};

/** The three tools of discovery mode, their descriptions naming the server and its tool count. */
export function presentMetaTools(server: ServerRecord, view: ToolView): Record<string, unknown>[] {
  const count = view.listed.length;
  return [
    {
      name: SEARCH_TOOLS,
      title: 'Search tools',
      description:
        `Search the ${count} tools of ${server.name} by what you want to do (natural language). ` +
        `Returns the best matches, best first: name, one-line description, HTTP method and path. ` +
        `Then read a tool's parameters with ${DESCRIBE_TOOLS} and run it with ${CALL_TOOL}.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            minLength: 1,
            description: 'what you want to do, e.g. "create a customer"',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: SEARCH_MAX_LIMIT,
            default: SEARCH_DEFAULT_LIMIT,
            description: 'how many tools to return',
          },
          tags: {
            type: 'array',
            items: { type: 'string' },
            description: 'only tools with one of these tags',
          },
        },
        required: ['query'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: { tools: { type: 'array', items: hitSchema } },
        required: ['tools'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: DESCRIBE_TOOLS,
      title: 'Describe tools',
      description: `Full definitions (description, inputSchema, outputSchema, annotations) of tools found with ${SEARCH_TOOLS}.`,
      inputSchema: {
        type: 'object',
        properties: {
          names: {
            type: 'array',
            items: { type: 'string' },
            minItems: 1,
            maxItems: DESCRIBE_MAX_NAMES,
            description: 'tool names from search_tools',
          },
        },
        required: ['names'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: { tools: { type: 'array', items: { type: 'object' } } },
        required: ['tools'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: CALL_TOOL,
      title: 'Call a tool',
      description: `Run one tool by name with its arguments (as its inputSchema from ${DESCRIBE_TOOLS} describes them).`,
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, description: 'the tool name' },
          arguments: { type: 'object', description: "the tool's arguments" },
        },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
  ];
}

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
