import { describeRoute, listOf } from '../http/route-docs.ts';

/** JSON Schemas of the grants routes (validation and the API reference). */

const tags = ['grants'];

const grant = {
  type: 'object',
  required: ['id', 'user', 'client', 'resources', 'created_at', 'expires_at'],
  properties: {
    id: { type: 'string', description: 'the grant id' },
    user: {
      type: ['object', 'null'],
      description: 'the person who allowed it (null when that person is gone)',
      properties: { id: { type: 'string', description: 'user uuid' }, email: { type: 'string' } },
    },
    client: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'client_id (a metadata document URL or a registered id)' },
        name: { type: ['string', 'null'] },
      },
    },
    resources: {
      type: 'array',
      description: 'the MCP endpoints it covers, each with the scopes allowed there',
      items: {
        type: 'object',
        properties: { resource: { type: 'string' }, scopes: { type: 'array', items: { type: 'string' } } },
      },
    },
    created_at: { type: ['string', 'null'], format: 'date-time' },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
  },
};

const idParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_-]+$', description: 'grant id' },
  },
};

const revoked = { 204: { type: 'null', description: 'Revoked: the grant and every token issued under it' } };

export const grantDocs = {
  mine: describeRoute(tags, {
    summary: 'Your OAuth grants',
    description: 'The clients you allowed to use MCP servers as you, per server and scope.',
    response: { 200: listOf(grant, 'your grants, newest first') },
  }),
  revokeMine: describeRoute(tags, {
    summary: 'Revoke one of your grants',
    description:
      "Ends the grant: its refresh tokens stop, and its access tokens are refused at once. Another person's grant is 404.",
    params: idParams,
    errors: ['svc_not_found'],
    response: revoked,
  }),
  all: describeRoute(tags, {
    summary: "Everyone's OAuth grants (administrators)",
    description: 'Every live grant, with the person who gave it.',
    response: { 200: listOf(grant, 'all grants, newest first') },
  }),
  revoke: describeRoute(tags, {
    summary: 'Revoke a grant (administrators)',
    description: 'Ends any person’s grant, as `DELETE /me/grants/{id}` does for one’s own.',
    params: idParams,
    errors: ['svc_not_found'],
    response: revoked,
  }),
};
