import { answeredRecord, confirmation, describeRoute, listOf } from '../http/route-docs.ts';
import {
  createToolBody,
  listToolsQuery,
  mappingEntry,
  RETRY_BACKOFFS,
  serverParams,
  TOOL_STATUSES,
  toolParams,
  updateToolBody,
} from './tools.schema.ts';

/** The tool routes' reference: the tool as answered, the test body and result, each route's schema. */

/** The keywords of an argument's JSON Schema that clients commonly read; it may hold any other. */
const argumentSchema = {
  type: 'object',
  additionalProperties: true,
  description: "an argument's JSON Schema",
  properties: {
    type: { type: ['string', 'array'], items: { type: 'string' } },
    description: { type: 'string' },
    format: { type: 'string' },
    enum: { type: 'array' },
    default: { description: 'any JSON value' },
    examples: { type: 'array' },
  },
} as const;

/** A tool's `input_schema` as answered: an object schema whose properties are argument schemas. */
export const answeredInputSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['type'],
  description: 'JSON Schema of the arguments',
  properties: {
    type: { type: 'string', enum: ['object'] },
    // Wrapped in allOf: @fastify/swagger walks an additionalProperties schema's keywords as if
    // they were schemas, and would drop (from the shared object too) the property named `examples`.
    properties: { type: 'object', additionalProperties: { allOf: [argumentSchema] } },
    required: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A tool as every read answers it (the spec's Tool table plus output_schema, annotations, body_template). */
export const toolRecord = answeredRecord(
  {
    type: 'object',
    additionalProperties: true,
    properties: {
      id: { type: 'integer' },
      uuid: { type: 'string', format: 'uuid' },
      server_id: { type: 'integer', description: 'numeric id of the server' },
      name: { type: 'string' },
      slug: { type: 'string', description: 'the MCP tool name' },
      description: { type: 'string' },
      endpoint_url: { type: 'string' },
      http_method: { type: 'string', description: 'HTTP method token' },
      input_schema: answeredInputSchema,
      output_schema: { type: ['object', 'null'], additionalProperties: true },
      parameter_mapping: {
        type: 'object',
        additionalProperties: mappingEntry,
        description: 'argument name → `{target, key, style?}`',
      },
      response_mapping: {
        type: 'object',
        additionalProperties: true,
        description: 'how the upstream response becomes the tool result (see the create body)',
        properties: {
          selector: { type: 'string' },
          format: { type: 'string' },
          template: { type: 'string' },
          fields: { type: 'array', items: { type: 'string' } },
          pagination: {
            type: 'object',
            properties: {
              param: { type: 'string' },
              kind: { type: 'string' },
              limit_param: { type: 'string' },
            },
          },
        },
      },
      headers: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
      body_template: { type: ['string', 'null'] },
      interaction: {
        type: ['object', 'null'],
        description: 'multi-round settings (see the create body); null = defaults',
      },
      execution: {
        type: ['object', 'null'],
        description: 'long-running settings (see the create body); null = an ordinary call',
      },
      annotations: { type: ['object', 'null'], additionalProperties: true },
      max_output_tokens: {
        type: ['integer', 'null'],
        description:
          "token budget of a result; null = the server's `settings.max_output_tokens` (default 10,000)",
      },
      risk: {
        type: ['string', 'null'],
        enum: ['read', 'write', 'destructive', null],
        description:
          'as an operator set it; null = from the annotations and method (policies read `resource.risk`)',
      },
      cache_ttl: { type: 'integer', description: 'seconds' },
      timeout: { type: 'integer', description: 'seconds' },
      rate_limit_per_min: { type: 'integer' },
      retry_count: { type: 'integer' },
      retry_backoff: { type: 'string', enum: [...RETRY_BACKOFFS] },
      sort_order: { type: 'integer' },
      status: { type: 'string', enum: [...TOOL_STATUSES] },
      tags: { type: 'array', items: { type: 'string' } },
      last_tested_at: { type: ['string', 'null'], description: 'set by a successful test' },
      last_test_response_ms: { type: ['integer', 'null'], description: 'set by a successful test' },
      token_estimate: {
        type: 'integer',
        description:
          'estimated tokens of the definition tools/list serves (name, description, schemas, annotations)',
      },
      server_uuid: { type: 'string' },
      server_hex: { type: 'string', description: "the server's 16-hex `server_id`" },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      _notice: { type: 'string', description: 'cURL import only: where detected credentials went' },
      _warnings: {
        type: 'array',
        items: { type: 'string' },
        description: 'cURL import only: parse warnings',
      },
    },
    examples: [
      {
        id: 7,
        uuid: '5d0c8f5e-5b8e-4d8b-9d8e-1b2a3c4d5e6f',
        server_id: 1,
        name: 'Get forecast',
        slug: 'get_forecast',
        description: 'Weather forecast for a city',
        endpoint_url: 'https://api.example.com/forecast/{{city}}',
        http_method: 'GET',
        input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        output_schema: null,
        parameter_mapping: { city: { target: 'path', key: 'city' } },
        response_mapping: { selector: '', format: 'json', template: '' },
        headers: null,
        body_template: null,
        annotations: null,
        max_output_tokens: null,
        risk: null,
        execution: null,
        cache_ttl: 0,
        timeout: 30,
        rate_limit_per_min: 60,
        retry_count: 0,
        retry_backoff: 'exponential',
        sort_order: 0,
        status: 'active',
        tags: ['weather'],
        last_tested_at: null,
        last_test_response_ms: null,
        token_estimate: 180,
        server_uuid: '0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10',
        server_hex: '9f1c2b3a4d5e6f70',
        created_at: '2026-01-05T10:00:00.000Z',
        updated_at: '2026-01-05T10:00:00.000Z',
      },
    ],
  } as const,
  ['_notice', '_warnings'],
);

export const testToolBody = {
  type: ['object', 'null'],
  properties: {
    arguments: {
      type: 'object',
      default: {},
      description:
        'tool arguments; keys must match input_schema.properties (a schema with `additionalProperties` takes others, but never one named like a query key, body-template key or mapped field the tool fixes): 400 naming each otherwise',
    },
    use_test_credentials: {
      type: 'boolean',
      default: true,
      description:
        'true: test credentials, falling back to production ones; false: production credentials. A run that sends production credentials (false, or true on a server without test credentials) needs `manage_options`: 403 `rest_forbidden` otherwise',
    },
  },
  // Unknown fields are refused by the handler, not the schema, so that flat arguments
  // (`{"id": 3}`) get the hint to wrap them in `arguments` (tools/tool-test.routes.ts).
  additionalProperties: true,
  'x-checked-by-handler': 'unknown fields: 400 naming each, with the arguments-wrapper hint',
  examples: [{ arguments: { city: 'Paris' } }],
} as const;

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

const testResult = {
  type: 'object',
  additionalProperties: true,
  description:
    'The run. An upstream failure is still 200 with `mcp_output.isError` true; a transport failure (timeout, network) or a call that never left has `outbound_request` and `raw_response` null and `total_ms` 0.',
  required: ['outbound_request', 'raw_response', 'mcp_output', 'timing'],
  properties: {
    outbound_request: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: 'the request as sent (secrets masked)',
      required: ['method', 'url', 'headers', 'body'],
      properties: {
        method: { type: 'string' },
        url: { type: 'string' },
        headers: stringMap,
        body: { type: ['string', 'null'] },
      },
    },
    raw_response: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: "the upstream's answer, body always a string (binary base64)",
      required: ['status_code', 'headers', 'body'],
      properties: {
        status_code: { type: 'integer' },
        headers: stringMap,
        body: { type: 'string' },
      },
    },
    mcp_output: {
      type: 'object',
      additionalProperties: true,
      description: 'what an MCP client gets: the CallToolResult',
      required: ['content', 'isError'],
      properties: {
        content: {
          type: 'array',
          description: 'MCP content blocks: text, image, audio, resource, resource_link',
          items: {
            type: 'object',
            additionalProperties: true,
            required: ['type'],
            properties: { type: { type: 'string' }, text: { type: 'string' } },
          },
        },
        structuredContent: { type: 'object', additionalProperties: true },
        isError: { type: 'boolean' },
      },
    },
    timing: {
      type: 'object',
      additionalProperties: true,
      required: ['total_ms'],
      properties: { total_ms: { type: 'integer' } },
    },
  },
  examples: [
    {
      outbound_request: {
        method: 'GET',
        url: 'https://api.example.com/forecast/Paris',
        headers: {},
        body: null,
      },
      raw_response: {
        status_code: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"temp":21}',
      },
      mcp_output: { content: [{ type: 'text', text: '{"temp":21}' }], isError: false },
      timing: { total_ms: 84 },
    },
  ],
} as const;

const tags = ['tools'];
const oneTool = (description: string) => ({ ...toolRecord, description });

/** The reference of every tool route. */
export const toolDocs = {
  list: describeRoute(tags, {
    summary: 'List tools',
    description: 'Tools of a server by `sort_order`, a page at a time, filtered by status, tag or text.',
    params: serverParams,
    querystring: listToolsQuery,
    errors: ['svc_not_found'],
    response: { 200: listOf(toolRecord, 'The tools of this page.') },
  }),
  create: describeRoute(tags, {
    summary: 'Create a tool',
    description:
      'Creates a tool by hand (status `active` unless given). The input schema must be a valid JSON Schema object schema; an explicit slug already used in the server is 400.',
    params: serverParams,
    body: createToolBody,
    errors: ['svc_not_found'],
    response: { 201: oneTool('The created tool.') },
  }),
  get: describeRoute(tags, {
    summary: 'Get a tool',
    description: 'One tool by UUID or numeric id.',
    params: toolParams,
    errors: ['svc_not_found'],
    response: { 200: oneTool('The tool.') },
  }),
  update: describeRoute(tags, {
    summary: 'Update a tool',
    description:
      'Partial update (PATCH and PUT alike): only the fields sent change; MCP clients get list_changed.',
    params: toolParams,
    body: updateToolBody,
    errors: ['svc_not_found', 'svc_update_failed'],
    response: { 200: oneTool('The updated tool.') },
  }),
  remove: describeRoute(tags, {
    summary: 'Delete a tool',
    description: 'Deletes the tool permanently.',
    params: toolParams,
    errors: ['svc_not_found', 'svc_delete_failed'],
    response: { 200: confirmation({ deleted: { type: 'boolean' } }, { deleted: true }) },
  }),
  test: describeRoute(tags, {
    summary: 'Test a tool live',
    description:
      'Runs an active tool through the same pipeline MCP clients use (no cache read). On success `last_tested_at` and `last_test_response_ms` are recorded. ' +
      'Credentials go only to the origins they are bound to (`auth_credentials_origins`): a tool at another origin answers a tool error naming it, with nothing sent. Sending production credentials is for keys with `manage_options` (the raw response shows whatever the upstream echoes).',
    params: toolParams,
    body: testToolBody,
    errors: ['svc_not_found', 'svc_tool_not_testable', 'rest_forbidden'],
    response: { 200: testResult },
  }),
};
