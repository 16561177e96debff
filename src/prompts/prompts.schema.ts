/** JSON Schemas of the prompt routes (validation and the API reference). */

const promptArgument = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 5000 },
    required: { type: 'boolean' },
    values: {
      type: 'array',
      items: { type: 'string', maxLength: 1000 },
      maxItems: 1000,
      description: 'suggested values offered by MCP completion/complete',
    },
  },
} as const;

const promptFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  description: { type: 'string', maxLength: 20_000 },
  arguments: { type: 'array', items: promptArgument, maxItems: 100 },
  template_content: {
    type: 'string',
    maxLength: 1_000_000,
    description: 'text with {{argument_name}} placeholders',
  },
} as const;

export const createPromptBody = { type: 'object', required: ['name'], properties: promptFields } as const;
export const updatePromptBody = { type: 'object', properties: promptFields } as const;

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
  properties: { page: { type: 'string' }, per_page: { type: 'string' } },
} as const;
