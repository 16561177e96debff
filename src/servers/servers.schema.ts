import { answeredRecord, confirmation, describeRoute, listOf } from '../http/route-docs.ts';
import { OUTBOUND_AUTH_TYPES } from './credentials.ts';

/** JSON Schemas of the server routes (validation and the API reference). */

const SERVER_STATUSES = ['active', 'paused', 'draft'] as const;
const INBOUND_AUTH = ['none', 'bearer', 'api-key', 'basic', 'oauth'] as const;
/** Shared kinds and the per-user ones (servers/credentials.ts). */
const OUTBOUND_AUTH = OUTBOUND_AUTH_TYPES;

const credentials = {
  description:
    'Credentials the tools send upstream, as a JSON-encoded string (or an object), encrypted at rest and never shown again. ' +
    'bearer `{"token"}`; api-key `{"name","value","location":"header|query|cookie|body"}` (body: a top-level field of a JSON or form body); basic `{"username","password"}`; ' +
    'oauth2-client-credentials `{"token_url","client_id","client_secret","scope?","audience?"}`. Any format may add `"extra_keys": [{"name","value","location"}]` (up to 20), further secrets sent with it (a cURL import puts every secret it finds there). An optional `type` picks the format; ' +
    "else the server's `outbound_auth_type`, else the shape. An empty string or null clears them.",
  anyOf: [{ type: 'string', maxLength: 20_000 }, { type: 'object' }, { type: 'null' }],
  examples: ['{"token":"sk_live_…"}'],
};

/** The origins a credential set may be sent to (servers/credential-origins.ts). */
const credentialOrigins = (field: string) => ({
  type: ['array', 'null'],
  maxItems: 50,
  items: { type: 'string', maxLength: 300 },
  description:
    `Origins (\`https://host[:port]\`) the ${field} may be sent to; a tool whose URL has another origin is refused them (a tool error naming the origin, no request sent). ` +
    `Sent with \`${field}\`, it is their list; without it, new credentials keep the list of the ones they replace, else take the origins of the server's tools at that moment. ` +
    `Changing it without sending \`${field}\` again needs \`manage_options\` (403 \`rest_forbidden\`). ` +
    'Credentials saved while the server has no tool with a fixed origin stay unbound (sent nowhere) until an administrator saves or imports a tool, which binds them to its origin. ' +
    'An OAuth2 `token_url` is part of the credentials themselves: the client secret only ever goes there.',
  examples: [['https://api.example.com']],
});

const slug = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9_-]{0,63}$',
  description: 'MCP endpoint path segment (`/mcp/{slug}`); default: derived from the name, made unique',
};

/** Inbound auth settings; which fields apply depends on `auth_type`. Secrets are write-only. */
const authConfig = {
  type: ['object', 'null'],
  description:
    'Inbound auth of the MCP endpoint, per `auth_type`: bearer `{token}`; api-key `{name (default X-API-Key), location: header|query (default header), value}`; ' +
    'basic `{username, password}`; oauth `{authorization_servers | issuer, audience?, jwks_uri?, required_scopes?}`. ' +
    'Secrets (token, value, password) are at least 16 characters, stored as keyed hashes and read back as `token_set: true`-style placeholders; omit a secret to keep the stored one.',
  properties: {
    token: { type: 'string', description: 'bearer: the token clients send (at least 16 characters)' },
    name: { type: 'string', description: 'api-key: header or query parameter name' },
    location: { type: 'string', enum: ['header', 'query'], description: 'api-key: where the key travels' },
    value: { type: 'string', description: 'api-key: the key clients send (at least 16 characters)' },
    username: { type: 'string', description: 'basic: user name' },
    password: { type: 'string', description: 'basic: password (at least 16 characters)' },
    authorization_servers: {
      type: 'array',
      items: { type: 'string' },
      description: 'oauth: issuer URLs of the authorization servers',
    },
    issuer: {
      type: 'string',
      description: 'oauth: expected `iss` (default: the first authorization server)',
    },
    audience: { type: 'string', description: 'oauth: expected `aud` (default: the endpoint URL)' },
    jwks_uri: { type: 'string', description: 'oauth: JWKS URL (default: from the issuer metadata)' },
    required_scopes: {
      type: 'array',
      items: { type: 'string' },
      description: 'oauth: scopes every token must carry',
    },
  },
  examples: [{ token: 'a-long-random-token' }],
};

const uuidList = (what: string) =>
  ({
    type: 'array',
    maxItems: 1_000,
    uniqueItems: true,
    items: { type: 'string', format: 'uuid' },
    description: `UUIDs of the ${what} admitted`,
  }) as const;

const accessList = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['users', 'groups'],
  properties: { users: uuidList('users'), groups: uuidList('groups (their members)') },
  description:
    'who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); ' +
    'null (the default) = everyone signed in. Others get 403 at the MCP endpoint.',
} as const;

/** Code mode's switches (`settings.code`, issue 37); codemode/limits.ts holds the same bounds and the defaults. */
const codeSettings = {
  type: 'object',
  additionalProperties: false,
  description:
    'code mode: which api calls programs may make (`writes`: `none` — reads only, the default —, `listed` — reads and `write_tools` —, `all`) and the limits of one run',
  properties: {
    writes: {
      type: 'string',
      enum: ['none', 'listed', 'all'],
      description: 'api calls a program may make: reads only (default), reads and write_tools, or all',
    },
    write_tools: {
      type: 'array',
      items: { type: 'string', maxLength: 200 },
      maxItems: 1000,
      description: 'tool slugs programs may call although they write',
    },
    wall_ms: {
      type: 'integer',
      minimum: 100,
      maximum: 300_000,
      description: 'wall time of a run (default 30,000)',
    },
    cpu_ms: {
      type: 'integer',
      minimum: 10,
      maximum: 60_000,
      description: "the program's own CPU time (default 1,000)",
    },
    memory_mb: { type: 'integer', minimum: 16, maximum: 512, description: 'memory of a run (default 64)' },
    max_calls: { type: 'integer', minimum: 1, maximum: 1_000, description: 'api calls per run (default 50)' },
    max_inflight: {
      type: 'integer',
      minimum: 1,
      maximum: 32,
      description: 'api calls waiting at once (default 8)',
    },
    result_tokens: {
      type: 'integer',
      minimum: 100,
      maximum: 100_000,
      description: 'estimated tokens of the answer (default 4,000)',
    },
    log_lines: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000,
      description: 'console lines kept (default 50)',
    },
  },
} as const;

export const serverFields = {
  name: { type: 'string', minLength: 1, maxLength: 200, description: 'display name' },
  slug,
  description: {
    type: 'string',
    maxLength: 5000,
    description: 'stored as `settings.description`; other settings keys are kept',
  },
  status: {
    type: 'string',
    enum: [...SERVER_STATUSES],
    default: 'active',
    description: 'active: served; paused: MCP answers 503; draft: MCP answers 404',
  },
  auth_type: {
    type: 'string',
    enum: [...INBOUND_AUTH],
    default: 'none',
    description: 'inbound auth MCP clients must present',
  },
  auth_config: authConfig,
  outbound_auth_type: {
    type: 'string',
    enum: [...OUTBOUND_AUTH],
    default: 'none',
    description: 'how tools authenticate to the upstream API',
  },
  outbound_auth_config: {
    type: ['object', 'null'],
    additionalProperties: true,
    description:
      'non-secret details of the outbound auth (e.g. `scheme`, `token_url`, `scopes`), set by imports',
  },
  auth_credentials: { ...credentials, description: `Production credentials. ${credentials.description}` },
  test_auth_credentials: {
    ...credentials,
    description: `Credentials of the admin Test action (fall back to auth_credentials). ${credentials.description}`,
  },
  auth_credentials_origins: credentialOrigins('auth_credentials'),
  test_auth_credentials_origins: credentialOrigins('test_auth_credentials'),
  cors_origins: {
    type: ['string', 'null'],
    maxLength: 4000,
    description:
      'comma-separated browser origins allowed on the MCP endpoint; empty or null allows all (`*`)',
  },
  rate_limit_per_min: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    description:
      'MCP calls a minute per client; 0 = unlimited; default: the `default_rate_limit` setting (60)',
  },
  access_list: accessList,
  tool_exposure: {
    type: 'string',
    enum: ['all', 'discovery', 'auto', 'code'],
    description:
      'which tools MCP clients see: `all` active tools; `discovery` the three meta-tools search_tools, describe_tools and call_tool; ' +
      '`code` code mode: search_tools and describe_tools answer TypeScript declarations, execute runs a program against them in a sandbox (`settings.code`), call_tool calls one operation; ' +
      "`auto` (default for new servers) discovery once the active tools' definitions exceed `settings.token_budget` tokens (default 20,000), else all",
  },
  settings: {
    type: 'object',
    additionalProperties: true,
    description:
      'free-form server settings, merged into the stored ones: `description`; `token_budget` (auto exposure threshold in tokens, default 20,000); ' +
      '`tool_name_limit` (longest tool name served, 1–64, default 64; Cursor: 60); `description_budget` (characters of a tool description in tools/list, default 1,000); ' +
      '`max_output_tokens` (estimated tokens a tool result may take, for tools whose own `max_output_tokens` is null; default 10,000; 0 = no token limit); ' +
      "`tool_limit_scope` (`tool`, the default: a tool's `rate_limit_per_min` counts every caller together; `user`: it counts per signed-in person)",
    properties: {
      tool_limit_scope: {
        type: 'string',
        enum: ['tool', 'user'],
        description:
          "whom a tool's `rate_limit_per_min` counts: every caller together (`tool`, default) or each signed-in person (`user`)",
      },
      max_output_tokens: {
        type: 'integer',
        minimum: 0,
        maximum: 1_000_000,
        description:
          'estimated tokens a tool result may take when the tool sets none (default 10,000; 0 = no token limit)',
      },
      code: codeSettings,
    },
  },
} as const;

export const createServerBody = {
  type: 'object',
  required: ['name'],
  properties: serverFields,
  examples: [
    {
      name: 'Weather API',
      description: 'Forecasts for Claude',
      auth_type: 'bearer',
      auth_config: { token: 'a-long-random-token' },
    },
  ],
} as const;

export const updateServerBody = {
  type: 'object',
  description: 'Every field is optional; only the fields sent change.',
  properties: serverFields,
  examples: [{ status: 'paused' }],
} as const;

export const serverIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'server UUID or numeric id' } },
} as const;

export const listServersQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
    status: { type: 'string', enum: [...SERVER_STATUSES], description: 'only servers in this status' },
    search: { type: 'string', description: 'case-insensitive substring of the name or slug' },
  },
} as const;

/** A server as every read answers it (credentials never, inbound secrets as `*_set` flags). */
export const serverRecord = answeredRecord({
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'integer', description: 'numeric id' },
    uuid: { type: 'string', format: 'uuid' },
    user_id: { type: 'integer', description: 'owner' },
    access_list: accessList,
    name: { type: 'string' },
    slug: { type: 'string', description: 'used in the MCP endpoint path' },
    server_id: { type: 'string', description: '16 hexadecimal characters' },
    status: { type: 'string', enum: [...SERVER_STATUSES] },
    transport_type: { type: 'string', enum: ['streamable-http'] },
    auth_type: { type: 'string', enum: [...INBOUND_AUTH] },
    auth_config: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: 'inbound auth settings; secrets shown as `token_set`/`value_set`/`password_set: true`',
    },
    outbound_auth_type: { type: 'string', enum: [...OUTBOUND_AUTH] },
    outbound_auth_config: { type: ['object', 'null'], additionalProperties: true },
    has_auth_credentials: { type: 'boolean', description: 'production credentials are set' },
    has_test_credentials: { type: 'boolean', description: 'test credentials are set' },
    per_user_auth: {
      type: ['object', 'null'],
      additionalProperties: true,
      description:
        'per-user outbound auth (oauth2-authorization-code, personal-token, token-exchange) as configured, without the client secret; null for shared credentials',
    },
    auth_credentials_origins: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'origins the production credentials may be sent to; null while unbound (sent nowhere)',
    },
    test_auth_credentials_origins: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'origins the test credentials may be sent to; null while unbound (sent nowhere)',
    },
    cors_origins: { type: ['string', 'null'] },
    rate_limit_per_min: { type: 'integer' },
    settings: {
      type: 'object',
      additionalProperties: true,
      description: 'free-form server settings (see the create body)',
      properties: { description: { type: 'string', description: 'what the server is for' } },
    },
    tool_exposure: { type: 'string', enum: ['all', 'discovery', 'auto', 'code'] },
    tools_list_tokens: {
      type: 'object',
      description:
        'estimated tokens of the tools/list answer: `all` (every active tool listed), `current` (in the mode served now), `mode` (all, discovery or code)',
      properties: {
        all: { type: 'integer' },
        current: { type: 'integer' },
        mode: { type: 'string', enum: ['all', 'discovery', 'code'] },
      },
      required: ['all', 'current', 'mode'],
    },
    endpoint_url: { type: 'string', description: 'the MCP endpoint address' },
    tool_count: { type: 'integer' },
    prompt_count: { type: 'integer' },
    resource_count: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
  examples: [
    {
      id: 1,
      uuid: '0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10',
      user_id: 1,
      name: 'Weather API',
      slug: 'weather-api',
      server_id: '9f1c2b3a4d5e6f70',
      status: 'active',
      transport_type: 'streamable-http',
      auth_type: 'bearer',
      auth_config: { token_set: true },
      outbound_auth_type: 'none',
      outbound_auth_config: null,
      has_auth_credentials: false,
      has_test_credentials: false,
      auth_credentials_origins: null,
      test_auth_credentials_origins: null,
      cors_origins: null,
      rate_limit_per_min: 60,
      settings: { description: 'Forecasts for Claude' },
      tool_exposure: 'auto',
      tools_list_tokens: { all: 540, current: 540, mode: 'all' },
      endpoint_url: 'http://localhost:8080/mcp/weather-api',
      tool_count: 3,
      prompt_count: 0,
      resource_count: 0,
      created_at: '2026-01-05T10:00:00.000Z',
      updated_at: '2026-01-05T10:00:00.000Z',
    },
  ],
} as const);

const tags = ['servers'];
const one = (description: string) => ({ ...serverRecord, description });

/** The reference of every `/servers` route: schemas, summaries, responses. */
export const serverDocs = {
  list: describeRoute(tags, {
    summary: 'List servers',
    description: 'Servers in id order, a page at a time, with their item counts.',
    querystring: listServersQuery,
    response: { 200: listOf(serverRecord, 'The servers of this page.') },
  }),
  create: describeRoute(tags, {
    summary: 'Create a server',
    description:
      'Creates a server (status `active` unless given). Its MCP endpoint is `{base_url}/mcp/{slug}`. Set `auth_type` to protect it.',
    body: createServerBody,
    response: { 201: one('The created server.') },
  }),
  get: describeRoute(tags, {
    summary: 'Get a server',
    description: 'One server by UUID or numeric id.',
    params: serverIdParams,
    errors: ['svc_not_found'],
    response: { 200: one('The server.') },
  }),
  update: describeRoute(tags, {
    summary: 'Update a server',
    description:
      'Partial update: only the fields sent change. `description` is merged into `settings.description`; credentials are re-encrypted.',
    params: serverIdParams,
    body: updateServerBody,
    errors: ['svc_not_found', 'svc_update_failed'],
    response: { 200: one('The updated server.') },
  }),
  remove: describeRoute(tags, {
    summary: 'Delete a server',
    description:
      'Deletes the server with its tools, prompts, resources and sessions. Call logs keep their names.',
    params: serverIdParams,
    errors: ['svc_not_found', 'svc_delete_failed'],
    response: {
      200: confirmation(
        { deleted: { type: 'boolean' }, id: { type: 'integer' }, uuid: { type: 'string' } },
        { deleted: true, id: 1, uuid: '0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10' },
      ),
    },
  }),
  credentials: describeRoute(tags, {
    summary: 'Read decrypted credentials',
    description:
      'The production and test credentials, decrypted (administrators only; answered with `Cache-Control: no-store`).',
    params: serverIdParams,
    errors: ['svc_not_found', 'svc_credentials_unreadable'],
    response: {
      200: {
        type: 'object',
        description: 'Each set is the decoded credential object, or null.',
        properties: {
          server_uuid: { type: 'string' },
          outbound_auth_type: { type: 'string' },
          auth_credentials: { type: ['object', 'null'], additionalProperties: true },
          test_auth_credentials: { type: ['object', 'null'], additionalProperties: true },
        },
        additionalProperties: true,
        examples: [
          {
            server_uuid: '0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10',
            outbound_auth_type: 'bearer',
            auth_credentials: { type: 'bearer', token: 'sk_live_…' },
            test_auth_credentials: null,
          },
        ],
      },
    },
  }),
};
