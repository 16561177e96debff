import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolView } from '../tools/mcp-view.ts';

/*
 * Discovery mode (issue 16): tools/list answers three meta-tools and the model finds, reads and
 * calls the server's real tools through them. This is how they are presented; mcp/methods/meta-tools.ts
 * runs them.
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
