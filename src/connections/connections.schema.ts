import { answeredRecord, confirmation, describeRoute, listOf, NO_BODY } from '../http/route-docs.ts';

/** JSON Schemas of the connection routes (validation and the API reference). */

const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const serverParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'server UUID, id or slug' } },
} as const;

const myConnection = answeredRecord({
  type: 'object',
  additionalProperties: false,
  properties: {
    server_id: { type: 'string', description: 'server UUID' },
    server_name: { type: 'string' },
    server_slug: { type: 'string' },
    kind: {
      type: 'string',
      enum: ['oauth2-authorization-code', 'personal-token', 'token-exchange'],
      description: 'how the server gets your credential',
    },
    provider: { type: ['string', 'null'], description: 'the provider host you sign in at' },
    status: {
      type: 'string',
      enum: ['connected', 'needs_consent', 'not_connected', 'automatic'],
      description: 'needs_consent: connect again; automatic: your sign-in token is exchanged per call',
    },
    scope: { type: ['string', 'null'], description: 'what the provider granted' },
    expires_at: { ...nullableDate, description: 'when the access token expires (it is refreshed before)' },
    connected_at: nullableDate,
    last_used_at: nullableDate,
    last_error: { type: ['string', 'null'], description: 'why the connection needs consent' },
  },
} as const);

const myConnectionExample = {
  server_id: '0b6f…',
  server_name: 'GitHub',
  server_slug: 'github',
  kind: 'oauth2-authorization-code',
  provider: 'github.com',
  status: 'connected',
  scope: 'repo read:user',
  expires_at: '2026-11-28T18:00:00.000Z',
  connected_at: '2026-11-28T10:00:00.000Z',
  last_used_at: '2026-11-28T10:05:00.000Z',
  last_error: null,
};

const serverConnection = answeredRecord({
  type: 'object',
  additionalProperties: false,
  properties: {
    user_id: { type: 'string', description: 'the person’s UUID' },
    email: { type: 'string' },
    display_name: { type: 'string' },
    status: { type: 'string', enum: ['connected', 'needs_consent'] },
    scope: { type: ['string', 'null'] },
    expires_at: nullableDate,
    connected_at: { type: 'string', format: 'date-time' },
    last_used_at: nullableDate,
    last_error: { type: ['string', 'null'] },
  },
} as const);

const tags = ['connections'];

export const connectionDocs = {
  mine: describeRoute(tags, {
    summary: 'My connections',
    description:
      'Every server that acts with your own upstream credential and is open to you, with your connection’s state. Never a token.',
    response: { 200: { ...listOf(myConnection, 'Your connections.'), examples: [[myConnectionExample]] } },
  }),
  connect: describeRoute(tags, {
    summary: 'Start connecting my account',
    description:
      'A single-use consent link (ten minutes, only for you, in a browser signed in as you). Open it to connect; `personal-token` servers ask for your token there.',
    params: serverParams,
    body: NO_BODY,
    errors: ['svc_not_found'],
    response: {
      200: confirmation(
        { url: { type: 'string', description: 'the consent link' } },
        { url: 'https://gateway.example/connect/Qm9…' },
      ),
    },
  }),
  disconnect: describeRoute(tags, {
    summary: 'Disconnect my account',
    description: 'Your tokens for this server are deleted; its tools ask you to connect again.',
    params: serverParams,
    errors: ['svc_not_found'],
    response: { 200: confirmation({ deleted: { type: 'boolean' } }, { deleted: true }) },
  }),
  ofServer: describeRoute(tags, {
    summary: 'Who is connected to a server',
    description: 'Each person’s connection state (no secrets). Needs svc_manage_servers.',
    params: serverParams,
    errors: ['svc_not_found'],
    response: { 200: { ...listOf(serverConnection, 'The connections.') } },
  }),
  revoke: describeRoute(tags, {
    summary: 'Revoke a person’s connection',
    description: 'Their tokens for this server are deleted at once; they connect again to use its tools.',
    params: {
      type: 'object',
      required: ['id', 'user_id'],
      properties: {
        id: { type: 'string', description: 'server UUID, id or slug' },
        user_id: { type: 'string', description: 'the person’s UUID' },
      },
    },
    errors: ['svc_not_found'],
    response: { 200: confirmation({ deleted: { type: 'boolean' } }, { deleted: true }) },
  }),
};
