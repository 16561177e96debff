import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { corpusFile } from '../../test/kit/corpus.ts';
import { riskOf } from '../policies/policy-gate.ts';
import { presentAnnotations } from '../tools/mcp-view.ts';
import { parseCurl } from './curl.ts';
import { parseOpenApi } from './openapi.ts';
import { parsePostman } from './postman.ts';
import type { Candidate } from './types.ts';

/*
 * Risk marks on imported tools: derived from the HTTP method by default (every importer), and set
 * from OpenAPI extensions where the document has them (openapi-risk.ts). No document of the
 * importer corpus (test/fixtures/corpus) uses these extensions, so the documents here are written
 * with the shapes their vendors document: OpenAI GPT actions (`x-openai-isConsequential`) and
 * Speakeasy's "Customize Tools" page (hints at the top level of `x-speakeasy-mcp`).
 */

const ok = { '200': { description: 'ok' } };

function document(paths: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Marks', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
  };
}

/** What a listed tool shows and what policies see, for a candidate as the commit stores it. */
function marksOf(c: Candidate) {
  const tool = { http_method: c.http_method, annotations: c.annotations ?? null, risk: c.risk ?? null };
  return { annotations: presentAnnotations(tool), risk: riskOf(tool) };
}

function bySlug(candidates: Candidate[]): Map<string, Candidate> {
  return new Map(candidates.map((c) => [c.slug, c]));
}

describe('risk marks from the HTTP method (every importer)', () => {
  test('OpenAPI operations without extensions carry no annotations or risk: both follow the method', async () => {
    const { candidates } = await parseOpenApi(
      corpusFile('openapi', 'valid', 'oai-v3.0-petstore-expanded.yaml'),
    );
    assert.ok(candidates.every((c) => c.annotations === undefined && c.risk === undefined));
    const tools = bySlug(candidates);
    assert.deepEqual(marksOf(tools.get('findPets')!), {
      annotations: { readOnlyHint: true, openWorldHint: true },
      risk: 'read',
    });
    assert.equal(marksOf(tools.get('addPet')!).risk, 'write');
    assert.deepEqual(marksOf(tools.get('deletePet')!), {
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
      risk: 'destructive',
    });
  });

  test('a cURL command gets the same method-derived marks', () => {
    const [del] = parseCurl('curl -X DELETE https://api.example.com/v1/notes/7').candidates;
    const [get] = parseCurl('curl https://api.example.com/v1/notes').candidates;
    assert.equal(del!.annotations, undefined);
    assert.deepEqual([marksOf(del!).risk, marksOf(get!).risk], ['destructive', 'read']);
    assert.equal(marksOf(del!).annotations.destructiveHint, true);
  });

  test('a Postman collection gets the same method-derived marks', () => {
    const { candidates } = parsePostman(
      corpusFile('postman', 'v2.1', 'postman-codegen-sample.postman_collection.json'),
    );
    assert.ok(candidates.every((c) => c.annotations === undefined && c.risk === undefined));
    const risks = new Map(candidates.map((c) => [c.http_method, marksOf(c).risk]));
    assert.deepEqual(
      [risks.get('GET'), risks.get('POST'), risks.get('PUT'), risks.get('DELETE')],
      ['read', 'write', 'write', 'destructive'],
    );
  });
});

describe('risk marks from OpenAPI extensions', () => {
  test('x-openai-isConsequential: true makes a GET a write; false on POST and DELETE means not destructive', async () => {
    const { candidates, warnings } = await parseOpenApi(
      document({
        '/recipes': {
          get: { operationId: 'findRecipes', 'x-openai-isConsequential': false, responses: ok },
          post: { operationId: 'logConversation', 'x-openai-isConsequential': false, responses: ok },
        },
        '/orders/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: { operationId: 'confirmOrder', 'x-openai-isConsequential': true, responses: ok },
          delete: { operationId: 'cancelOrder', 'x-openai-isConsequential': false, responses: ok },
          put: { operationId: 'replaceOrder', 'x-openai-isConsequential': true, responses: ok },
        },
      }),
    );
    assert.deepEqual(warnings, []);
    const tools = bySlug(candidates);
    // false on a GET says what the method already says: nothing is stored.
    assert.equal(tools.get('findRecipes')!.annotations, undefined);
    assert.equal(marksOf(tools.get('findRecipes')!).risk, 'read');
    assert.deepEqual(tools.get('logConversation')!.annotations, {
      readOnlyHint: false,
      idempotentHint: false,
      openWorldHint: true,
      destructiveHint: false,
    });
    assert.equal(marksOf(tools.get('logConversation')!).risk, 'write');
    assert.deepEqual(tools.get('confirmOrder')!.annotations, { readOnlyHint: false, openWorldHint: true });
    assert.equal(marksOf(tools.get('confirmOrder')!).risk, 'write');
    assert.deepEqual(tools.get('cancelOrder')!.annotations, {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    assert.equal(marksOf(tools.get('cancelOrder')!).risk, 'write');
    assert.deepEqual(tools.get('replaceOrder')!.annotations, {
      readOnlyHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
  });

  test("x-speakeasy-mcp hints (Speakeasy's documented shape, and an annotations object) override the method", async () => {
    const { candidates, warnings } = await parseOpenApi(
      document({
        '/drivers/stats': {
          post: {
            operationId: 'driverStats',
            'x-speakeasy-mcp': {
              readOnlyHint: true,
              description: 'Retrieve driver statistics without modifying any data',
            },
            responses: ok,
          },
        },
        '/drivers/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          post: {
            operationId: 'deleteDriver',
            'x-speakeasy-mcp': { readOnlyHint: false, destructiveHint: true, scopes: ['write'] },
            responses: ok,
          },
          patch: {
            operationId: 'updateDriverStatus',
            'x-speakeasy-mcp': { annotations: { idempotentHint: true, openWorldHint: false } },
            responses: ok,
          },
          get: { operationId: 'getDriver', 'x-speakeasy-mcp': { name: 'get-driver' }, responses: ok },
        },
      }),
    );
    assert.deepEqual(warnings, []);
    const tools = bySlug(candidates);
    assert.deepEqual(marksOf(tools.get('driverStats')!), {
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: true },
      risk: 'read',
    });
    assert.deepEqual(marksOf(tools.get('deleteDriver')!), {
      annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true, destructiveHint: true },
      risk: 'destructive',
    });
    assert.deepEqual(tools.get('updateDriverStatus')!.annotations, {
      readOnlyHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    // No hint in the extension: nothing stored, the method decides.
    assert.equal(tools.get('getDriver')!.annotations, undefined);
  });

  test('x-mcp-annotations on the path item apply to its operations; the operation and its other extensions win', async () => {
    const { candidates } = await parseOpenApi(
      document({
        '/archive/{id}': {
          'x-mcp-annotations': { destructiveHint: true, openWorldHint: false },
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          put: { operationId: 'archive', responses: ok },
          post: {
            operationId: 'restore',
            'x-openai-isConsequential': false,
            responses: ok,
          },
          patch: {
            operationId: 'touch',
            'x-speakeasy-mcp': { destructiveHint: true },
            'x-mcp-annotations': { destructiveHint: false, readOnlyHint: false },
            responses: ok,
          },
        },
      }),
    );
    const tools = bySlug(candidates);
    assert.deepEqual(marksOf(tools.get('archive')!), {
      annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false, destructiveHint: true },
      risk: 'destructive',
    });
    assert.equal(tools.get('restore')!.annotations!.destructiveHint, false);
    assert.equal(marksOf(tools.get('restore')!).risk, 'write');
    assert.equal(tools.get('touch')!.annotations!.destructiveHint, false);
    assert.equal(marksOf(tools.get('touch')!).risk, 'write');
  });

  test('x-toolgate-risk sets the risk (operation over path item) and leaves the annotations alone', async () => {
    const { candidates } = await parseOpenApi(
      document({
        '/refunds': {
          'x-toolgate-risk': 'destructive',
          post: { operationId: 'createRefund', responses: ok },
          get: { operationId: 'listRefunds', 'x-toolgate-risk': 'read', responses: ok },
        },
        '/search': { post: { operationId: 'search', 'x-toolgate-risk': 'read', responses: ok } },
      }),
    );
    const tools = bySlug(candidates);
    assert.deepEqual(
      ['createRefund', 'listRefunds', 'search'].map((s) => [tools.get(s)!.risk, tools.get(s)!.annotations]),
      [
        ['destructive', undefined],
        ['read', undefined],
        ['read', undefined],
      ],
    );
    assert.equal(marksOf(tools.get('search')!).risk, 'read');
    assert.equal(marksOf(tools.get('search')!).annotations.readOnlyHint, false);
  });

  test('values of the wrong type are ignored with a warning naming the operation; the import goes on', async () => {
    const { candidates, warnings } = await parseOpenApi(
      document({
        '/things': {
          'x-mcp-annotations': ['readOnlyHint'],
          'x-toolgate-risk': 42,
          post: {
            operationId: 'makeThing',
            'x-openai-isConsequential': 'yes',
            'x-speakeasy-mcp': true,
            'x-mcp-annotations': { readOnlyHint: 'true', idempotentHint: true },
            'x-toolgate-risk': 'high',
            responses: ok,
          },
        },
      }),
    );
    assert.equal(candidates.length, 1);
    assert.deepEqual(candidates[0]!.annotations, {
      readOnlyHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    assert.equal(candidates[0]!.risk, undefined);
    assert.deepEqual(warnings, [
      'POST /things: path item x-mcp-annotations is not an object; ignored.',
      'POST /things: x-openai-isConsequential is not true or false; ignored.',
      'POST /things: x-speakeasy-mcp is not an object; ignored.',
      'POST /things: x-mcp-annotations.readOnlyHint is not true or false; ignored.',
      'POST /things: x-toolgate-risk is not "read", "write" or "destructive"; ignored.',
      'POST /things: path item x-toolgate-risk is not "read", "write" or "destructive"; ignored.',
    ]);
  });
});

describe('import-openapi stores the marks', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('phase 1 shows the candidates with their marks; phase 2 stores them on the tools', async () => {
    const s = (await t.api('POST', '/servers', { name: 'marks' })).json();
    const content = JSON.stringify(
      document({
        '/orders': {
          post: { operationId: 'placeOrder', 'x-openai-isConsequential': false, responses: ok },
          get: { operationId: 'listOrders', responses: ok },
        },
        '/orders/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          delete: { operationId: 'cancelOrder', 'x-toolgate-risk': 'write', responses: ok },
        },
      }),
    );
    const parsed = (await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content })).json();
    const shown = new Map(
      parsed.candidates.map((c: Candidate) => [c.slug, [c.annotations ?? null, c.risk ?? null]]),
    );
    assert.deepEqual(shown.get('placeOrder'), [
      { readOnlyHint: false, idempotentHint: false, openWorldHint: true, destructiveHint: false },
      null,
    ]);
    assert.deepEqual(shown.get('cancelOrder'), [null, 'write']);
    const committed = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      content,
      commit: true,
      selected_temp_ids: ['op_0', 'op_1', 'op_2'],
    });
    assert.equal(committed.statusCode, 200);
    assert.deepEqual(committed.json().failed, []);
    const tools = (await t.api('GET', `/servers/${s.uuid}/tools`)).json();
    assert.deepEqual(
      tools.map((x: { slug: string; annotations: unknown; risk: unknown }) => [
        x.slug,
        x.annotations,
        x.risk,
      ]),
      [
        ['listOrders', null, null],
        [
          'placeOrder',
          { readOnlyHint: false, idempotentHint: false, openWorldHint: true, destructiveHint: false },
          null,
        ],
        ['cancelOrder', null, 'write'],
      ],
    );
  });
});
