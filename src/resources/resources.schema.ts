import { answeredRecord, confirmation, describeRoute, listOf } from '../http/route-docs.ts';

/** JSON Schemas of the resource routes (validation and the API reference). */

const DATA_SOURCE_TYPES = ['static', 'http'] as const;

const resourceFields = {
  uri: {
    type: 'string',
    minLength: 1,
    maxLength: 2000,
    description: 'absolute URI (e.g. docs://readme), unique within the server',
  },
  name: { type: 'string', minLength: 1, maxLength: 200, description: 'display name; default: the URI' },
  description: { type: 'string', maxLength: 20_000, default: '', description: 'shown in resources/list' },
  mime_type: {
    type: 'string',
    minLength: 3,
    maxLength: 200,
    default: 'text/plain',
    description: 'MIME type of the content',
  },
  data_source_type: {
    type: 'string',
    enum: [...DATA_SOURCE_TYPES],
    default: 'static',
    description: 'static: stored content; http: fetched from a URL at read time',
  },
  data_source_config: {
    type: 'object',
    description:
      'static: `{content, encoding?: "base64"}`; http: `{url}` (may hold the template\'s {variables})',
    properties: {
      content: { type: 'string', description: 'static: the content (base64 when encoding is base64)' },
      encoding: { type: 'string', description: 'static: "base64" for binary content' },
      url: { type: 'string', description: 'http: absolute http(s) URL to fetch' },
    },
  },
  template_uri: {
    type: ['string', 'null'],
    maxLength: 2000,
    description: 'RFC 6570 level-1 template, e.g. test://template/{id}/data',
  },
} as const;

export const createResourceBody = {
  type: 'object',
  required: ['uri'],
  properties: resourceFields,
  examples: [
    {
      uri: 'docs://readme',
      name: 'README',
      mime_type: 'text/markdown',
      data_source_type: 'static',
      data_source_config: { content: '# Hello' },
    },
  ],
} as const;

export const updateResourceBody = {
  type: 'object',
  description: 'Every field is optional; only the fields sent change (PUT is the same partial update).',
  properties: resourceFields,
  examples: [{ data_source_config: { content: '# Hello again' } }],
} as const;

export const resourceServerParams = {
  type: 'object',
  required: ['server_id'],
  properties: { server_id: { type: 'string', description: 'server UUID (preferred), slug or numeric id' } },
} as const;

export const resourceParams = {
  type: 'object',
  required: ['server_id', 'id'],
  properties: {
    server_id: { type: 'string', description: 'server UUID (preferred), slug or numeric id' },
    id: { type: 'string', description: 'numeric resource id' },
  },
} as const;

export const listResourcesQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
  },
} as const;

export const resourceRecord = answeredRecord({
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'integer' },
    server_id: { type: 'integer' },
    uri: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    mime_type: { type: 'string' },
    data_source_type: { type: 'string', enum: [...DATA_SOURCE_TYPES] },
    data_source_config: { type: 'object', additionalProperties: true },
    template_uri: { type: ['string', 'null'] },
    server_uuid: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
  examples: [
    {
      id: 2,
      server_id: 1,
      uri: 'docs://readme',
      name: 'README',
      description: '',
      mime_type: 'text/markdown',
      data_source_type: 'static',
      data_source_config: { content: '# Hello' },
      template_uri: null,
      server_uuid: '0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10',
      created_at: '2026-01-05T10:00:00.000Z',
      updated_at: '2026-01-05T10:00:00.000Z',
    },
  ],
} as const);

const tags = ['resources'];
const oneResource = (description: string) => ({ ...resourceRecord, description });

/** The reference of every resource route. */
export const resourceDocs = {
  list: describeRoute(tags, {
    summary: 'List resources',
    description:
      'Resources of a server (named by UUID, slug or numeric id), a page at a time; `X-Svc-Total` counts them.',
    params: resourceServerParams,
    querystring: listResourcesQuery,
    errors: ['svc_not_found'],
    response: { 200: listOf(resourceRecord, 'The resources of this page.') },
  }),
  create: describeRoute(tags, {
    summary: 'Create a resource',
    description:
      'Creates a resource; its URI is unique in the server. MCP clients get resources list_changed.',
    params: resourceServerParams,
    body: createResourceBody,
    errors: ['svc_not_found'],
    response: { 201: oneResource('The created resource.') },
  }),
  get: describeRoute(tags, {
    summary: 'Get a resource',
    description: 'One resource by numeric id.',
    params: resourceParams,
    errors: ['svc_not_found'],
    response: { 200: oneResource('The resource.') },
  }),
  update: describeRoute(tags, {
    summary: 'Update a resource',
    description: 'Partial update (PATCH and PUT alike); subscribed MCP clients get resources/updated.',
    params: resourceParams,
    body: updateResourceBody,
    errors: ['svc_not_found', 'svc_update_failed'],
    response: { 200: oneResource('The updated resource.') },
  }),
  remove: describeRoute(tags, {
    summary: 'Delete a resource',
    description: 'Deletes the resource permanently.',
    params: resourceParams,
    errors: ['svc_not_found', 'svc_delete_failed'],
    response: { 200: confirmation({ deleted: { type: 'boolean' } }, { deleted: true }) },
  }),
};
