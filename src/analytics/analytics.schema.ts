import { answeredRecord, describeRoute, listOf } from '../http/route-docs.ts';

/** JSON Schemas of the analytics routes: query strings and delete bodies (the API reference). */

const DATE = 'YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30)';

/** The call-log filters of the spec's delete-by-filter table. */
const filterFields = {
  search: {
    type: 'string',
    description: 'substring of server name, tool name, method, client type, client IP or error message',
  },
  server_id: {
    type: 'string',
    description: 'server UUID (or numeric id); a value matching no server is ignored',
  },
  status: { type: 'string', description: 'success or error (on `response_status`)' },
  from: { type: 'string', description: `${DATE}, inclusive from the start of the day` },
  to: { type: 'string', description: `${DATE}, inclusive to the end of the day` },
  method_group: { type: 'string', description: 'tools, prompts or resources (JSON-RPC method family)' },
  min_response_time_ms: { type: 'string', description: 'only calls at least this slow (integer ms)' },
  user_id: { type: 'string', description: 'the signed-in person (user UUID) who made the calls' },
  run_id: {
    type: 'string',
    description: "a code-mode run: the `execute` call's row and its program's api calls",
  },
} as const;

export const filterQuery = { type: 'object', properties: filterFields } as const;

export const rangeQuery = {
  type: 'object',
  properties: {
    days: {
      type: 'string',
      description: 'number of days up to today (overview: 1, 7, 30 or 90; default 1; others default 7)',
    },
    from: { type: 'string', description: `${DATE}; overrides days` },
    to: { type: 'string', description: `${DATE}; default today` },
  },
} as const;

export const breakdownQuery = {
  type: 'object',
  properties: {
    ...rangeQuery.properties,
    by: { type: 'string', default: 'tool', description: 'grouping: tool, status, client or user' },
  },
} as const;

export const listCallsQuery = {
  type: 'object',
  properties: {
    ...filterFields,
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
    orderby: {
      type: 'string',
      default: 'created_at',
      description: 'sort field: created_at or response_time_ms',
    },
    order: { type: 'string', default: 'desc', description: 'sort direction: asc or desc' },
  },
} as const;

export const exportQuery = {
  type: 'object',
  properties: {
    ...filterFields,
    format: { type: 'string', default: 'csv', description: 'file format: csv or json' },
  },
} as const;

const scalar = (description: string) => ({
  type: ['string', 'number', 'boolean', 'null'],
  description,
});

/** The same filters in a JSON body (the body wins over the query string). */
export const deleteFilterBody = {
  type: ['object', 'null'],
  description: 'Filters (also accepted in the query string). At least one is required.',
  properties: Object.fromEntries(
    Object.entries(filterFields).map(([name, field]) => [name, scalar(field.description)]),
  ),
  examples: [{ status: 'error', to: '2026-01-31' }],
} as const;

export const deleteIdsBody = {
  type: 'object',
  properties: {
    ids: {
      type: 'array',
      maxItems: 100_000,
      description: 'call-log ids (integers); other values are dropped; at least one must remain',
    },
  },
  examples: [{ ids: [12, 13, 14] }],
} as const;

const callLogRecord = answeredRecord({
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'integer' },
    server_id: { type: ['integer', 'null'] },
    server_uuid: { type: ['string', 'null'] },
    server_name: { type: 'string' },
    tool_id: { type: ['integer', 'null'] },
    tool_name: { type: 'string' },
    method: { type: 'string', description: 'JSON-RPC method, e.g. tools/call' },
    client_type: { type: 'string', description: 'mcp or admin_test' },
    client_name: { type: ['string', 'null'], description: 'MCP clientInfo.name' },
    client: { type: 'string', description: 'client family (claude, cursor, vscode, …)' },
    client_ip: { type: ['string', 'null'] },
    session_id: { type: ['string', 'null'] },
    user_uuid: {
      type: ['string', 'null'],
      description: 'the signed-in person (user UUID), when the server signs people in',
    },
    oauth_client_id: { type: ['string', 'null'], description: 'the OAuth client the person connected with' },
    policy_ids: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'the policies that permitted the call; null when none applied',
    },
    run_id: {
      type: ['string', 'null'],
      description:
        "the code-mode run: the `execute` call's own row and every `api` call its program made share it",
    },
    request_args: { description: 'the arguments, secrets redacted' },
    response_status: { type: 'string', enum: ['success', 'error'] },
    http_status: { type: ['integer', 'null'], description: 'upstream status' },
    response_time_ms: { type: 'integer' },
    error_message: { type: ['string', 'null'] },
    response_data: { type: ['string', 'null'], description: 'upstream body, when `log_response_data` is on' },
    args_tokens: { type: ['integer', 'null'], description: 'estimated tokens of the arguments' },
    result_tokens: { type: ['integer', 'null'], description: 'estimated tokens of the result' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const);

const deleted = {
  type: 'object',
  additionalProperties: true,
  properties: { deleted: { type: 'integer', description: 'rows removed (0 when nothing matched)' } },
  examples: [{ deleted: 42 }],
} as const;

const tags = ['analytics'];

export const analyticsDocs = {
  overview: describeRoute(tags, {
    summary: 'Overview statistics',
    description:
      'Counts of servers and tools, calls today and yesterday (site time zone), and the average response time and success rate over the range.',
    querystring: rangeQuery,
    response: {
      200: {
        type: 'object',
        additionalProperties: true,
        properties: {
          total_servers: { type: 'integer' },
          active_servers: { type: 'integer' },
          total_tools: { type: 'integer' },
          active_tools: { type: 'integer' },
          calls_today: { type: 'integer' },
          calls_yesterday: { type: 'integer' },
          avg_response_ms: { type: 'integer' },
          success_rate: { type: 'number', description: 'percent, 0 to 100' },
          tokens_served: {
            type: 'integer',
            description: 'estimated tokens of the content returned to clients over the range',
          },
        },
        examples: [
          {
            total_servers: 2,
            active_servers: 1,
            total_tools: 12,
            active_tools: 9,
            calls_today: 140,
            calls_yesterday: 95,
            avg_response_ms: 212,
            success_rate: 98.6,
            tokens_served: 48_200,
          },
        ],
      },
    },
  }),
  tokens: describeRoute(tags, {
    summary: 'Token metering',
    description:
      'Estimated tokens of the arguments received and the content served over the range (default 7 days, at most 366): totals, per day the tools by tokens, and the top tools.',
    querystring: rangeQuery,
    response: {
      200: {
        type: 'object',
        additionalProperties: true,
        properties: {
          args_tokens: { type: 'integer' },
          result_tokens: { type: 'integer' },
          days: { type: 'array', items: { type: 'object', additionalProperties: true } },
          top_tools: { type: 'array', items: { type: 'object', additionalProperties: true } },
        },
        examples: [
          {
            args_tokens: 120,
            result_tokens: 4_800,
            days: [{ date: '2026-01-05', tools: [] }],
            top_tools: [
              {
                server_uuid: '0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10',
                server_name: 'Weather API',
                tool_name: 'get_forecast',
                calls: 12,
                args_tokens: 120,
                result_tokens: 4_800,
                tokens: 4_920,
              },
            ],
          },
        ],
      },
    },
  }),
  timeseries: describeRoute(tags, {
    summary: 'Calls per day',
    description: 'One point per day of the range (default 7 days, at most 366), days without calls included.',
    querystring: rangeQuery,
    response: {
      200: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: true,
          properties: {
            date: { type: 'string', description: 'YYYY-MM-DD' },
            calls: { type: 'integer' },
            errors: { type: 'integer' },
            avg_ms: { type: 'integer' },
            p95_ms: {
              type: ['integer', 'null'],
              description:
                '95th percentile latency (nearest rank) from the hourly latency histogram (64 buckets, 0 ms to 60 s): exact below 9 ms, within 17.7 % of the exact value up to 60 s; null when no latency is recorded for the day',
            },
          },
        },
        examples: [[{ date: '2026-01-05', calls: 140, errors: 2, avg_ms: 212, p95_ms: 640 }]],
      },
    },
  }),
  breakdown: describeRoute(tags, {
    summary: 'Calls grouped by tool, status, client or person',
    description:
      'Busiest first, over the range (default 7 days). `by=status` answers `{status, calls, http_status}` per `success`/`error`, ' +
      'where `http_status` counts calls per upstream status code, `invalid_arguments` (refused before any request: the arguments ' +
      "failed the tool's input schema or made no valid request) and `none` (no upstream answer: transport failure, timeout, rate limit, prompts and resources). " +
      '`by=user` answers `{user_uuid, email, display_name, calls, errors, avg_response_ms}` per signed-in person (calls with no person are left out; e-mail and name are null once the user is deleted).',
    querystring: breakdownQuery,
    response: {
      200: {
        type: 'array',
        items: { type: 'object', additionalProperties: true },
        examples: [
          [
            {
              server_uuid: '0b7c1f9e-…',
              server_name: 'Weather API',
              tool_name: 'get_forecast',
              calls: 120,
              errors: 1,
              avg_ms: 198,
            },
          ],
        ],
      },
    },
  }),
  calls: describeRoute(tags, {
    summary: 'List call logs',
    description: 'Call logs matching the filters, newest first by default, a page at a time.',
    querystring: listCallsQuery,
    response: { 200: listOf(callLogRecord, 'The call logs of this page.') },
  }),
  export: describeRoute(tags, {
    summary: 'Export call logs',
    description: 'Every call log matching the filters, streamed newest first as a CSV or JSON file download.',
    querystring: exportQuery,
    response: {
      200: {
        type: 'string',
        description: 'A CSV (`text/csv`) or JSON array file, as an attachment.',
      },
    },
  }),
  deleteByIds: describeRoute(tags, {
    summary: 'Delete call logs by id',
    description: 'Administrators only. Unknown ids are ignored; non-integers dropped.',
    body: deleteIdsBody,
    response: { 200: deleted },
  }),
  deleteByFilter: describeRoute(tags, {
    summary: 'Delete call logs by filter',
    description:
      'Administrators only. Filters in the query string or a JSON body (the body wins); at least one is required.',
    querystring: filterQuery,
    body: deleteFilterBody,
    response: { 200: deleted },
  }),
};
