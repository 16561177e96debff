import { describeRoute, listOf } from '../http/route-docs.ts';

/** JSON Schemas of the audit routes (validation and the API reference). */

const tags = ['audit'];

const TIME = 'YYYY-MM-DD (UTC day) or an ISO 8601 time';

const filterFields = {
  actor: { type: 'string', description: 'actor id (user UUID or key id) or actor name, exact' },
  action: {
    type: 'string',
    description: 'action, exact (`user.created`), or a prefix ending with a dot (`policy.`)',
  },
  server: { type: 'string', description: 'server UUID the event concerns' },
  decision: { type: 'string', description: 'permit, forbid, ask, approved or denied' },
  from: { type: 'string', description: `${TIME}; inclusive (a day from its start)` },
  to: { type: 'string', description: `${TIME}; inclusive (a day to its end)` },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    ...filterFields,
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
  },
} as const;

const nullableText = (description: string) => ({ type: ['string', 'null'], description });
const anyJson = (description: string) => ({
  type: ['object', 'array', 'string', 'number', 'boolean', 'null'],
  description,
});

export const auditRecord = {
  type: 'object',
  description: 'One audit event, chained to the one before by its hash.',
  properties: {
    id: { type: 'integer', description: 'position in the chain (ascending)' },
    at: { type: 'string', description: 'ISO 8601 UTC time it was recorded' },
    actor_kind: { type: 'string', description: 'user, key, system or mcp' },
    actor_id: nullableText('user UUID (user), key id (key), or null'),
    actor_name: { type: 'string', description: 'display name of the actor when it acted' },
    action: { type: 'string', description: 'what happened, e.g. user.created, key.revoked, policy.forbid' },
    target_kind: nullableText('kind of the thing acted on: user, key, server, connection, policy…'),
    target_id: nullableText('its id or UUID'),
    server_uuid: nullableText('the server concerned, if any'),
    tool: nullableText('the tool concerned, if any'),
    arguments: anyJson('tool arguments, secret-looking keys redacted; null when none'),
    decision: nullableText('permit, forbid, ask, approved or denied; null when not a decision'),
    policy_ids: { type: ['array', 'null'], items: { type: 'string' }, description: 'policies that decided' },
    detail: anyJson('more about the event (changed fields, never secrets); null when none'),
    prev_hash: { type: 'string', description: 'hash of the previous row (64 zeros for the first)' },
    hash: { type: 'string', description: 'sha256 of prev_hash and the canonical JSON of the fields' },
  },
  required: ['id', 'at', 'actor_kind', 'actor_name', 'action', 'prev_hash', 'hash'],
} as const;

const verifyResult = {
  type: 'object',
  description: 'The chain check: `{ok: true, rows}` or `{ok: false, broken_at, reason}`.',
  properties: {
    ok: { type: 'boolean', description: 'true when every row chains to the one before' },
    rows: { type: 'integer', description: 'rows checked (when ok)' },
    broken_at: { type: 'integer', description: 'id of the first row that breaks the chain (when not ok)' },
    reason: { type: 'string', description: 'why that row breaks it (when not ok)' },
  },
  required: ['ok'],
} as const;

export const auditDocs = {
  list: describeRoute(tags, {
    summary: 'List audit events',
    description: 'Audit events matching the filters, newest first, a page at a time. Administrators only.',
    querystring: listQuery,
    response: { 200: listOf(auditRecord, 'The audit events of this page.') },
  }),
  export: describeRoute(tags, {
    summary: 'Export audit events',
    description:
      'Every audit event matching the filters, oldest first, streamed as JSON lines (`application/x-ndjson`, one event a line). Administrators only.',
    querystring: { type: 'object', properties: filterFields },
    response: {
      200: { type: 'string', description: 'JSON lines, one audit event a line, as an attachment.' },
    },
  }),
  verify: describeRoute(tags, {
    summary: 'Verify the audit chain',
    description:
      'Walks every row in id order: each hash must match its row and each prev_hash the row before (the first row: the hash of the last row retention deleted, else 64 zeros). Administrators only.',
    response: {
      200: {
        ...verifyResult,
        examples: [
          { ok: true, rows: 1204 },
          { ok: false, broken_at: 57, reason: '…' },
        ],
      },
    },
  }),
};
