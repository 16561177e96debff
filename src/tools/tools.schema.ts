/** JSON Schemas of the tool routes (validation and the API reference). */

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const TOOL_STATUSES = ['draft', 'active', 'inactive'] as const;
const RETRY_BACKOFFS = ['none', 'fixed', 'linear', 'exponential'] as const;
const MAPPING_TARGETS = ['path', 'query', 'header', 'body', 'form', 'cookie'] as const;
const RESPONSE_FORMATS = ['json', 'text', 'markdown', 'template'] as const;
const TOOL_SLUG_PATTERN = '^[A-Za-z0-9_.-]{1,128}$';

const mappingEntry = {
  type: 'object',
  required: ['target', 'key'],
  properties: {
    target: { type: 'string', enum: [...MAPPING_TARGETS] },
    key: { type: 'string', minLength: 1, maxLength: 500 },
    style: { type: 'string', enum: ['repeat', 'comma', 'deepObject'] },
  },
  additionalProperties: false,
} as const;

const toolFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  slug: { type: 'string', pattern: TOOL_SLUG_PATTERN },
  description: { type: 'string', maxLength: 20_000 },
  endpoint_url: {
    type: 'string',
    minLength: 1,
    maxLength: 4000,
    description: 'absolute http(s) URL; may contain {{variable}} placeholders',
  },
  http_method: { type: 'string', enum: [...HTTP_METHODS] },
  input_schema: { type: 'object', description: 'JSON Schema with type "object" (draft-07 or 2020-12)' },
  output_schema: { type: ['object', 'null'], description: 'JSON Schema with type "object", or null' },
  parameter_mapping: { type: 'object', additionalProperties: mappingEntry },
  response_mapping: {
    type: 'object',
    properties: {
      selector: { type: 'string', maxLength: 2000 },
      format: { type: 'string', enum: [...RESPONSE_FORMATS] },
      template: { type: 'string', maxLength: 100_000 },
    },
    additionalProperties: false,
  },
  headers: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
  body_template: { type: ['string', 'null'], maxLength: 1_000_000 },
  annotations: {
    type: ['object', 'null'],
    properties: { title: { type: 'string', maxLength: 200 } },
    additionalProperties: { type: 'boolean' },
  },
  cache_ttl: { type: 'integer', minimum: 0, maximum: 31_536_000, description: 'seconds' },
  timeout: { type: 'integer', minimum: 1, maximum: 600, description: 'seconds' },
  rate_limit_per_min: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  retry_count: { type: 'integer', minimum: 0, maximum: 10 },
  retry_backoff: { type: 'string', enum: [...RETRY_BACKOFFS] },
  sort_order: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
  status: { type: 'string', enum: [...TOOL_STATUSES] },
  tags: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: 100 },
} as const;

export const createToolBody = {
  type: 'object',
  required: ['name', 'endpoint_url'],
  properties: toolFields,
} as const;

export const updateToolBody = {
  type: 'object',
  properties: toolFields,
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
    page: { type: 'string' },
    per_page: { type: 'string' },
    status: { type: 'string', enum: [...TOOL_STATUSES] },
    tag: { type: 'string' },
    search: { type: 'string' },
  },
} as const;
