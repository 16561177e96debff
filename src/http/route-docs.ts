import { ERROR_STATUS, type ErrorCode } from '../errors.ts';

/*
 * The pieces every route's schema is built from, so the API reference (`/openapi.json`, `/docs`)
 * shows for each route a summary, a description, its request schemas and a response per status,
 * errors included, all in one error envelope.
 */

/** `$id` of the shared error envelope (registered once in app.ts with `addSchema`). */
export const ERROR_BODY_ID = 'ErrorBody';

export const errorBodySchema = {
  $id: ERROR_BODY_ID,
  type: 'object',
  description: 'The one error envelope of the management API.',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'string', description: 'machine-readable error code', enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string', description: 'human-readable explanation (never a secret or a stack)' },
    data: {
      type: 'object',
      required: ['status'],
      additionalProperties: true,
      description: 'always `status`; `params` ({field: reason}) for rest_invalid_param; other keys per code',
      properties: {
        status: { type: 'integer', description: 'the HTTP status' },
        params: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
} as const;

/** A sample message per code, for the reference's examples. */
const SAMPLE_MESSAGE: Partial<Record<ErrorCode, [string, Record<string, unknown>?]>> = {
  rest_invalid_param: [
    'Invalid parameter(s): htp_method',
    { params: { htp_method: 'is not a known field; did you mean `http_method`?' } },
  ],
  rest_invalid_json: ['Request body is not valid JSON: Unexpected token'],
  rest_not_logged_in: ['You are not currently logged in: send Authorization: Bearer <API key>.'],
  rest_forbidden: ['Sorry, you are not allowed to do that.'],
  svc_not_found: ['tool not found'],
  server_not_found: ['server not found'],
  svc_missing_curl: ['Send the cURL command to import in "curl_command".'],
  invalid_spec: ['The document has no "openapi" version field: it is not an OpenAPI 3.x document.'],
  unsupported_version: ['This is a Swagger/OpenAPI 2.0 document; only OpenAPI 3.0 and 3.1 are imported.'],
  svc_trial_expired: ['Imports are disabled: trial expired.', { upgrade_url: 'https://…' }],
  tier_limit_import_method: [
    'The basic licence does not include openapi imports; upgrade to import this way.',
    { tier: 'basic', upgrade_url: 'https://…' },
  ],
  svc_tool_not_testable: ['The tool is draft; only active tools can be tested.'],
  rate_limited: ['Too many health checks: retry in 12 s.', { retry_after_seconds: 12 }],
  svc_update_failed: ['The server could not be updated.'],
  svc_delete_failed: ['The tool could not be deleted.'],
  svc_internal_error: ['Internal server error.'],
};

function example(code: ErrorCode) {
  const [message, data] = SAMPLE_MESSAGE[code] ?? [code.replaceAll('_', ' ')];
  return { summary: code, value: { code, message, data: { status: ERROR_STATUS[code], ...data } } };
}

/** Error responses, one per status, each naming its codes and showing an example of each. */
export function errorResponses(codes: ErrorCode[]): Record<number, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, object> = {};
  for (const [status, list] of byStatus)
    out[status] = {
      description: `Error: ${list.map((c) => `\`${c}\``).join(', ')}`,
      allOf: [{ $ref: `${ERROR_BODY_ID}#` }],
      'x-examples': Object.fromEntries(list.map((c) => [c, example(c)])),
    };
  return out;
}

/** The headers a list answers with. */
export const LIST_HEADERS = {
  'X-Svc-Total': { type: 'integer', description: 'number of items over all pages' },
  'X-Svc-TotalPages': { type: 'integer', description: 'number of pages at this per_page' },
} as const;

/** An array response of `item`, with the list headers. */
export function listOf(item: object, description: string) {
  return { type: 'array', description, items: item, headers: LIST_HEADERS };
}

interface RouteDoc {
  summary: string;
  description: string;
  /** Error codes this route answers besides the ones every route of its kind has. */
  errors?: ErrorCode[];
  /** Public routes have no auth errors and no security requirement. */
  public?: boolean;
  body?: object;
  querystring?: object;
  params?: object;
  /** 2xx responses (and any other status answered with a body of its own). */
  response: Record<number, object>;
}

/**
 * A route's fastify schema: the given parts plus the errors every management route can answer
 * (401/403 unless public, 400 for malformed input, 500) in the shared envelope.
 */
export function describeRoute(tags: string[], doc: RouteDoc): Record<string, unknown> {
  const { errors = [], public: isPublic, response, ...parts } = doc;
  const common: ErrorCode[] = isPublic ? [] : ['rest_not_logged_in', 'rest_forbidden'];
  if (doc.body) common.push('rest_invalid_json', 'rest_invalid_param');
  else if (doc.querystring) common.push('rest_invalid_param');
  return {
    tags,
    ...parts,
    ...(isPublic ? { security: [] } : {}),
    response: { ...response, ...errorResponses([...errors, ...common, 'svc_internal_error']) },
  };
}

/** The body of a POST that takes none: nothing, or an empty object. */
export const NO_BODY = {
  type: ['object', 'null'],
  properties: {},
  description: 'No body (an empty JSON object is accepted).',
} as const;

/** `{ deleted: true }`-style confirmations. */
export function confirmation(properties: Record<string, object>, example: object) {
  return {
    type: 'object',
    description: 'Done.',
    properties,
    additionalProperties: true,
    examples: [example],
  };
}

/**
 * A record as the routes answer it: every documented field is always there (`required`) but the
 * ones named optional, so a client — the admin UI's types are generated from this reference —
 * can rely on them.
 */
export function answeredRecord<const S extends { properties: Record<string, unknown> }>(
  schema: S,
  optional: ReadonlyArray<keyof S['properties'] & string> = [],
): S & { required: string[] } {
  return {
    ...schema,
    required: Object.keys(schema.properties).filter((field) => !optional.includes(field)),
  };
}
