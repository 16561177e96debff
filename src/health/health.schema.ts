import { describeRoute } from '../http/route-docs.ts';

/** The reference of the public health endpoint. */

const report = {
  type: 'object',
  additionalProperties: true,
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded', 'fail'] },
    version: { type: 'string', description: 'gateway version' },
    db_version: { type: 'string', description: 'schema version, bumped on each migration' },
    checks: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: true },
      description:
        'per check `{status: ok|warn|fail, ...extras}` (db, sodium, rest, active_servers, license, …)',
    },
    uptime_seconds: { type: 'integer' },
    checked_at: { type: 'string', format: 'date-time' },
  },
  examples: [
    {
      status: 'ok',
      version: '0.1.0',
      db_version: '12',
      checks: {
        db: { status: 'ok', latency_ms: 1 },
        sodium: { status: 'ok' },
        rest: { status: 'ok' },
        active_servers: { status: 'ok', count: 2 },
        license: { status: 'ok', tier: 'community' },
      },
      uptime_seconds: 3600,
      checked_at: '2026-01-05T10:00:00.000Z',
    },
  ],
} as const;

export const healthDocs = describeRoute(['health'], {
  summary: 'Health',
  description:
    'Public liveness: 200 when every check is ok (`ok`) or one warns (`degraded`), 503 with the same body when one fails. Rate-limited to 60 a minute per client IP; never cached.',
  public: true,
  errors: ['rate_limited'],
  response: {
    200: report,
    503: { ...report, description: 'At least one check failed (the full report).' },
  },
});
