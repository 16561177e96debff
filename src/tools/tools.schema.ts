/** JSON Schemas of the tool routes (validation and the API reference). */

import { METHOD_TOKEN_PATTERN, METHOD_TOKEN_PROBLEM } from '../shared/http-method.ts';
import { executionSchema } from './execution.schema.ts';
import { interactionSchema } from './interaction.schema.ts';

export const TOOL_STATUSES = ['draft', 'active', 'inactive'] as const;
export const RETRY_BACKOFFS = ['none', 'fixed', 'linear', 'exponential'] as const;
const MAPPING_TARGETS = ['path', 'query', 'header', 'body', 'form', 'cookie'] as const;
const RESPONSE_FORMATS = ['json', 'text', 'markdown', 'template'] as const;
const PAGINATION_KINDS = ['after_id', 'cursor', 'offset', 'page'] as const;
/** MCP tool-name characters, at most 64 (tools/tool-names.ts MAX_TOOL_NAME says why). */
const TOOL_SLUG_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';

/** RFC 9110 token: the characters a header name may have. */
const HEADER_NAME = "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}$";
/** What undici sends as a header value: tab, visible ASCII, space and Latin-1; never CR, LF or NUL. */
const HEADER_VALUE = '^[\\t\\x20-\\x7e\\x80-\\xff]*$';

export const mappingEntry = {
  type: 'object',
  required: ['target', 'key'],
  description: 'where one argument goes in the upstream request',
  properties: {
    target: {
      type: 'string',
      enum: [...MAPPING_TARGETS],
      description: 'path ({{key}} in the URL), query, header, body (JSON field), form, cookie',
    },
    key: { type: 'string', minLength: 1, maxLength: 500, description: 'name in the target' },
    style: {
      type: 'string',
      enum: ['repeat', 'form', 'comma', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
      description:
        'arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)',
    },
  },
} as const;

const toolFields = {
  name: { type: 'string', minLength: 1, maxLength: 200, description: 'display name' },
  slug: {
    type: 'string',
    pattern: TOOL_SLUG_PATTERN,
    description: 'the MCP tool name, unique in the server; default: derived from the name',
  },
  description: {
    type: 'string',
    maxLength: 20_000,
    default: '',
    description: 'what the tool does, shown to the model',
  },
  endpoint_url: {
    type: 'string',
    minLength: 1,
    maxLength: 4000,
    description: 'absolute http(s) URL of the upstream; may contain {{variable}} placeholders',
  },
  http_method: {
    type: 'string',
    pattern: METHOD_TOKEN_PATTERN,
    'x-reason': METHOD_TOKEN_PROBLEM,
    default: 'GET',
    description:
      'any HTTP method token (RFC 9110): GET, POST, PURGE, PROPFIND…; GET…CONNECT are upper-cased when sent',
  },
  input_schema: {
    type: 'object',
    description:
      'JSON Schema of the arguments, with type "object" (2020-12 unless `$schema` says otherwise); default `{"type":"object","properties":{}}`',
  },
  output_schema: {
    type: ['object', 'null'],
    description: 'JSON Schema (type "object") of the structured result, or null (default)',
  },
  parameter_mapping: {
    type: 'object',
    additionalProperties: mappingEntry,
    description:
      'argument name → `{target, key, style?}`; default `{}` (unmapped arguments go to the query of GET, HEAD, DELETE and OPTIONS, else to the JSON body)',
  },
  response_mapping: {
    type: 'object',
    description:
      'how the upstream response becomes the tool result; default `{"selector":"","format":"json","template":""}`',
    properties: {
      selector: {
        type: 'string',
        maxLength: 2000,
        description: 'JSONPath (or dotted path) into the response body; empty = the whole body',
      },
      format: {
        type: 'string',
        enum: [...RESPONSE_FORMATS],
        description: 'json, text, markdown, or template (renders `template`)',
      },
      template: {
        type: 'string',
        maxLength: 100_000,
        description: 'text with {{placeholders}} for format template',
      },
      fields: {
        type: 'array',
        maxItems: 100,
        items: { type: 'string', minLength: 1, maxLength: 500 },
        description:
          'JSONPath expressions of the parts of the (selected) answer to keep, e.g. `["$.id", "$.name", "$.items[*].id"]`: member, index and wildcard steps; ' +
          'the answer keeps its shape with only those parts (the served outputSchema is projected the same way), before `max_output_tokens` cuts it; empty or absent = everything',
      },
      pagination: {
        type: 'object',
        description:
          'the arguments that page the operation (found by the importers), named in the note when a long list is cut',
        properties: {
          param: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
            description: 'the argument that pages further',
          },
          kind: {
            type: 'string',
            enum: [...PAGINATION_KINDS],
            description:
              '`after_id` (the id of the last item shown, e.g. starting_after), `cursor` (a token from the answer), `offset` (items to skip) or `page` (page number)',
          },
          limit_param: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
            description: 'the page-size argument (limit, per_page…)',
          },
        },
      },
    },
  },
  risk: {
    type: ['string', 'null'],
    enum: ['read', 'write', 'destructive', null],
    description:
      'the risk policies see as `resource.risk`; null (default) = from the annotations (destructiveHint → destructive, readOnlyHint → read) or the method (GET → read, DELETE → destructive, else write)',
  },
  max_output_tokens: {
    type: ['integer', 'null'],
    minimum: 0,
    maximum: 1_000_000,
    description:
      "estimated tokens a result may take (after response mapping): a longer JSON list keeps its first items and says how to page further, a longer text is cut at a line; 0 = no token limit; null (default) = the server's `settings.max_output_tokens` (default 10,000)",
  },
  headers: {
    type: ['object', 'null'],
    description: 'extra upstream headers (name → value; values may hold {{variables}}); default null',
    propertyNames: { pattern: HEADER_NAME, 'x-reason': 'is not a valid header name' },
    additionalProperties: {
      type: 'string',
      maxLength: 8000,
      pattern: HEADER_VALUE,
      'x-reason': 'must not contain CR, LF, NUL or characters above U+00FF',
    },
  },
  body_template: {
    type: ['string', 'null'],
    maxLength: 1_000_000,
    description: 'request body with {{variable}} placeholders (JSON templates stay JSON); default null',
  },
  interaction: interactionSchema,
  execution: executionSchema,
  annotations: {
    type: ['object', 'null'],
    description:
      'MCP tool annotations: `title` and boolean hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)',
    properties: { title: { type: 'string', maxLength: 200, description: 'human-readable tool title' } },
    additionalProperties: { type: 'boolean' },
  },
  cache_ttl: {
    type: 'integer',
    minimum: 0,
    maximum: 31_536_000,
    default: 0,
    description: 'seconds a successful result is cached; 0 = no cache',
  },
  timeout: {
    type: 'integer',
    minimum: 1,
    maximum: 600,
    description: 'seconds per upstream attempt; default: the `default_timeout` setting (30)',
  },
  rate_limit_per_min: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    default: 60,
    description: 'calls a minute to this tool; 0 = unlimited',
  },
  retry_count: {
    type: 'integer',
    minimum: 0,
    maximum: 10,
    default: 0,
    description: 'retries after a failed attempt',
  },
  retry_backoff: {
    type: 'string',
    enum: [...RETRY_BACKOFFS],
    default: 'exponential',
    description: 'wait between retries',
  },
  sort_order: {
    type: 'integer',
    minimum: -1_000_000,
    maximum: 1_000_000,
    default: 0,
    description: 'position in tools/list and exports (ascending)',
  },
  status: {
    type: 'string',
    enum: [...TOOL_STATUSES],
    default: 'active',
    description: 'only active tools are listed and callable over MCP',
  },
  tags: {
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: 100 },
    maxItems: 100,
    default: [],
    description: 'labels for filtering (duplicates and blanks are dropped)',
  },
} as const;

export const createToolBody = {
  type: 'object',
  required: ['name', 'endpoint_url'],
  properties: toolFields,
  examples: [
    {
      name: 'Get forecast',
      description: 'Weather forecast for a city',
      endpoint_url: 'https://api.example.com/forecast/{{city}}',
      http_method: 'GET',
      input_schema: {
        type: 'object',
        properties: { city: { type: 'string', description: 'city name' } },
        required: ['city'],
      },
      parameter_mapping: { city: { target: 'path', key: 'city' } },
    },
  ],
} as const;

export const updateToolBody = {
  type: 'object',
  description: 'Every field is optional; only the fields sent change (PUT is the same partial update).',
  properties: toolFields,
  examples: [{ status: 'inactive' }],
} as const;

export const serverParams = {
  type: 'object',
  required: ['server_id'],
  properties: { server_id: { type: 'string', description: 'server UUID or numeric id' } },
} as const;

export const toolParams = {
  type: 'object',
  required: ['server_id', 'id'],
  properties: {
    server_id: { type: 'string', description: 'server UUID or numeric id' },
    id: { type: 'string', description: 'tool UUID or numeric id' },
  },
} as const;

export const listToolsQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
    status: { type: 'string', enum: [...TOOL_STATUSES], description: 'only tools in this status' },
    tag: { type: 'string', description: 'only tools carrying this tag' },
    search: {
      type: 'string',
      description: 'case-insensitive substring of the name, slug, description or endpoint URL',
    },
  },
} as const;
