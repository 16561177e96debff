import { CAPABILITIES, ROLES } from '../auth/capabilities.ts';
import { answeredRecord, confirmation, describeRoute } from '../http/route-docs.ts';

/** JSON Schemas of the API key routes (validation and the API reference). */

export const createKeyBody = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, description: 'label of the key' },
    role: {
      type: 'string',
      enum: Object.keys(ROLES),
      default: 'administrator',
      description:
        'administrator (all), editor (servers + analytics), analyst (analytics), settings (settings + analytics)',
    },
    capabilities: {
      type: 'array',
      items: { type: 'string', enum: [...CAPABILITIES] },
      minItems: 1,
      description: "explicit capabilities instead of the role's",
    },
    expires_at: {
      type: 'string',
      format: 'date-time',
      description: 'the key stops working then; default never',
    },
  },
  examples: [{ name: 'CI', role: 'editor' }],
} as const;

const keyParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'key UUID, numeric id or prefix' } },
} as const;

const capability = { type: 'string', enum: [...CAPABILITIES] } as const;

/** The person who owns a key (it never grants more than they hold); null for a key of no person. */
export const keyOwner = {
  anyOf: [
    {
      type: 'object',
      required: ['id', 'email', 'display_name'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        email: { type: 'string' },
        display_name: { type: 'string' },
      },
    },
    { type: 'null' },
  ],
  description: 'the person who owns the key; null for a key of no person',
} as const;

const keyRecord = answeredRecord(
  {
    type: 'object',
    additionalProperties: true,
    properties: {
      id: { type: 'integer' },
      uuid: { type: 'string' },
      name: { type: 'string' },
      prefix: { type: 'string', description: 'the readable start of the key, to recognise it' },
      role: { type: 'string' },
      capabilities: { type: 'array', items: capability },
      created_at: { type: 'string', format: 'date-time' },
      last_used_at: { type: ['string', 'null'] },
      expires_at: { type: ['string', 'null'] },
      revoked_at: { type: ['string', 'null'] },
      owner: keyOwner,
    },
  } as const,
  // Optional for readers: a client written before owners need not know them.
  ['owner'],
);

const keyExample = {
  id: 2,
  uuid: '7a1b2c3d-…',
  name: 'CI',
  prefix: 'tgk_3fA9',
  role: 'editor',
  capabilities: ['svc_manage_servers', 'svc_view_analytics'],
  created_at: '2026-01-05T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  owner: { id: '0b7c1e9a-…', email: 'ada@example.com', display_name: 'Ada' },
};

const tags = ['keys'];

export const keyDocs = {
  list: describeRoute(tags, {
    summary: 'List API keys',
    description: 'Every key (never its secret), revoked ones included.',
    response: {
      200: {
        type: 'array',
        description: 'The keys.',
        items: keyRecord,
        headers: { 'X-Svc-Total': { type: 'integer' }, 'X-Svc-TotalPages': { type: 'integer' } },
        examples: [[keyExample]],
      },
    },
  }),
  create: describeRoute(tags, {
    summary: 'Create an API key',
    description:
      'Creates a key and answers its `secret` once (`Cache-Control: no-store`); only its hash is kept.',
    body: createKeyBody,
    response: {
      201: {
        ...keyRecord,
        description: 'The key, with its secret.',
        properties: { ...keyRecord.properties, secret: { type: 'string', description: 'shown only now' } },
        examples: [{ ...keyExample, secret: 'tgk_3fA9…' }],
      },
    },
  }),
  me: describeRoute(tags, {
    summary: 'The calling key',
    description:
      'What the key in the Authorization header may do: its name, role, effective capabilities (`manage_options` implies every other) and prefix. Any valid key may read it; the admin UI uses it to hide what the role does not allow.',
    response: {
      200: {
        type: 'object',
        description: 'The calling key.',
        required: ['name', 'role', 'capabilities', 'prefix'],
        properties: {
          name: { type: 'string' },
          role: { type: 'string' },
          capabilities: { type: 'array', items: capability },
          prefix: { type: 'string', description: 'the readable start of the key' },
        },
        examples: [
          {
            name: 'CI',
            role: 'editor',
            capabilities: ['svc_manage_servers', 'svc_view_analytics'],
            prefix: 'tgk_3fA9xY2b',
          },
        ],
      },
    },
  }),
  revoke: describeRoute(tags, {
    summary: 'Revoke an API key',
    description: 'The key stops working at once.',
    params: keyParams,
    errors: ['svc_not_found'],
    response: {
      200: confirmation(
        { revoked: { type: 'boolean' }, id: { type: 'integer' }, uuid: { type: 'string' } },
        { revoked: true, id: 2, uuid: '7a1b2c3d-…' },
      ),
    },
  }),
};
