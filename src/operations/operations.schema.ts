import { describeRoute, NO_BODY } from '../http/route-docs.ts';

/** The reference of the maintenance routes and the health-check diagnostic. */

const diagnostic = {
  type: 'object',
  additionalProperties: true,
  properties: {
    checked_at: { type: ['string', 'null'], description: 'null before the first run' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        properties: {
          server_uuid: { type: 'string' },
          slug: { type: 'string' },
          endpoint_url: { type: 'string' },
          status: {
            type: 'string',
            enum: ['ok', 'warn', 'fail'],
            description:
              'the worse of the probe (initialize + tools/list) and the recent MCP calls: under 5 calls in the last hour any error warns; from 5, an error rate of 10 % warns and 50 % fails',
          },
          http_status: { type: ['integer', 'null'] },
          latency_ms: { type: 'integer' },
          tool_count: { type: ['integer', 'null'] },
          error: { type: ['string', 'null'] },
          note: { type: 'string', description: 'e.g. why a protected endpoint was not listed' },
          recent_calls: {
            type: 'object',
            additionalProperties: true,
            description: "MCP clients' calls of the last hour (Test actions left out)",
            properties: {
              window_minutes: { type: 'integer' },
              calls: { type: 'integer' },
              errors: { type: 'integer' },
              error_rate: {
                type: ['number', 'null'],
                description: 'errors / calls (0 to 1); null without calls',
              },
              latest_error: { type: ['string', 'null'] },
            },
          },
          warning: { type: 'string', description: 'why the recent calls make the status warn or fail' },
        },
      },
    },
  },
  examples: [
    {
      checked_at: '2026-01-05T10:00:00.000Z',
      results: [
        {
          server_uuid: '0b7c1f9e-…',
          slug: 'weather-api',
          endpoint_url: 'http://localhost:8080/mcp/weather-api',
          status: 'ok',
          http_status: 200,
          latency_ms: 12,
          tool_count: 3,
          error: null,
          recent_calls: {
            window_minutes: 60,
            calls: 40,
            errors: 1,
            error_rate: 0.025,
            latest_error: 'HTTP 502',
          },
        },
      ],
    },
  ],
} as const;

export const operationsDocs = {
  retention: describeRoute(['admin'], {
    summary: 'Run retention now',
    description:
      'Deletes call logs older than `log_retention_days`, aggregates older than `analytics_retention_days`, audit rows older than `audit_retention_days` (0: none; the chain still verifies from the last deleted row) and stale MCP sessions; blocks until done. Administrators only.',
    body: NO_BODY,
    response: {
      200: {
        type: 'object',
        additionalProperties: true,
        properties: {
          deleted: {
            type: 'object',
            additionalProperties: true,
            properties: {
              call_logs: { type: 'integer' },
              analytics_daily: { type: 'integer' },
              sessions: { type: 'integer' },
              audit_log: { type: 'integer' },
            },
          },
          thresholds: {
            type: 'object',
            additionalProperties: true,
            properties: {
              log_retention_days: { type: 'integer' },
              analytics_retention_days: { type: 'integer' },
              audit_retention_days: { type: 'integer' },
            },
          },
        },
        examples: [
          {
            deleted: { call_logs: 1200, analytics_daily: 48, sessions: 3, audit_log: 0 },
            thresholds: { log_retention_days: 30, analytics_retention_days: 90, audit_retention_days: 365 },
          },
        ],
      },
    },
  }),
  runHealthCheck: describeRoute(['settings'], {
    summary: 'Run the health-check diagnostic',
    description:
      "Runs `initialize` and `tools/list` against every active server's own MCP endpoint, in parallel, and keeps the result.",
    body: NO_BODY,
    response: { 200: diagnostic },
  }),
  readHealthCheck: describeRoute(['settings'], {
    summary: 'Read the last health-check diagnostic',
    description: 'The result of the last run (manual or background).',
    response: { 200: diagnostic },
  }),
};
