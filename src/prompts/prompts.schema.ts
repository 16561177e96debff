import { answeredRecord, confirmation, describeRoute, listOf } from '../http/route-docs.ts';

/** JSON Schemas of the prompt routes (validation and the API reference). */

const promptArgument = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'argument name, unique in the prompt',
    },
    description: { type: 'string', maxLength: 5000, default: '', description: 'what the argument means' },
    required: { type: 'boolean', default: false, description: 'whether prompts/get needs it' },
    ask_user: {
      type: 'boolean',
      default: false,
      description: 'asked of the person with a form (MCP elicitation) instead of being listed for the model',
    },
    values: {
      type: 'array',
      items: { type: 'string', maxLength: 1000 },
      maxItems: 1000,
      description: 'suggested values offered by MCP completion/complete',
    },
  },
} as const;

const promptFields = {
  name: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    description: 'the MCP prompt name, unique in the server',
  },
  description: {
    type: 'string',
    maxLength: 20_000,
    default: '',
    description: 'shown to the client in prompts/list',
  },
  arguments: {
    type: 'array',
    items: promptArgument,
    maxItems: 100,
    default: [],
    description: 'named arguments',
  },
  template_content: {
    type: 'string',
    maxLength: 1_000_000,
    default: '',
    description:
      'text with {{argument_name}} placeholders (one user message), or a JSON array of MCP messages',
  },
} as const;

export const createPromptBody = {
  type: 'object',
  required: ['name'],
  properties: promptFields,
  examples: [
    {
      name: 'summarise',
      description: 'Summarise a text',
      arguments: [{ name: 'text', description: 'the text', required: true }],
      template_content: 'Summarise in three bullet points: {{text}}',
    },
  ],
} as const;

export const updatePromptBody = {
  type: 'object',
  description: 'Every field is optional; only the fields sent change.',
  properties: promptFields,
  examples: [{ template_content: 'Summarise in one sentence: {{text}}' }],
} as const;

export const promptServerParams = {
  type: 'object',
  required: ['server_id'],
  properties: { server_id: { type: 'string', description: 'numeric server id (or UUID)' } },
} as const;

export const promptParams = {
  type: 'object',
  required: ['server_id', 'id'],
  properties: {
    server_id: { type: 'string', description: 'numeric server id (or UUID)' },
    id: { type: 'string', description: 'numeric prompt id' },
  },
} as const;

export const listPromptsQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
  },
} as const;

export const promptRecord = answeredRecord({
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'integer' },
    server_id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
    arguments: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        required: ['name', 'description', 'required'],
        properties: {
          name: { type: 'string' },
          description: { type: 'string' },
          required: { type: 'boolean' },
          values: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    template_content: { type: 'string' },
    server_uuid: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
  examples: [
    {
      id: 3,
      server_id: 1,
      name: 'summarise',
      description: 'Summarise a text',
      arguments: [{ name: 'text', description: 'the text', required: true }],
      template_content: 'Summarise in three bullet points: {{text}}',
      server_uuid: '0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10',
      created_at: '2026-01-05T10:00:00.000Z',
      updated_at: '2026-01-05T10:00:00.000Z',
    },
  ],
} as const);

const tags = ['prompts'];
const onePrompt = (description: string) => ({ ...promptRecord, description });

/** The reference of every prompt route. */
export const promptDocs = {
  list: describeRoute(tags, {
    summary: 'List prompts',
    description: 'Prompts of a server, a page at a time.',
    params: promptServerParams,
    querystring: listPromptsQuery,
    errors: ['svc_not_found'],
    response: { 200: listOf(promptRecord, 'The prompts of this page.') },
  }),
  create: describeRoute(tags, {
    summary: 'Create a prompt',
    description: 'Creates a prompt; its name is unique in the server. MCP clients get prompts list_changed.',
    params: promptServerParams,
    body: createPromptBody,
    errors: ['svc_not_found'],
    response: { 201: onePrompt('The created prompt.') },
  }),
  get: describeRoute(tags, {
    summary: 'Get a prompt',
    description: 'One prompt by numeric id.',
    params: promptParams,
    errors: ['svc_not_found'],
    response: { 200: onePrompt('The prompt.') },
  }),
  update: describeRoute(tags, {
    summary: 'Update a prompt',
    description: 'Partial update: only the fields sent change.',
    params: promptParams,
    body: updatePromptBody,
    errors: ['svc_not_found', 'svc_update_failed'],
    response: { 200: onePrompt('The updated prompt.') },
  }),
  remove: describeRoute(tags, {
    summary: 'Delete a prompt',
    description: 'Deletes the prompt permanently.',
    params: promptParams,
    errors: ['svc_not_found', 'svc_delete_failed'],
    response: { 200: confirmation({ deleted: { type: 'boolean' } }, { deleted: true }) },
  }),
};
