import { answeredRecord, describeRoute } from '../http/route-docs.ts';
import { answeredInputSchema, toolRecord } from '../tools/tool-routes.schema.ts';

/** JSON Schemas of the import and export routes (validation and the API reference). */

export const importParams = {
  type: 'object',
  required: ['server_id'],
  properties: { server_id: { type: 'string', description: 'server UUID or numeric id' } },
} as const;

const onConflict = {
  type: 'string',
  enum: ['skip', 'duplicate'],
  default: 'skip',
  description: 'slug collision: skip (the record goes to `skipped`) or duplicate (the slug gets -2, -3…)',
} as const;

const importedStatus = {
  type: 'string',
  enum: ['draft', 'active'],
  default: 'draft',
  description: 'status of the created tools',
} as const;

export const curlBody = {
  type: 'object',
  description: 'Creates one draft tool from a cURL command.',
  properties: {
    curl_command: {
      type: 'string',
      maxLength: 1_000_000,
      description:
        'one `curl …` command (required; empty or missing is 400 svc_missing_curl); nothing in it is executed',
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'tool name; default from the method and path (`post_v1_chat_completions`)',
    },
    description: {
      type: 'string',
      maxLength: 20_000,
      description: 'tool description; default "Imported from cURL: METHOD URL"',
    },
    status: {
      type: 'string',
      enum: ['draft', 'active'],
      default: 'draft',
      description: 'status of the created tool',
    },
  },
  examples: [
    {
      curl_command:
        'curl -X POST https://api.example.com/v1/notes -H \'Content-Type: application/json\' -d \'{"text":"hi"}\'',
    },
  ],
} as const;

/** The two-phase import's fields, the same for OpenAPI and collections (spec table). */
const documentFields = {
  source: {
    type: 'string',
    enum: ['text', 'url'],
    default: 'text',
    description: 'text: the document is in `content`; url: it is fetched from `url`',
  },
  content: {
    description:
      'the document: JSON or YAML text (OpenAPI) / JSON (collection), or the JSON object itself; at most 10 MB; required when source is text (a bad document is 400 invalid_spec)',
  },
  url: {
    type: 'string',
    maxLength: 4000,
    description: 'public http(s) URL of the document; required when source is url (3 redirects, 10 s, 10 MB)',
  },
  commit: {
    type: 'boolean',
    default: false,
    description:
      'false: parse only, nothing written (phase 1); true: create the selected candidates (phase 2)',
  },
  selected_temp_ids: {
    type: 'array',
    items: { type: 'string' },
    description:
      'temp_ids of the candidates to create; required when commit is true; unknown ids are ignored',
  },
  on_conflict: onConflict,
  imported_status: importedStatus,
  base_url: {
    type: 'string',
    maxLength: 4000,
    description: 'absolute http(s) URL used when the document has no absolute server URL',
  },
  track: {
    type: 'boolean',
    default: true,
    description:
      "commit: remember the import as a tracked source (the URL or the text, each operation's key and the candidate as imported), so a changed document can be checked and merged later (`/servers/{server_id}/sources`); false: a one-off import",
  },
} as const;

export const openApiBody = {
  type: 'object',
  description: 'Phase 1 (commit false) lists candidates; phase 2 (commit true) creates the selected ones.',
  properties: documentFields,
  examples: [
    { source: 'url', url: 'https://petstore3.swagger.io/api/v3/openapi.json' },
    {
      source: 'url',
      url: 'https://petstore3.swagger.io/api/v3/openapi.json',
      commit: true,
      selected_temp_ids: ['op_0', 'op_2'],
      imported_status: 'active',
    },
  ],
} as const;

/** A collection may also be sent as the body itself: its top-level fields (v2.1) are accepted too. */
export const collectionBody = {
  type: 'object',
  description:
    'The import fields, or the collection (v2.1) itself as the body (then it is parsed, phase 1, with the defaults).',
  properties: {
    ...documentFields,
    // The collection's own fields: checked as a document (400 invalid_spec), so untyped here.
    info: { description: 'collection body: `info` (with `schema` v2.1)' },
    item: { description: 'collection body: requests and folders' },
    variable: { description: 'collection body: variables' },
    auth: { description: 'collection body: auth' },
    event: { description: 'collection body: scripts (ignored)' },
    protocolProfileBehavior: { description: 'collection body: ignored' },
  },
  examples: [
    {
      source: 'text',
      content:
        '{"info":{"name":"Demo","schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},"item":[]}',
    },
  ],
} as const;

/** A HAR may also be sent as the body itself (`{"log": …}`). */
export const harBody = {
  type: 'object',
  description:
    'The import fields, or the HAR itself as the body (then it is parsed, phase 1, with the defaults).',
  properties: {
    ...documentFields,
    content: {
      description:
        'the HAR (DevTools "Save all as HAR", a proxy export): its JSON text or the object itself; at most 10 MB and 10 000 entries; required when source is text (a malformed HAR is 400 invalid_spec)',
    },
    base_url: {
      type: 'string',
      maxLength: 4000,
      description:
        'keep only the requests under this absolute http(s) URL (`https://api.example.com/v2`); default: the hosts that answered JSON or XML',
    },
    hosts: {
      type: 'array',
      maxItems: 100,
      items: { type: 'string', minLength: 1, maxLength: 300 },
      description:
        'keep only the requests to these hosts (`api.example.com`, `127.0.0.1:8080`); default: the hosts that answered JSON or XML',
    },
    log: { description: 'HAR body: the `log` object (`version`, `creator`, `entries`)' },
  },
  examples: [
    { source: 'text', content: '{"log":{"version":"1.2","creator":{"name":"WebInspector"},"entries":[]}}' },
    {
      content: '{"log":{"version":"1.2","entries":[]}}',
      hosts: ['api.example.com'],
      commit: true,
      selected_temp_ids: ['har_0', 'har_2'],
    },
  ],
} as const;

/** `import-svc`: the manifest itself, or the manifest wrapped with the commit options. */
export const manifestBody = {
  type: 'object',
  description:
    'Either the manifest itself (`format`, `tools`…), or `{manifest, on_conflict, imported_status}`. Answers like an import commit.',
  properties: {
    manifest: { description: 'the manifest object (as exported), when the body wraps it' },
    track: {
      type: 'boolean',
      default: false,
      description:
        'wrapped form: remember the manifest as a tracked text source keyed by slug (`/servers/{server_id}/sources`); default false',
    },
    on_conflict: onConflict,
    imported_status: {
      type: 'string',
      enum: ['draft', 'active'],
      description: 'status of the created tools; default: the status each manifest tool carries',
    },
    // The manifest's own fields: its content is checked as a document (400 invalid_spec /
    // unsupported_format), not as request fields, so they carry no type here.
    format: { description: 'manifest body: `svc/tools-v1` (any `svc/tools-v*`)' },
    exported_at: { description: 'manifest body: export time (informational)' },
    server: { description: 'manifest body: `{name, slug}` (informational)' },
    tools: { description: 'manifest body: array of tools, each with the exported tool fields' },
  },
  examples: [{ manifest: { format: 'svc/tools-v1', tools: [] }, on_conflict: 'duplicate' }],
} as const;

export const exportBody = {
  type: ['object', 'null'],
  description: 'Optional: which tools to export.',
  properties: {
    tool_ids: {
      type: 'array',
      items: { type: 'string' },
      description: 'tool UUIDs; omitted or empty exports every tool; UUIDs of other servers are skipped',
    },
  },
} as const;

const candidate = answeredRecord(
  {
    type: 'object',
    additionalProperties: true,
    description: 'A tool the document would create.',
    properties: {
      temp_id: {
        type: 'string',
        description: '`op_N` (OpenAPI), `pm_N` (collection) or `har_N` (HAR); select it to create it',
      },
      name: { type: 'string' },
      slug: { type: 'string' },
      description: { type: 'string' },
      endpoint_url: { type: 'string' },
      http_method: { type: 'string' },
      input_schema: answeredInputSchema,
      headers: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
      tags: { type: 'array', items: { type: 'string' } },
      operation: {
        type: 'object',
        additionalProperties: true,
        description:
          'the operation in the document: its operationId or item id (`id`), `method` and `path` as written',
        required: ['method', 'path'],
        properties: {
          id: { type: 'string', description: 'operationId (OpenAPI) or item id (Postman)' },
          method: { type: 'string', description: 'HTTP method' },
          path: { type: 'string', description: 'path template as written' },
        },
      },
      security: {
        type: 'array',
        items: { type: 'string' },
        description: 'OpenAPI: security schemes the operation accepts',
      },
      annotations: {
        type: ['object', 'null'],
        additionalProperties: true,
        description:
          'MCP hints the document sets (OpenAPI x-openai-isConsequential, x-speakeasy-mcp, x-mcp-annotations over the method hints); absent = from the method',
      },
      risk: {
        type: ['string', 'null'],
        enum: ['read', 'write', 'destructive', null],
        description: 'the risk the document sets (OpenAPI x-toolgate-risk); absent = derived',
      },
      token_estimate: {
        type: 'integer',
        description: 'phase 1: estimated tokens the tool would add to tools/list in `all` mode',
      },
      output_schema: {
        type: ['object', 'null'],
        additionalProperties: true,
        description:
          "HAR: the output schema inferred from the operation's recorded JSON answers (types only)",
      },
    },
  } as const,
  ['security', 'annotations', 'risk', 'operation', 'output_schema'],
);

/** The outbound auth an OpenAPI document suggests (`type` plus its scheme's details). */
const authHint = {
  type: ['object', 'null'],
  additionalProperties: true,
  description: 'OpenAPI: suggested outbound auth',
  required: ['type', 'scheme'],
  properties: {
    type: { type: 'string', enum: ['bearer', 'basic', 'api-key', 'oauth2-client-credentials'] },
    scheme: { type: 'string', description: 'the security scheme it comes from' },
  },
} as const;

const commitResult = {
  type: 'object',
  additionalProperties: true,
  required: ['created', 'skipped', 'failed'],
  properties: {
    created: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        required: ['tool_id', 'uuid', 'name', 'slug'],
        properties: {
          tool_id: { type: 'integer' },
          uuid: { type: 'string' },
          name: { type: 'string' },
          slug: { type: 'string' },
          temp_id: { type: 'string', description: 'the candidate it was made from' },
        },
      },
    },
    skipped: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        required: ['temp_id', 'name', 'reason'],
        properties: {
          temp_id: { type: 'string' },
          name: { type: 'string' },
          reason: { type: 'string', description: '`slug_exists`' },
        },
      },
    },
    failed: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        description: 'a candidate the tools API would refuse, and why',
        required: ['temp_id', 'name', 'reason'],
        properties: {
          temp_id: { type: 'string' },
          name: { type: 'string' },
          reason: { type: 'string' },
        },
      },
    },
    auth_hint: authHint,
    outbound_auth_type_set: {
      type: 'string',
      description: 'OpenAPI: the outbound auth type set on the server',
    },
    _notice: { type: 'string', description: 'where detected credentials went' },
    source_id: {
      type: 'string',
      description:
        'UUID of the tracked source the import became (absent with `track: false` or nothing created)',
    },
  },
  examples: [
    {
      created: [{ tool_id: 8, uuid: '1e2d3c4b-…', name: 'listPets', slug: 'listpets' }],
      skipped: [{ temp_id: 'op_1', name: 'getPet', reason: 'slug_exists' }],
      failed: [],
    },
  ],
} as const;

const parseOrCommit = {
  description:
    'Phase 1 (commit false): `{candidates, info: {title, version}, warnings?, detected_credentials?, auth_hint?, security_schemes?, _raw_spec?, filtered?, hosts?, entries?}`. Phase 2 (commit true): `{created, skipped, failed, auth_hint?, outbound_auth_type_set?, _notice?}`.',
  anyOf: [
    {
      type: 'object',
      additionalProperties: true,
      title: 'parsed',
      required: ['candidates', 'tokens_total', 'info'],
      properties: {
        candidates: { type: 'array', items: candidate },
        tokens_total: {
          type: 'integer',
          description:
            "estimated tokens of every candidate's tools/list entry (sum the selected ones' `token_estimate` for a selection)",
        },
        info: {
          type: 'object',
          additionalProperties: true,
          required: ['title', 'version'],
          properties: { title: { type: 'string' }, version: { type: 'string' } },
        },
        warnings: { type: 'array', items: { type: 'string' } },
        detected_credentials: {
          type: 'array',
          description: 'credentials found in the document (saved as test credentials on commit)',
          items: {
            type: 'object',
            additionalProperties: true,
            required: ['type', 'source'],
            properties: {
              type: { type: 'string', description: 'the credentials format (bearer, api-key…)' },
              source: { type: 'string', description: 'where it was found, e.g. `collection auth`' },
            },
          },
        },
        auth_hint: authHint,
        security_schemes: {
          type: 'array',
          description: "the document's security schemes and what they map to",
          items: {
            type: 'object',
            additionalProperties: true,
            required: ['scheme', 'type', 'maps_to', 'operations'],
            properties: {
              scheme: { type: 'string' },
              type: { type: 'string', description: 'the OpenAPI type: http, apiKey, oauth2…' },
              maps_to: { type: ['string', 'null'], description: 'the outbound auth type, or null' },
              operations: { type: 'integer', description: 'operations that accept it' },
              note: { type: 'string', description: 'why it does not map' },
            },
          },
        },
        _raw_spec: {
          type: 'string',
          description: 'the document text, usable as `content` for the commit call',
        },
        filtered: {
          type: 'object',
          description:
            'HAR: entries left out, by reason: static_asset, analytics, non_api_host, not_selected, preflight, failed, not_http (`warnings` says which)',
          additionalProperties: { type: 'integer' },
        },
        hosts: {
          type: 'array',
          description:
            'HAR: the hosts the recording called (after the per-request filters), and which were kept',
          items: {
            type: 'object',
            additionalProperties: true,
            required: ['host', 'requests', 'api', 'kept'],
            properties: {
              host: { type: 'string', description: 'host or host:port' },
              requests: { type: 'integer', description: 'requests to it' },
              api: { type: 'boolean', description: 'it answered JSON or XML at least once' },
              kept: { type: 'boolean', description: 'its requests became candidates' },
            },
          },
        },
        entries: { type: 'integer', description: 'HAR: entries in the file' },
      },
    },
    { ...commitResult, title: 'committed' },
  ],
  examples: [
    {
      candidates: [
        {
          temp_id: 'op_0',
          name: 'listPets',
          slug: 'listpets',
          description: 'List all pets',
          endpoint_url: 'https://petstore.example.com/v1/pets',
          http_method: 'GET',
          input_schema: { type: 'object', properties: { limit: { type: 'integer' } } },
          headers: null,
          tags: ['pets'],
        },
      ],
      info: { title: 'Swagger Petstore', version: '1.0.0' },
    },
  ],
} as const;

const importErrors = [
  'svc_not_found',
  'invalid_spec',
  'svc_trial_expired',
  'tier_limit_import_method',
  'svc_import_too_large',
] as const;

const tags = ['imports'];

/** The reference of the import and export routes. */
export const importDocs = {
  curl: describeRoute(tags, {
    summary: 'Import a cURL command',
    description:
      "Creates one `draft` tool from a cURL command (nothing is executed). Detected credentials are saved as the server's test credentials only, and `_notice` says so.",
    params: importParams,
    body: curlBody,
    errors: [
      'svc_not_found',
      'svc_missing_curl',
      'svc_invalid_curl',
      'svc_trial_expired',
      'tier_limit_import_method',
    ],
    response: { 201: { ...toolRecord, description: 'The created tool (plus `_notice` / `_warnings`).' } },
  }),
  openapi: describeRoute(tags, {
    summary: 'Import an OpenAPI document',
    description:
      'Two phases: parse (OpenAPI 3.0/3.1, JSON or YAML, text or URL) and list candidates; then commit the selected ones. Swagger 2.0 is 400 `unsupported_version`.',
    params: importParams,
    body: openApiBody,
    errors: [...importErrors, 'unsupported_version', 'svc_url_forbidden', 'svc_url_unfetchable'],
    response: { 200: parseOrCommit },
  }),
  collection: describeRoute(tags, {
    summary: 'Import a Postman collection',
    description:
      'Two phases, as the OpenAPI import, for a collection of version 2.1; folders become tags and resolvable `{{variables}}` are filled.',
    params: importParams,
    body: collectionBody,
    errors: [...importErrors, 'svc_url_forbidden', 'svc_url_unfetchable'],
    response: { 200: parseOrCommit },
  }),
  har: describeRoute(tags, {
    summary: 'Import recorded traffic (HAR)',
    description:
      "Two phases, as the OpenAPI import, for a HAR file: requests are grouped by method and path template (id-like segments become parameters), inputs and output schemas are typed from the values seen (no recorded value is kept), and static assets, analytics beacons, preflights, failed requests and non-API hosts are left out (`filtered`, `warnings`). Credentials (Authorization, key headers and query parameters) are removed and, on commit, saved as the server's test credentials (`_notice`); cookies are dropped.",
    params: importParams,
    body: harBody,
    errors: [...importErrors, 'svc_url_forbidden', 'svc_url_unfetchable'],
    response: { 200: parseOrCommit },
  }),
  manifest: describeRoute(tags, {
    summary: 'Import a Toolgate manifest',
    description:
      'Creates the tools of an exported manifest (`svc/tools-v*`), all or nothing: any invalid tool is 400 `invalid_spec` naming it.',
    params: importParams,
    body: manifestBody,
    errors: [...importErrors, 'unsupported_format'],
    response: { 200: commitResult },
  }),
  export: describeRoute(tags, {
    summary: 'Export tools as a manifest',
    description:
      "The `svc/tools-v1` manifest of the server's tools (all statuses, ascending `sort_order`), without ids, timestamps, test results or authentication.",
    params: importParams,
    body: exportBody,
    errors: ['server_not_found'],
    response: {
      200: {
        type: 'object',
        additionalProperties: true,
        properties: {
          format: { type: 'string', description: '`svc/tools-v1`' },
          exported_at: { type: 'string', format: 'date-time' },
          server: {
            type: 'object',
            additionalProperties: true,
            properties: { name: { type: 'string' }, slug: { type: 'string' } },
          },
          tools: { type: 'array', items: { type: 'object', additionalProperties: true } },
        },
        examples: [
          {
            format: 'svc/tools-v1',
            exported_at: '2026-01-05T10:00:00.000Z',
            server: { name: 'Weather API', slug: 'weather-api' },
            tools: [],
          },
        ],
      },
    },
  }),
};
