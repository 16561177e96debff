/** JSON Schemas of the resource routes (validation and the API reference). */

const DATA_SOURCE_TYPES = ['static', 'http'] as const;

const resourceFields = {
  uri: { type: 'string', minLength: 1, maxLength: 2000, description: 'unique within the server' },
  name: { type: 'string', minLength: 1, maxLength: 200 },
  description: { type: 'string', maxLength: 20_000 },
  mime_type: { type: 'string', minLength: 3, maxLength: 200 },
  data_source_type: { type: 'string', enum: [...DATA_SOURCE_TYPES] },
  data_source_config: {
    type: 'object',
    description: 'static: { content, encoding?: "base64" }; http: { url } fetched at read time',
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
} as const;

export const updateResourceBody = { type: 'object', properties: resourceFields } as const;

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
  properties: { page: { type: 'string' }, per_page: { type: 'string' } },
} as const;
