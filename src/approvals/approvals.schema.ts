import { answeredRecord, describeRoute, listOf } from '../http/route-docs.ts';

/** JSON Schemas of the approval queue's routes (validation and the API reference). */

const tags = ['approvals'];

const person = (description: string) => ({
  type: ['object', 'null'],
  description,
  properties: {
    uuid: { type: 'string', description: 'user UUID' },
    email: { type: 'string', description: 'e-mail' },
    display_name: { type: 'string', description: 'name' },
  },
  required: ['uuid', 'email', 'display_name'],
});

export const approvalRecord = answeredRecord({
  type: 'object',
  description: 'A call waiting for (or decided by) a member of its approver group.',
  properties: {
    id: { type: 'string', description: 'approval UUID' },
    status: {
      type: 'string',
      enum: ['pending', 'approved', 'denied', 'expired'],
      description: 'where it stands',
    },
    server: {
      type: 'object',
      description: 'the server called',
      properties: {
        id: { type: 'integer', description: 'server id' },
        uuid: { type: 'string', description: 'server UUID' },
        slug: { type: 'string', description: 'server slug' },
        name: { type: 'string', description: 'server name' },
      },
      required: ['id', 'uuid', 'slug', 'name'],
    },
    tool: {
      type: 'object',
      description: 'the tool called',
      properties: {
        slug: { type: 'string', description: 'tool slug' },
        name: { type: 'string', description: 'tool name' },
      },
      required: ['slug', 'name'],
    },
    caller: person('who asked; null for the shared identity of a server without sign-in'),
    approver_group: {
      type: 'object',
      description: 'the group whose members decide',
      properties: {
        uuid: { type: 'string', description: 'group UUID' },
        name: { type: 'string', description: 'group name' },
      },
      required: ['uuid', 'name'],
    },
    reason: { type: 'string', description: 'why the policy asks for an approver (its @reason)' },
    policy_ids: { type: 'array', items: { type: 'string' }, description: 'the policies that asked' },
    arguments: {
      type: 'object',
      additionalProperties: true,
      description: 'the call’s arguments, secret-looking keys redacted',
    },
    created_at: { type: 'string', description: 'ISO 8601 time the call started waiting' },
    expires_at: { type: 'string', description: 'ISO 8601 time it is refused if no one decides' },
    decided_at: { type: ['string', 'null'], description: 'ISO 8601 time of the decision' },
    decided_by: person('who approved or denied it (null: pending, or expired)'),
    note: { type: ['string', 'null'], description: 'the decider’s note' },
    used_at: {
      type: ['string', 'null'],
      description: 'ISO 8601 time the caller was answered with the decision (an approved call ran then)',
    },
    can_decide: { type: 'boolean', description: 'whether the asking person may approve or deny it now' },
  },
});

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', description: 'approval UUID' } },
  required: ['id'],
} as const;

const decisionBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  description: 'An optional note for the caller and the audit trail.',
  properties: { note: { type: 'string', maxLength: 500, description: 'why (shown to the caller)' } },
  examples: [{ note: 'ok for this customer' }],
} as const;

const decide = (verdict: 'Approve' | 'Deny', description: string) =>
  describeRoute(tags, {
    summary: `${verdict} a waiting call`,
    description,
    params: idParams,
    body: decisionBody,
    errors: ['svc_not_found', 'rest_conflict'],
    response: { 200: approvalRecord },
  });

export const approvalDocs = {
  list: describeRoute(tags, {
    summary: 'List approvals',
    description:
      'The approval queue, newest first: administrators see every approval; a person sees the calls of their groups’ queue and their own. Overdue approvals are expired as the queue is read.',
    querystring: {
      type: 'object',
      properties: {
        status: { type: 'string', description: 'pending (default), approved, denied, expired or all' },
        page: { type: 'string', description: 'page number, from 1 (default 1)' },
        per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
      },
    },
    response: { 200: listOf(approvalRecord, 'The approvals of this page.') },
  }),
  get: describeRoute(tags, {
    summary: 'Read an approval',
    description: 'One approval (404 when it is neither yours nor your groups’).',
    params: idParams,
    errors: ['svc_not_found'],
    response: { 200: approvalRecord },
  }),
  approve: decide(
    'Approve',
    'A member of the approver group lets the call run (once, with the arguments shown). The caller cannot approve their own call (403); the first decision wins (409 after it, or after expiry).',
  ),
  deny: decide(
    'Deny',
    'A member of the approver group refuses the call: the caller gets a tool error with the note; nothing is sent upstream.',
  ),
};
