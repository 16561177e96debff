/*
 * The `interaction` field of a tool (migration 004): what Toolgate asks of the MCP client around
 * a call — a confirmation, inputs from the person / the client's model / the client's roots, a
 * form for missing required arguments, and a summary of long answers by the client's model.
 * Semantics: src/mcp/interaction/ and docs/MCP.md. Omitted or null = defaults (confirm `auto`).
 */

const argumentName = { type: 'string', minLength: 1, maxLength: 200 } as const;
const inputKey = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' } as const;

const userInput = {
  type: 'object',
  required: ['key', 'kind', 'message', 'arguments'],
  additionalProperties: false,
  properties: {
    key: inputKey,
    kind: { const: 'user', description: 'asked of the person with a form (elicitation)' },
    message: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      description: '{{argument}} placeholders allowed',
    },
    arguments: {
      type: 'array',
      items: argumentName,
      minItems: 1,
      maxItems: 50,
      description: 'input_schema properties the person supplies (hidden from the model)',
    },
    round: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
    optional: { type: 'boolean', default: false, description: 'skipped when the client cannot ask' },
  },
} as const;

const modelInput = {
  type: 'object',
  required: ['key', 'kind', 'prompt', 'argument'],
  additionalProperties: false,
  properties: {
    key: inputKey,
    kind: { const: 'model', description: "written by the client's model (sampling)" },
    prompt: {
      type: 'string',
      minLength: 1,
      maxLength: 10_000,
      description: '{{argument}} placeholders allowed',
    },
    argument: argumentName,
    max_tokens: { type: 'integer', minimum: 1, maximum: 100_000, default: 500 },
    round: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
    optional: { type: 'boolean', default: false },
  },
} as const;

const rootsInput = {
  type: 'object',
  required: ['key', 'kind', 'argument'],
  additionalProperties: false,
  properties: {
    key: inputKey,
    kind: { const: 'roots', description: "the client's roots (URIs) fill an argument" },
    argument: argumentName,
    round: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
    optional: { type: 'boolean', default: false },
  },
} as const;

export const interactionSchema = {
  type: ['object', 'null'],
  description:
    'what Toolgate asks of the MCP client around a call (confirmation, inputs, a form for missing arguments, a summary); null = defaults',
  additionalProperties: false,
  properties: {
    confirm: {
      type: 'string',
      enum: ['auto', 'always', 'never'],
      default: 'auto',
      description: 'ask the person to confirm the request before it is sent; auto = DELETE tools only',
    },
    confirm_message: {
      type: 'string',
      maxLength: 2000,
      description:
        'text shown with the confirmation ({{argument}} placeholders allowed); default names the request',
    },
    inputs: {
      type: 'array',
      maxItems: 20,
      items: { oneOf: [userInput, modelInput, rootsInput] },
      description:
        "arguments supplied by the person (user), the client's model (model) or the client's roots (roots)",
    },
    ask_missing: {
      type: 'boolean',
      default: false,
      description: 'a call missing required arguments asks the person for them with a form',
    },
    summary: {
      type: ['object', 'null'],
      required: ['instruction'],
      additionalProperties: false,
      description: "off when null: answers longer than over_bytes are condensed by the client's model",
      properties: {
        instruction: {
          type: 'string',
          maxLength: 10_000,
          description: "what the client's model is asked to do with the answer",
        },
        over_bytes: {
          type: 'integer',
          minimum: 0,
          maximum: 100_000_000,
          default: 4000,
          description: 'answers longer than this many bytes are summarized',
        },
        max_tokens: {
          type: 'integer',
          minimum: 1,
          maximum: 100_000,
          default: 500,
          description: "the summary's token budget",
        },
      },
    },
  },
} as const;
