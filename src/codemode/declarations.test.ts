import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ToolRecord } from '../store/tools.repo.ts';
import { declareOperations, declareSignature } from './declarations.ts';

const tool = (over: Partial<ToolRecord>): ToolRecord =>
  ({
    id: 1,
    slug: 'list_charges',
    name: 'List charges',
    description: 'List the charges of a customer. Newest first; see [the guide](https://example.com/guide).',
    http_method: 'GET',
    endpoint_url: 'https://api.example.com/charges',
    input_schema: { type: 'object', properties: {} },
    output_schema: null,
    ...over,
  }) as ToolRecord;

test('a declaration has the doc, required and optional members, unions, bounds and defaults', () => {
  const text = declareOperations(
    [
      tool({
        input_schema: {
          type: 'object',
          required: ['customer'],
          properties: {
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: 100,
              default: 10,
              description: 'How many. Ignored above 100.',
            },
            status: { type: 'string', enum: ['succeeded', 'failed'] },
            customer: { type: 'string', description: 'The customer id.' },
            created: {
              anyOf: [{ type: 'integer' }, { type: 'object', properties: { gt: { type: 'integer' } } }],
            },
            tags: { type: 'array', items: { type: 'string' } },
            note: { type: ['string', 'null'] },
          },
        },
      }),
    ],
    (t) => t.slug,
  );
  assert.equal(
    text,
    [
      '/** List the charges of a customer. Newest first; see the guide. */',
      'api.list_charges(args: {',
      '  customer: string; // The customer id.',
      '  limit?: number; // How many.; default 10; 1–100',
      '  status?: "succeeded" | "failed";',
      '  created?: number | {',
      '    gt?: number;',
      '  };',
      '  tags?: string[];',
      '  note?: string | null;',
      '}): Promise<unknown>;',
    ].join('\n'),
  );
});

test('a signature line inlines a short argument type and names the result type when the tool declares one', () => {
  const line = declareSignature(
    tool({
      input_schema: {
        type: 'object',
        properties: { id: { type: 'string', description: 'the id' } },
        required: ['id'],
      },
      output_schema: { type: 'object', properties: { id: { type: 'string' }, amount: { type: 'integer' } } },
    }),
    'get_charge',
  );
  assert.equal(
    line,
    'api.get_charge(args: { id: string; }): Promise<GetChargeResult> // List the charges of a customer.',
  );
  const declared = declareOperations(
    [
      tool({
        output_schema: {
          type: 'object',
          properties: { id: { type: 'string' }, amount: { type: 'integer' } },
        },
      }),
    ],
    () => 'get_charge',
  );
  assert.match(
    declared,
    /Promise<GetChargeResult>;\ntype GetChargeResult = \{\n {2}id\?: string;\n {2}amount\?: number;\n\};/,
  );
});

test('names that are not identifiers are quoted members of api', () => {
  assert.match(declareSignature(tool({}), 'create-user'), /^api\["create-user"\]\(args: \{\}\)/);
});

test('a hostile schema gives a bounded declaration, fast', () => {
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 500; i++) deep = { type: 'object', properties: { next: deep } };
  const wide = Object.fromEntries(
    Array.from({ length: 10_000 }, (_, i) => [`p${i}`, { type: 'string', description: 'x'.repeat(5_000) }]),
  );
  const huge = { type: 'string', enum: Array.from({ length: 50_000 }, (_, i) => `v${i}`) };
  const text = declareOperations(
    [
      tool({
        description: 'y'.repeat(100_000),
        input_schema: { type: 'object', properties: { deep, huge, ...wide } },
      }),
    ],
    (t) => t.slug,
  );
  assert.ok(text.length <= 8_200, `${text.length} characters`);
  assert.match(text, /huge\?: string; \/\/ one of 50000: "v0", "v1", "v2", "v3", …/);
  assert.match(text, /next\?: Record<string, unknown>;/);
  assert.match(text, /\/\/ … 9962 more/);
});
