import { answeredRecord, describeRoute } from '../http/route-docs.ts';

/** JSON Schemas of the tracked-source routes (validation and the API reference). */

const tags = ['sources'];

const serverParam = { type: 'string', description: 'server UUID or numeric id' } as const;
const sourceParam = { type: 'string', description: 'source UUID' } as const;
const sourceParams = {
  type: 'object',
  required: ['server_id', 'source_id'],
  properties: { server_id: serverParam, source_id: sourceParam },
} as const;
const planParams = {
  type: 'object',
  required: ['server_id', 'source_id', 'plan_id'],
  properties: {
    server_id: serverParam,
    source_id: sourceParam,
    plan_id: { type: 'string', description: 'plan UUID' },
  },
} as const;

const nullableString = (description: string) => ({ type: ['string', 'null'], description }) as const;

const sourceFields = {
  id: { type: 'string', description: 'source UUID' },
  server_id: { type: 'string', description: 'UUID of the server whose tools it tracks' },
  kind: {
    type: 'string',
    enum: ['openapi', 'postman', 'manifest'],
    description: 'the importer that reads it',
  },
  origin: {
    type: 'string',
    enum: ['url', 'text'],
    description: 'url: fetched again on every check; text: the stored text (a check may send a new one)',
  },
  url: nullableString('the document URL (origin url)'),
  title: { type: 'string', description: "the document's title as last applied" },
  document_version: { type: 'string', description: "the document's own version (OpenAPI info.version)" },
  content_hash: { type: 'string', description: 'sha256 of the document as last applied' },
  etag: nullableString('ETag of the document as last applied (sent as If-None-Match)'),
  last_modified: nullableString('Last-Modified of the document as last applied (sent as If-Modified-Since)'),
  schedule_minutes: {
    type: ['integer', 'null'],
    description: 'minutes between scheduled checks (URL sources); null = checked only on demand',
  },
  revision: {
    type: 'integer',
    description: 'bumped by every apply; a plan computed against an older one is stale',
  },
  tracked_tools: { type: 'integer', description: 'tools the source tracks' },
  excluded_operations: {
    type: 'integer',
    description: 'operations of the document not imported (never proposed as new)',
  },
  flagged_removed: {
    type: 'integer',
    description: 'tools whose operation left the document and that the operator kept (flagged)',
  },
  last_checked_at: nullableString('ISO 8601 time of the last check'),
  last_check_status: {
    type: ['string', 'null'],
    enum: ['changed', 'not_modified', 'unchanged', 'error', null],
    description: 'changed (a plan shows it), not_modified (304), unchanged (same bytes), error',
  },
  last_check_error: nullableString('why the last check failed'),
  last_applied_at: nullableString('ISO 8601 time of the import or the last apply'),
  open_plan_id: nullableString('the newest plan not yet applied, if any'),
  created_at: { type: 'string', description: 'ISO 8601 time the import was tracked' },
  updated_at: { type: 'string', description: 'ISO 8601 time of the last change' },
} as const;

export const sourceRecord = answeredRecord({
  type: 'object',
  description: 'A tracked import source.',
  properties: sourceFields,
});

const toolRef = {
  type: ['object', 'null'],
  description: 'the tool (null: none)',
  required: ['id', 'slug', 'name', 'status'],
  properties: {
    id: { type: 'string', description: 'tool UUID' },
    slug: { type: 'string', description: 'the MCP tool name' },
    name: { type: 'string', description: 'display name' },
    status: { type: 'string', enum: ['draft', 'active', 'inactive'], description: 'tool status' },
  },
} as const;

const operationFields = {
  key: {
    type: 'string',
    description: '`op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>`',
  },
  operation_id: nullableString('the operationId or Postman item id, when it has one'),
  method: { type: 'string', description: 'HTTP method' },
  path: { type: 'string', description: 'path template, parameter names normalised to {}' },
} as const;
const operationRef = answeredRecord({
  type: 'object',
  description: 'an operation of the document',
  properties: operationFields,
});

export const sourceDetail = answeredRecord({
  type: 'object',
  description: 'A tracked source and its operations.',
  properties: {
    ...sourceFields,
    operations: {
      type: 'array',
      description: 'every operation the source knows',
      items: answeredRecord({
        type: 'object',
        description: 'one operation',
        properties: {
          ...operationFields,
          tool: toolRef,
          excluded: {
            type: 'boolean',
            description: 'not imported (deselected, skipped, or its tool deleted)',
          },
          removed_upstream_at: nullableString('when it left the document and its tool was kept (flagged)'),
        },
      }),
    },
  },
});

const anyJson = { description: 'any JSON value' } as const;

const fieldChange = answeredRecord(
  {
    type: 'object',
    description: 'one field (or one key of a field merged per key) and its three-way outcome',
    properties: {
      field: {
        type: 'string',
        description:
          'name, description, endpoint_url, http_method, tags, input_schema.properties, input_schema.required, input_schema, parameter_mapping, headers, annotations, output_schema, body_template, interaction',
      },
      key: { type: 'string', description: 'the property, mapping key or header (fields merged per key)' },
      base: { ...anyJson, description: 'as last applied (absent: the key was not there)' },
      ours: { ...anyJson, description: 'the tool now (absent: not there)' },
      theirs: { ...anyJson, description: 'the document now (absent: not there)' },
      outcome: {
        type: 'string',
        enum: ['take_theirs', 'keep_ours', 'converged', 'conflict'],
        description:
          'take_theirs: only upstream changed; keep_ours: only the operator; converged: both alike; conflict: both, differently',
      },
      result: { ...anyJson, description: 'a name list merged both ways (what the apply writes)' },
      reason: { type: 'string', description: 'why this is a conflict beyond "both changed"' },
    },
  } as const,
  ['key', 'base', 'ours', 'theirs', 'result', 'reason'],
);

const breaking = answeredRecord(
  {
    type: 'object',
    description: 'a change that breaks MCP clients calling the tool as they see it today',
    properties: {
      kind: {
        type: 'string',
        enum: ['argument_removed', 'argument_required', 'type_narrowed', 'tool_removed'],
        description: 'what breaks',
      },
      argument: { type: 'string', description: 'the argument concerned' },
      detail: { type: 'string', description: 'in words' },
    },
  } as const,
  ['argument'],
);

const planEntry = answeredRecord(
  {
    type: 'object',
    description: 'one tool the plan adds, changes, moves or removes',
    properties: {
      id: { type: 'string', description: 'entry id (`e1`…): what apply choices name' },
      action: { type: 'string', enum: ['add', 'change', 'move', 'remove'], description: 'what happens' },
      operation: operationRef,
      previous: { ...operationRef, description: 'the operation as tracked before (a move or a renamed key)' },
      tool: toolRef,
      candidate: {
        type: 'object',
        description: 'add: the tool the operation becomes',
        required: ['name', 'slug', 'description', 'http_method', 'endpoint_url', 'arguments', 'required'],
        properties: {
          name: { type: 'string', description: 'display name' },
          slug: { type: 'string', description: 'proposed MCP tool name (a taken one gets -2, -3…)' },
          description: { type: 'string', description: 'description' },
          http_method: { type: 'string', description: 'HTTP method' },
          endpoint_url: { type: 'string', description: 'upstream URL' },
          arguments: { type: 'array', items: { type: 'string' }, description: 'argument names' },
          required: { type: 'array', items: { type: 'string' }, description: 'required arguments' },
        },
      },
      fields: { type: 'array', items: fieldChange, description: 'change and move: the fields that differ' },
      breaking: { type: 'array', items: breaking, description: 'breaking changes for MCP clients' },
      problems: {
        type: 'array',
        items: { type: 'string' },
        description:
          'what the result would get wrong that no field choice names (an add with a problem is left out)',
      },
      restored: { type: 'boolean', description: 'the operation had left the document and is back' },
    },
  } as const,
  ['previous', 'candidate', 'restored'],
);

const summaryCount = (description: string) => ({ type: 'integer', description }) as const;

export const planRecord = answeredRecord({
  type: 'object',
  description: 'What re-reading the source would do, computed against the versions named.',
  properties: {
    id: { type: 'string', description: 'plan UUID' },
    source_id: { type: 'string', description: 'source UUID' },
    status: {
      type: 'string',
      enum: ['open', 'applied', 'superseded'],
      description: 'open: may be applied; superseded: a newer check replaced it',
    },
    trigger: { type: 'string', enum: ['manual', 'scheduled'], description: 'what made it' },
    upstream: {
      type: 'string',
      enum: ['changed', 'not_modified', 'unchanged'],
      description: 'the document: changed, not_modified (304), unchanged (same bytes)',
    },
    document: {
      type: 'object',
      description: 'the document read',
      required: ['title', 'version'],
      properties: {
        title: { type: 'string', description: 'title' },
        version: { type: 'string', description: 'its own version' },
      },
    },
    summary: {
      type: 'object',
      description: 'counts',
      required: [
        'add',
        'change',
        'move',
        'remove',
        'conflicts',
        'breaking',
        'unchanged',
        'excluded',
        'flagged',
      ],
      properties: {
        add: summaryCount('tools to add'),
        change: summaryCount('tools to change'),
        move: summaryCount('tools whose operation moved to another route'),
        remove: summaryCount('tools whose operation left the document'),
        conflicts: summaryCount('fields changed both here and upstream, differently'),
        breaking: summaryCount('entries with a breaking change'),
        unchanged: summaryCount('tracked tools upstream did not change'),
        excluded: summaryCount('operations not imported'),
        flagged: summaryCount('kept tools still gone from the document'),
      },
    },
    summary_text: { type: 'string', description: 'e.g. "3 to add, 5 to change, 2 conflicts, 1 to remove"' },
    computed_against: {
      type: 'object',
      description: 'the versions it was computed against (an apply refuses when one moved: 409)',
      required: ['source_revision', 'content_hash', 'tools'],
      properties: {
        source_revision: { type: 'integer', description: "the source's revision" },
        content_hash: { type: 'string', description: 'sha256 of the document read' },
        tools: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'updated_at of every tool it touches, by tool UUID',
        },
      },
    },
    warnings: { type: 'array', items: { type: 'string' }, description: "the importer's notes" },
    entries: {
      type: 'array',
      items: planEntry,
      description: 'adds and changes in document order, removals last',
    },
    created_at: { type: 'string', description: 'ISO 8601 time of the check' },
    applied_at: nullableString('ISO 8601 time it was applied'),
  },
});

const tool = {
  type: 'object',
  required: ['uuid', 'slug'],
  description: 'a tool',
  properties: {
    uuid: { type: 'string', description: 'tool UUID' },
    slug: { type: 'string', description: 'MCP tool name' },
  },
} as const;

const applyResult = answeredRecord({
  type: 'object',
  description: 'What the apply did.',
  properties: {
    plan: planRecord,
    created: {
      type: 'array',
      description: 'tools added',
      items: {
        ...tool,
        properties: { ...tool.properties, name: { type: 'string', description: 'display name' } },
      },
    },
    changed: { type: 'array', items: tool, description: 'tools changed' },
    removed: {
      type: 'array',
      description: 'removed operations and what was done',
      items: {
        ...tool,
        required: ['uuid', 'slug', 'action'],
        properties: {
          ...tool.properties,
          action: {
            type: 'string',
            enum: ['flag', 'deactivate', 'detach', 'delete'],
            description: 'the choice',
          },
        },
      },
    },
    skipped: {
      type: 'array',
      description: 'additions left out, and why',
      items: {
        type: 'object',
        required: ['entry', 'reason'],
        properties: {
          entry: { type: 'string', description: 'entry id' },
          reason: { type: 'string', description: 'why' },
        },
      },
    },
    list_changed: {
      type: 'boolean',
      description: 'an active tool changed as MCP clients see it (list_changed sent once)',
    },
  },
});

export const scheduleBody = {
  type: 'object',
  description: 'The schedule of a URL source.',
  properties: {
    schedule_minutes: {
      type: ['integer', 'null'],
      minimum: 5,
      maximum: 10080,
      description: 'minutes between checks (5 to 10080), or null to check only on demand',
    },
  },
  examples: [{ schedule_minutes: 60 }],
} as const;

export const checkBody = {
  type: ['object', 'null'],
  description: 'Optional: a new text of a text source.',
  properties: {
    content: {
      description:
        'text sources: the document as it is now (text or JSON object, at most 10 MB); absent = the stored text',
    },
  },
} as const;

export const applyBody = {
  type: ['object', 'null'],
  description: 'The choices: one per conflict, one per removal; optionally additions to leave out.',
  properties: {
    resolutions: {
      type: 'array',
      maxItems: 10000,
      description: 'per conflict (or any listed field): ours, theirs, or a value',
      items: {
        type: 'object',
        required: ['entry', 'field', 'choice'],
        properties: {
          entry: { type: 'string', description: 'entry id (`e3`)' },
          field: { type: 'string', description: "the field change's `field`" },
          key: { type: 'string', description: "the field change's `key`, when it has one" },
          choice: {
            type: 'string',
            enum: ['ours', 'theirs', 'value'],
            description: 'which side, or a value',
          },
          value: { description: 'choice value: the value (absent removes the key)' },
        },
      },
    },
    removals: {
      type: 'array',
      maxItems: 10000,
      description:
        'per removed operation: flag (keep serving, marked), deactivate, detach (stop tracking) or delete',
      items: {
        type: 'object',
        required: ['entry', 'action'],
        properties: {
          entry: { type: 'string', description: 'entry id' },
          action: {
            type: 'string',
            enum: ['flag', 'deactivate', 'detach', 'delete'],
            description: 'what to do',
          },
        },
      },
    },
    skip: {
      type: 'array',
      maxItems: 10000,
      items: { type: 'string' },
      description: 'entry ids of additions to leave out (remembered as excluded)',
    },
  },
  examples: [
    {
      resolutions: [{ entry: 'e2', field: 'description', choice: 'ours' }],
      removals: [{ entry: 'e7', action: 'flag' }],
    },
  ],
} as const;

const oneSource = (summary: string, description: string, extra: Record<string, unknown> = {}) =>
  describeRoute(tags, {
    summary,
    description,
    params: sourceParams,
    errors: ['svc_not_found'],
    ...extra,
    response: { 200: sourceDetail },
  });

export const sourceDocs = {
  list: describeRoute(tags, {
    summary: 'List tracked sources',
    description:
      "The server's tracked import sources (an OpenAPI or Postman import is tracked unless `track: false`).",
    params: { type: 'object', required: ['server_id'], properties: { server_id: serverParam } },
    errors: ['svc_not_found'],
    response: { 200: { type: 'array', items: sourceRecord, description: 'the sources, oldest first' } },
  }),
  get: oneSource(
    'Read a tracked source',
    'One source with every operation it knows: the tool it tracks, excluded, flagged.',
  ),
  patch: oneSource(
    'Schedule a tracked source',
    'Sets how often a URL source is checked (conditional GET; one instance runs it).',
    {
      body: scheduleBody,
    },
  ),
  remove: describeRoute(tags, {
    summary: 'Stop tracking a source',
    description: 'Forgets the source and its plans; the tools stay as they are.',
    params: sourceParams,
    errors: ['svc_not_found'],
    response: {
      200: {
        type: 'object',
        description: 'done',
        required: ['deleted'],
        properties: { deleted: { type: 'boolean', description: 'true' } },
      },
    },
  }),
  check: describeRoute(tags, {
    summary: 'Check a source now',
    description:
      'Reads the document again (a URL conditionally: 304 = no change) and answers the plan: adds, changes (per field base / ours / theirs and the outcome), moves, removals, breaking changes. A newer check supersedes older open plans.',
    params: sourceParams,
    body: checkBody,
    errors: [
      'svc_not_found',
      'invalid_spec',
      'unsupported_version',
      'unsupported_format',
      'svc_url_forbidden',
      'svc_url_unfetchable',
      'svc_import_too_large',
    ],
    response: { 200: planRecord },
  }),
  plan: describeRoute(tags, {
    summary: 'Read a plan',
    description: 'A plan as computed (and, once applied, when).',
    params: planParams,
    errors: ['svc_not_found'],
    response: { 200: planRecord },
  }),
  apply: describeRoute(tags, {
    summary: 'Apply a plan',
    description:
      'Does exactly what the plan shows, with a choice per conflict and per removal, in one transaction; 409 when the plan is stale (applied, superseded, the source applied since, or a planned tool changed). One list_changed when an active tool changed as clients see it; recorded in the audit trail.',
    params: planParams,
    body: applyBody,
    errors: ['svc_not_found', 'rest_conflict'],
    response: { 200: applyResult },
  }),
};
