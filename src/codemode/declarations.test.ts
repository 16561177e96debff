import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import ts from 'typescript';
import { corpusTools } from '../../test/search-quality.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { declareOperations, declareSignature } from './declarations.ts';

const tool = (over: Partial<ToolRecord>): ToolRecord =>
  ({
    id: 1,
    slug: 'list_charges',
    name: 'List charges',
    description:
      'List the charges of a **customer**. Newest first; see [the guide](https://example.com/guide).',
    http_method: 'GET',
    endpoint_url: 'https://api.example.com/charges',
    input_schema: { type: 'object', properties: {} },
    output_schema: null,
    ...over,
  }) as ToolRecord;

/** Syntax errors of a TypeScript text (transpiling reports only those). */
function syntaxErrors(text: string): string[] {
  const out = ts.transpileModule(text, { reportDiagnostics: true, fileName: 'api.ts' });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

let stripe: ToolRecord[];
let openai: ToolRecord[];
before(async () => {
  stripe = await corpusTools('stripe-spec3.json');
  openai = await corpusTools('openai-openapi.yaml');
});

test('a declaration has the doc, required members first, optional marks, unions, bounds and defaults', () => {
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
            customer: { type: 'string', description: 'The customer_id, as `cus_…`.', maxLength: 5000 },
            created: {
              anyOf: [{ type: 'integer' }, { type: 'object', properties: { gt: { type: 'integer' } } }],
            },
            tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
            note: { type: ['string', 'null'] },
            at: { type: 'string', format: 'date-time' },
            expires: { anyOf: [{ type: 'number' }, { type: 'null' }] },
            extra: {
              type: 'object',
              description: 'Anything.\nMore.',
              properties: { a: { type: 'string' } },
              additionalProperties: true,
            },
          },
        },
      }),
    ],
    (t) => t.slug,
  );
  assert.equal(
    text,
    [
      'declare const api: {',
      '/** List the charges of a customer. Newest first; see the guide. */',
      'list_charges(args: {',
      '  customer: string; // The customer_id, as cus_…',
      '  limit?: number; // How many; default 10; 1–100',
      '  status?: "succeeded" | "failed";',
      '  created?: number | { gt?: number };',
      '  tags?: string[]; // ≤ 5',
      '  note?: string | null;',
      '  at?: string; // date-time',
      '  expires?: number | null;',
      '  extra?: { a?: string; [key: string]: unknown }; // Anything',
      '}): Promise<unknown>;',
      '};',
    ].join('\n'),
  );
  assert.deepEqual(syntaxErrors(text), []);
});

test("Stripe's refund and charge list: property names, optional marks, the enum union, no result type", () => {
  const byName = (name: string) => stripe.find((t) => t.slug === name) as ToolRecord;
  const refund = declareOperations([byName('PostRefunds')], (t) => t.slug);
  assert.match(refund, /^\/\*\* Create a refund\. \*\/$/m);
  assert.match(refund, /^PostRefunds\(args: \{$/m);
  assert.match(refund, /^ {2}charge\?: string;$/m);
  assert.match(refund, /^ {2}reason\?: "duplicate" \| "fraudulent" \| "requested_by_customer";$/m);
  assert.match(refund, /^ {2}metadata\?: Record<string, string> \| ""; \/\/ Set of key-value pairs/m);
  assert.match(refund, /^\}\): Promise<unknown>;$/m);
  assert.equal(
    declareSignature(byName('GetCharges'), 'GetCharges'),
    'api.GetCharges(args: { created?: { gt?: number; gte?: number; lt?: number; lte?: number } | number; customer?: string; ending_before?: string; expand?: string[]; limit?: number; payment_intent?: string; starting_after?: string; transfer_group?: string; body?: Record<string, unknown> }): Promise<unknown> // Returns a list of charges you’ve previously created.',
  );
  // A long argument type is left to describe_tools.
  const chat = openai.find((t) => t.slug === 'createChatCompletion') as ToolRecord;
  assert.match(
    declareSignature(chat, chat.slug),
    /^api\.createChatCompletion\(args: \{…\}\): Promise<unknown> \/\/ /,
  );
  const declared = declareOperations([chat], (t) => t.slug);
  assert.match(declared, /^ {2}messages: Array<Record<string, unknown>>; \/\/ A list of messages/m);
  assert.match(declared, /^ {2}temperature\?: number \| null;$/m);
});

test('every Stripe and OpenAI operation declares as valid TypeScript', () => {
  for (const tools of [stripe, openai]) {
    const text = declareOperations(tools, (t) => t.slug);
    assert.deepEqual(syntaxErrors(text), []);
    assert.equal((text.match(/\): Promise<unknown>;$/gm) ?? []).length, tools.length);
  }
});

test('a result type is named after the operation, one level deep, and used by the signature line', () => {
  const withResult = tool({
    input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    output_schema: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string' },
        amount: { type: 'integer', description: 'In cents.' },
        customer: { type: 'object', properties: { id: { type: 'string' } } },
        refunds: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    },
  });
  assert.equal(
    declareSignature(withResult, 'get_charge'),
    'api.get_charge(args: { id: string }): Promise<GetChargeResult> // List the charges of a customer.',
  );
  const text = declareOperations([withResult], () => 'get_charge');
  assert.match(text, /^get_charge\(args: \{ id: string \}\): Promise<GetChargeResult>;\n\};\n/m);
  assert.match(
    text,
    /\ntype GetChargeResult = \{\n {2}id: string;\n {2}amount\?: number; \/\/ In cents\n {2}customer\?: Record<string, unknown>;\n {2}refunds\?: unknown\[\];\n\};$/,
  );
  assert.deepEqual(syntaxErrors(text), []);
});

test('names that are not identifiers are quoted members, called as api["name"], said once', () => {
  assert.match(
    declareSignature(tool({}), 'create-user'),
    /^api\["create-user"\]\(args: \{\}\): Promise<unknown> /,
  );
  const text = declareOperations(
    [tool({ slug: 'a' }), tool({ slug: 'b' }), tool({ slug: 'c' })],
    (t) => ({ a: 'create-user', b: 'delete user', c: 'new' })[t.slug] as string,
  );
  assert.equal(text.split('\n')[0], '// quoted names are called as api["create-user"](args)');
  assert.equal(text.match(/quoted names/g)?.length, 1);
  assert.match(text, /^"create-user"\(args: \{\}\): Promise<unknown>;$/m);
  assert.match(text, /^"delete user"\(args: \{\}\): Promise<unknown>;$/m);
  assert.match(text, /^"new"\(args: \{\}\): Promise<unknown>;$/m);
  assert.deepEqual(syntaxErrors(text), []);
});

test('a hostile schema gives a bounded declaration that is still valid TypeScript', () => {
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 500; i++) deep = { type: 'object', properties: { next: deep } };
  let lists: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 500; i++) lists = { type: 'array', items: lists };
  const wide = Object.fromEntries(
    Array.from({ length: 10_000 }, (_, i) => [`p${i}`, { type: 'string', description: 'x'.repeat(5_000) }]),
  );
  const huge = { type: 'string', enum: Array.from({ length: 50_000 }, (_, i) => `v${i}`) };
  const text = declareOperations(
    [
      tool({
        description: `Ends */ here. ${'y'.repeat(100_000)}`,
        input_schema: {
          type: 'object',
          properties: {
            deep,
            lists,
            huge,
            long: { type: 'string', enum: ['a'.repeat(10_000)] },
            tricky: { type: 'string', format: 'x\ny', default: 'a\u2028b', description: 'line\u2028break' },
            [`${'n'.repeat(1_000)}`]: { type: 'string' },
            wider: { type: 'object', properties: wide },
            ...wide,
          },
        },
      }),
    ],
    (t) => t.slug,
  );
  assert.ok(text.length <= 9_000, `${text.length} characters`);
  assert.match(text, /^\/\*\* Ends \/ here\. y{580,}… \*\/$/m);
  assert.match(text, /^ {2}deep\?: \{ next\?: \{ next\?: Record<string, unknown> \} \};$/m);
  assert.match(text, /^ {2}lists\?: unknown\[\]\[\]\[\];$/m);
  assert.match(text, /^ {2}huge\?: string; \/\/ one of 50000 values: "v0", "v1", "v2", "v3", …$/m);
  assert.match(text, /^ {2}long\?: string; \/\/ one of 1 values: "a{28}…$/m);
  assert.match(text, /^ {2}tricky\?: string; \/\/ line break; default "a b"; x y$/m);
  assert.match(text, /^ {4}\/\/ … 99\d\d more$/m);
  assert.match(text, /^ {2}\/\/ … 99\d\d more$/m);
  assert.doesNotMatch(text, /nnnnnnnnnn/);
  assert.deepEqual(syntaxErrors(text), []);
});

test('declarations are deterministic and kept per record', () => {
  const t = stripe.find((x) => x.slug === 'PostCustomers') as ToolRecord;
  const first = declareOperations([t], (x) => x.slug);
  assert.equal(
    declareOperations([{ ...t }], (x) => x.slug),
    first,
  );
  assert.equal(
    declareOperations([t], (x) => x.slug),
    first,
  );
  // Another name for the same record is declared under that name.
  assert.match(
    declareOperations([t], () => 'create_customer'),
    /^create_customer\(args: \{$/m,
  );
});
