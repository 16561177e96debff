import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseCurl } from '../importers/curl.ts';
import { parseOpenApi } from '../importers/openapi.ts';
import { parsePostman } from '../importers/postman.ts';
import type { ParseResult } from '../importers/types.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { presentMcpTool } from '../tools/mcp-view.ts';
import { clientSchema } from './client-schema.ts';

const CORPUS = fileURLToPath(new URL('../../test/fixtures/corpus/', import.meta.url));
const COMBINERS = ['oneOf', 'anyOf', 'allOf'];

function filesUnder(dir: string): string[] {
  return readdirSync(join(CORPUS, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(json|ya?ml|txt)$/.test(f))
    .map((f) => join(dir, f))
    .sort();
}

async function importFile(file: string): Promise<ParseResult | undefined> {
  const text = readFileSync(join(CORPUS, file), 'utf8');
  try {
    if (file.startsWith('openapi')) return await parseOpenApi(text);
    if (file.startsWith('postman')) return parsePostman(text);
    return parseCurl(text);
  } catch {
    return undefined; // documents the importer refuses make no tools
  }
}

/** Why a served schema breaks the clients' rule, or undefined. */
function explainRuleBreak(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object') return 'not an object';
  const s = schema as Record<string, unknown>;
  if (s.type !== 'object') return `top-level type is ${JSON.stringify(s.type)}`;
  const combiner = COMBINERS.find((c) => c in s);
  if (combiner) return `top-level ${combiner}`;
  if (JSON.stringify(s).includes('"$ref"')) return 'has a $ref';
  return undefined;
}

const asTool = (c: ParseResult['candidates'][number]) =>
  ({ ...c, output_schema: null, annotations: null, interaction: null }) as unknown as ToolRecord;

test('schemas served for every corpus document: no $ref, top-level type "object", no top-level combiners', async () => {
  let checked = 0;
  let rawChanged = 0;
  for (const file of [...filesUnder('openapi'), ...filesUnder('postman'), ...filesUnder('curl')]) {
    const result = await importFile(file);
    for (const candidate of result?.candidates ?? []) {
      // What the importer stores already keeps the rule (docs/DECISIONS.md says how)…
      if (explainRuleBreak(candidate.input_schema)) rawChanged++;
      // …and what tools/list and describe_tools serve keeps it in any case.
      const served = presentMcpTool(asTool(candidate));
      const problem = explainRuleBreak(served.inputSchema);
      assert.equal(problem, undefined, `${file} ${candidate.slug}: ${problem}`);
      checked++;
    }
  }
  assert.equal(rawChanged, 0, 'the importers themselves produce client-ready schemas');
  // Stripe 417, OpenAI 288, Discourse 93 and the rest: the corpus is really read.
  assert.ok(checked > 1000, `only ${checked} schemas checked`);
});

describe('clientSchema (schemas of hand-made tools)', () => {
  const ajv = new Ajv2020({ strict: false });

  test('a ready schema is served as it is (same object)', () => {
    const schema = { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } } };
    assert.equal(clientSchema(schema), schema);
  });

  test('local $refs are inlined, recursion described, $defs kept with their own references inlined', () => {
    const schema = {
      type: 'object',
      properties: { owner: { $ref: '#/$defs/user' }, tree: { $ref: '#/definitions/node' } },
      required: ['owner'],
      $defs: { user: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] } },
      definitions: {
        node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/definitions/node' } },
          },
        },
      },
    };
    assert.deepEqual(clientSchema(schema), {
      type: 'object',
      properties: {
        owner: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] },
        tree: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { description: 'recursive reference to node' } },
          },
        },
      },
      required: ['owner'],
      // SEP-1613: `$defs` survive; a client that reads them finds no reference left either.
      $defs: { user: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] } },
      definitions: {
        node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  children: { type: 'array', items: { description: 'recursive reference to node' } },
                },
              },
            },
          },
        },
      },
    });
    assert.equal(JSON.stringify(clientSchema(schema)).includes('$ref'), false);
  });

  test('top-level oneOf of objects: properties merged, required = intersection, alternatives described', () => {
    const schema = {
      type: 'object',
      properties: { amount: { type: 'integer' } },
      required: ['amount'],
      oneOf: [
        {
          title: 'By card',
          properties: { card: { type: 'string' }, currency: { type: 'string' } },
          required: ['card', 'currency'],
        },
        {
          title: 'By bank',
          properties: { iban: { type: 'string' }, currency: { type: 'string' } },
          required: ['iban', 'currency'],
        },
      ],
    };
    const served = clientSchema(schema);
    assert.deepEqual(served, {
      type: 'object',
      properties: {
        amount: { type: 'integer' },
        card: { type: 'string' },
        currency: { type: 'string' },
        iban: { type: 'string' },
      },
      required: ['amount', 'currency'],
      description:
        'Accepts exactly one of these forms: (1) By card: requires card, currency; (2) By bank: requires iban, currency.',
    });
  });

  test('top-level allOf parts are merged; a property in two parts must meet both', () => {
    const served = clientSchema({
      allOf: [
        { type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } }, required: ['id'] },
        { type: 'object', properties: { n: { minimum: 1 } }, required: ['n'], additionalProperties: false },
      ],
    });
    assert.deepEqual(served, {
      type: 'object',
      properties: { id: { type: 'string' }, n: { allOf: [{ type: 'integer' }, { minimum: 1 }] } },
      required: ['id', 'n'],
    });
  });

  test('an output schema stays a superset: what the stored schema accepts, the served one accepts', () => {
    const stored = {
      type: 'object',
      anyOf: [
        { properties: { kind: { const: 'a' }, x: { type: 'integer' } }, required: ['kind', 'x'] },
        { properties: { kind: { const: 'b' }, y: { type: 'string' } }, required: ['kind'] },
      ],
      $defs: {},
    };
    const served = clientSchema(stored, 'output');
    assert.equal(explainRuleBreak(served), undefined);
    const storedCheck = ajv.compile(stored);
    const servedCheck = ajv.compile(served);
    for (const value of [
      { kind: 'a', x: 1 },
      { kind: 'b', y: 'z' },
      { kind: 'b', x: 'not a number' },
    ]) {
      assert.equal(storedCheck(value), true, JSON.stringify(value));
      assert.equal(servedCheck(value), true, `served refuses ${JSON.stringify(value)}`);
    }
  });

  test('tools/list serves a hand-made tool with $ref and a top-level oneOf by the rule', () => {
    const tool = {
      slug: 'pay',
      name: 'Pay',
      description: 'Pay',
      http_method: 'POST',
      input_schema: {
        type: 'object',
        oneOf: [
          { properties: { card: { $ref: '#/$defs/card' } }, required: ['card'] },
          { properties: { iban: { type: 'string' } } },
        ],
        $defs: { card: { type: 'string', pattern: '^[0-9]{16}$' } },
      },
      output_schema: {
        type: 'object',
        properties: { receipt: { $ref: '#/$defs/r' } },
        $defs: { r: { type: 'string' } },
      },
      annotations: null,
      interaction: null,
      response_mapping: {},
    } as unknown as ToolRecord;
    const served = presentMcpTool(tool);
    assert.equal(explainRuleBreak(served.inputSchema), undefined);
    assert.equal(explainRuleBreak(served.outputSchema), undefined);
    assert.deepEqual((served.inputSchema as { properties: unknown }).properties, {
      card: { type: 'string', pattern: '^[0-9]{16}$' },
      iban: { type: 'string' },
    });
    assert.deepEqual(served.outputSchema, {
      type: 'object',
      properties: { receipt: { type: 'string' } },
      $defs: { r: { type: 'string' } },
    });
    // The stored schema is untouched: the gateway validates with it.
    assert.ok('oneOf' in tool.input_schema);
  });
});
