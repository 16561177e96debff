import { answeredRecord, confirmation, describeRoute, listOf } from '../http/route-docs.ts';

/** JSON Schemas of the policy routes (validation and the API reference). */

const tags = ['policies'];
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'policy UUID' } },
} as const;

const policyRecord = answeredRecord({
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'policy UUID' },
    name: {
      type: 'string',
      description: 'unique per server (or among global policies); statement ids are the name, or name#2…',
    },
    server_id: { type: ['string', 'null'], description: 'server UUID; null: global (every server)' },
    server_name: { type: ['string', 'null'] },
    description: { type: 'string' },
    text: { type: 'string', description: 'Cedar statements' },
    enabled: { type: 'boolean' },
    version: { type: 'integer', description: 'raised by every change' },
    created_by: { type: ['string', 'null'] },
    updated_by: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const);

const example = {
  id: '3f0c…',
  name: 'big-refunds-ask',
  server_id: '9a1b…',
  server_name: 'Billing',
  description: 'Refunds above 500 are confirmed by the person asking.',
  text: '@ask("caller")\n@reason("refunds above 500 need a second look")\nforbid(principal, action == Action::"call_tool", resource == Tool::"create_refund")\nwhen { context.arguments has amount && context.arguments.amount > 500 };',
  enabled: true,
  version: 2,
  created_by: 'Ada Admin',
  updated_by: 'Ada Admin',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:05:00.000Z',
};

const body = (required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64, description: 'lower-case letters, digits, . _ -' },
    server_id: {
      type: ['string', 'null'],
      description: 'server UUID, id or slug; null or absent: global (create only)',
    },
    description: { type: 'string', maxLength: 2000, description: 'what the policy is for' },
    text: {
      type: 'string',
      maxLength: 65536,
      description:
        'Cedar statements (forbid; @ask("caller") to ask the caller instead, @ask("group:<name>") to wait for a member of that group to approve, @reason("…") for the message)',
    },
    enabled: { type: 'boolean', description: 'default true' },
  },
  examples: [{ name: example.name, server_id: 'billing', text: example.text }],
});

export const policyDocs = {
  list: describeRoute(tags, {
    summary: 'Policies',
    description:
      'Every policy, or those of one server (`server_id`), or the global ones (`server_id=global`).',
    querystring: {
      type: 'object',
      properties: { server_id: { type: 'string', description: 'server UUID, id or slug, or `global`' } },
    },
    response: { 200: { ...listOf(policyRecord, 'The policies.'), examples: [[example]] } },
  }),
  get: describeRoute(tags, {
    summary: 'One policy',
    description: 'The policy as saved.',
    params: idParams,
    errors: ['svc_not_found'],
    response: { 200: { ...policyRecord, description: 'The policy.', examples: [example] } },
  }),
  create: describeRoute(tags, {
    summary: 'Write a policy',
    description:
      'Parsed and validated against the schema generated for its server (`GET /policies/schema`): an unknown attribute or argument, a type error or a statement that can never apply is 400 naming it, with `data.problems` (message, help, start/end offsets). Takes effect on every instance at once.',
    body: body(['name', 'text']),
    errors: ['rest_conflict'],
    response: { 201: { ...policyRecord, description: 'The policy.', examples: [example] } },
  }),
  update: describeRoute(tags, {
    summary: 'Change a policy',
    description:
      'A new version (the old one stays in `/policies/{id}/versions`); validated like a new policy.',
    params: idParams,
    body: body([]),
    errors: ['svc_not_found', 'rest_conflict'],
    response: { 200: { ...policyRecord, description: 'The policy.', examples: [example] } },
  }),
  remove: describeRoute(tags, {
    summary: 'Delete a policy',
    description: 'Its versions stay, with a `deleted` one last.',
    params: idParams,
    errors: ['svc_not_found'],
    response: {
      200: confirmation(
        { deleted: { type: 'boolean' }, id: { type: 'string' } },
        { deleted: true, id: '3f0c…' },
      ),
    },
  }),
  versions: describeRoute(tags, {
    summary: 'A policy’s versions',
    description: 'Newest first: who changed what, when.',
    params: idParams,
    errors: ['svc_not_found'],
    response: {
      200: listOf(
        answeredRecord({
          type: 'object',
          properties: {
            version: { type: 'integer' },
            change: { type: 'string', enum: ['created', 'updated', 'deleted'] },
            name: { type: 'string' },
            text: { type: 'string' },
            enabled: { type: 'boolean' },
            changed_by: { type: ['string', 'null'] },
            changed_at: { type: 'string', format: 'date-time' },
          },
        }),
        'The versions.',
      ),
    },
  }),
  schema: describeRoute(tags, {
    summary: 'The policy schema of a server',
    description:
      'The Cedar schema policies are checked against: principals (User in Group, or Shared for a server without sign-in), actions (`call_tool`…), the Tool and Server attributes, and the context — the arguments of the server’s tools, hour and weekday (UTC), client address and id, era.',
    querystring: {
      type: 'object',
      properties: { server_id: { type: 'string', description: 'absent: global' } },
    },
    response: {
      200: {
        type: 'object',
        properties: { schema: { type: 'string', description: 'Cedar schema text' } },
        description: 'The schema.',
      },
    },
  }),
  evaluate: describeRoute(tags, {
    summary: 'Try the policies',
    description:
      'Who (a user, or none: the server’s shared identity) calls which tool with what arguments → the decision and the policies that made it. Nothing is called.',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['server_id', 'tool'],
      properties: {
        server_id: { type: 'string', description: 'server UUID, id or slug' },
        tool: { type: 'string', description: 'tool slug' },
        arguments: { type: 'object', additionalProperties: true, description: 'the call’s arguments' },
        user_id: { type: ['string', 'null'], description: 'user UUID; null: the server’s shared identity' },
      },
      examples: [{ server_id: 'billing', tool: 'create_refund', arguments: { amount: 900 }, user_id: null }],
    },
    response: {
      200: {
        ...confirmation(
          {
            decision: { type: 'string', enum: ['permit', 'forbid', 'ask', 'approve'] },
            policy_ids: { type: 'array', items: { type: 'string' } },
            reason: { type: ['string', 'null'] },
            approver_group: { type: ['string', 'null'] },
            risk: { type: 'string', enum: ['read', 'write', 'destructive'] },
          },
          {
            decision: 'ask',
            policy_ids: ['big-refunds-ask'],
            reason: 'refunds above 500 need a second look',
            approver_group: null,
            risk: 'write',
          },
        ),
        required: ['decision', 'policy_ids', 'reason', 'approver_group', 'risk'],
      },
    },
  }),
  starter: describeRoute(tags, {
    summary: 'Add the starter policy',
    description:
      '“Destructive calls ask the caller”: a tool whose risk is `destructive` (DELETE, or `destructiveHint`) asks the person to confirm.',
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        server_id: { type: ['string', 'null'], description: 'server UUID, id or slug; null: global' },
      },
    },
    errors: ['rest_conflict'],
    response: { 201: { ...policyRecord, description: 'The policy.', examples: [example] } },
  }),
};
