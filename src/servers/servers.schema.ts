/** JSON Schemas of the server routes (validation and the API reference). */

const credentials = {
  description: 'JSON-encoded string (or object) of credentials; empty string or null clears them',
  anyOf: [{ type: 'string' }, { type: 'object' }, { type: 'null' }],
};

const slug = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' };

export const serverFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  slug,
  description: { type: 'string', maxLength: 5000 },
  status: { type: 'string', enum: ['active', 'paused', 'draft'] },
  auth_type: { type: 'string', enum: ['none', 'bearer', 'api-key', 'basic', 'oauth'] },
  auth_config: { type: ['object', 'null'] },
  outbound_auth_type: {
    type: 'string',
    enum: ['none', 'bearer', 'api-key', 'basic', 'oauth2-client-credentials'],
  },
  outbound_auth_config: { type: ['object', 'null'] },
  auth_credentials: credentials,
  test_auth_credentials: credentials,
  cors_origins: { type: ['string', 'null'], maxLength: 4000 },
  rate_limit_per_min: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  settings: { type: 'object' },
} as const;

export const createServerBody = {
  type: 'object',
  required: ['name'],
  properties: serverFields,
} as const;

export const updateServerBody = {
  type: 'object',
  properties: serverFields,
} as const;

export const serverIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'server UUID or numeric id' } },
} as const;

export const listServersQuery = {
  type: 'object',
  properties: {
    page: { type: 'string' },
    per_page: { type: 'string' },
    status: { type: 'string', enum: ['active', 'paused', 'draft'] },
    search: { type: 'string' },
  },
} as const;
