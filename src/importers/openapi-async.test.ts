import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseOpenApi } from './openapi.ts';

/*
 * Asynchronous operations proposed as long-running tools (openapi-async.ts). No document of the
 * importer corpus answers 202 with a Location, so the operations here are written with the shapes
 * vendors document: RFC 9110's 202 + Location (GitHub's and many export APIs), Azure's
 * `Operation-Location` and `x-ms-long-running-operation`, an OpenAPI `links` to a status operation.
 */

function document(paths: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Async', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
  };
}

const ok = { '200': { description: 'done' } };

test('202 with Location, Operation-Location, links or x-ms-long-running-operation → execution; others stay ordinary', async () => {
  const parsed = await parseOpenApi(
    document({
      '/exports': {
        post: {
          operationId: 'createExport',
          responses: {
            '202': { description: 'accepted', headers: { Location: { schema: { type: 'string' } } } },
          },
        },
      },
      '/analyze': {
        post: {
          operationId: 'analyze',
          responses: {
            '202': {
              description: 'accepted',
              headers: { 'Operation-Location': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/jobs': {
        post: {
          operationId: 'startJob',
          responses: {
            '202': {
              description: 'queued',
              links: { status: { operationId: 'getJob', parameters: { id: '$response.body#/id' } } },
            },
          },
        },
      },
      '/jobs/{id}': {
        get: {
          operationId: 'getJob',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok,
        },
      },
      '/vms/{name}': {
        put: {
          operationId: 'createVm',
          'x-ms-long-running-operation': true,
          parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '201': { description: 'created' } },
        },
      },
      '/notes': {
        post: {
          operationId: 'createNote',
          responses: { '202': { description: 'accepted, nothing to poll' } },
        },
      },
    }),
  );
  const execution = Object.fromEntries(parsed.candidates.map((c) => [c.slug, c.execution ?? null]));
  assert.deepEqual(execution, {
    createExport: {},
    analyze: {},
    startJob: {},
    getJob: null,
    createVm: {},
    createNote: null,
  });
  assert.ok(
    parsed.warnings?.some((w) => /^4 operation\(s\) answer 202 Accepted with a place to poll/.test(w)),
    parsed.warnings?.join('\n'),
  );
});

test('callbacks alone are named, not made long-running (the OpenAPI callback example)', async () => {
  const text = readFileSync(
    new URL('../../test/fixtures/corpus/openapi/valid/oai-v3.0-callback-example.yaml', import.meta.url),
    'utf8',
  );
  const parsed = await parseOpenApi(text);
  assert.equal(parsed.candidates[0]?.execution, undefined);
  assert.ok(parsed.warnings?.some((w) => /1 operation\(s\) document callbacks \(POST \/streams\)/.test(w)));
});
