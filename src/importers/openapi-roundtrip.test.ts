import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import { corpusFile } from '../../test/kit/corpus.ts';
import { createRequestChecker } from '../../test/kit/openapi-request-check.ts';
import { sampleArgs } from '../../test/kit/sample-args.ts';
import type { Executor } from '../executor/types.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { parseOpenApi } from './openapi.ts';
import { OPERATION_KEYS, readDocumentText } from './openapi-document.ts';

/*
 * The acceptance check of the OpenAPI importer over the corpus: every operation of each
 * document is imported, called through the executor with arguments generated for its
 * input_schema (test/kit/sample-args.ts), and the request a local upstream receives is checked against
 * the document itself (test/kit/openapi-request-check.ts): path, parameters by style, body media type
 * and body schema. The GitHub document (13 MB, over the import limit) is not imported at all.
 */

const DOCUMENTS = [
  'oai-v3.0-petstore.yaml',
  'oai-v3.0-petstore-expanded.yaml',
  'oai-v3.0-uspto.json',
  'oai-v3.0-api-with-examples.yaml',
  'oai-v3.0-link-example.yaml',
  'oai-v3.0-callback-example.yaml',
  'oai-v3.1-non-oauth-scopes.json',
  'apisguru-xkcd.com-1.0.0.yaml',
  'apisguru-1password.local-connect.json',
  'apisguru-nordigen.com.json',
  'twilio_accounts_v1.json',
  'discourse-openapi.yml',
  'stripe-spec3.json',
  'openai-openapi.yaml',
];

/** Operations left out, by document and tool slug, with the reason (also in docs/DECISIONS.md). */
const LEFT_OUT: Record<string, Record<string, string>> = {};

/** The document's operations in the importer's order: path by path, methods in OPERATION_KEYS order. */
function operationsOf(text: string): Array<{ path: string; method: string }> {
  const doc = readDocumentText(text);
  const out: Array<{ path: string; method: string }> = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!item || typeof item !== 'object') continue;
    for (const method of OPERATION_KEYS)
      if (item[method] && typeof item[method] === 'object') out.push({ path, method });
  }
  return out;
}

/** The endpoint's server part (before the templated path) moved to the local upstream. */
function rebase(endpoint: string, path: string, origin: string): { url: string; base: string } {
  const pattern = path
    .split(/(\{[^}]+\})/)
    .map((p) => (/^\{[^}]+\}$/.test(p) ? '\\{\\{[^}]+\\}\\}' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const at = new RegExp(`${pattern}$`).exec(endpoint)?.index ?? endpoint.length;
  const server = endpoint.slice(0, at);
  const base = server.startsWith('{{') ? server.replace(/^\{\{base_url\}\}/, '') : new URL(server).pathname;
  const cleanBase = base.replace(/\/+$/, '');
  return { url: `${origin}${cleanBase}${endpoint.slice(at)}`, base: cleanBase };
}

describe('every corpus OpenAPI operation: the imported tool sends a request the document accepts', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness({}, (h) => {
    ({ t, up, ex } = h);
    server = { ...h.server, rate_limit_per_min: 0 };
  });

  for (const file of DOCUMENTS) {
    test(file, async () => {
      assert.ok(t);
      const text = corpusFile('openapi', 'valid', file);
      const { candidates } = await parseOpenApi(text);
      const operations = operationsOf(text);
      assert.equal(candidates.length, operations.length);
      const checker = createRequestChecker(text);
      const problems: Record<string, string> = {};
      for (const [i, c] of candidates.entries()) {
        const { path, method } = operations[i]!;
        if (LEFT_OUT[file]?.[c.slug]) continue;
        const { url, base } = rebase(c.endpoint_url, path, up.origin);
        const tool = makeTool({
          name: c.name,
          slug: c.slug,
          endpoint_url: url,
          http_method: c.http_method,
          input_schema: c.input_schema,
          parameter_mapping: c.parameter_mapping,
          headers: c.headers,
        });
        up.received.length = 0;
        const outcome = await ex.execute(call(server, tool, sampleArgs(c.input_schema)));
        const sent = up.received[0];
        if (!sent) {
          problems[c.slug] = `not sent: ${outcome.ok ? '?' : outcome.message}`;
          continue;
        }
        const found = checker.check(path, method, base, sent);
        if (found.length) problems[c.slug] = found.join('; ');
      }
      assert.deepEqual(problems, {}, `${Object.keys(problems).length} of ${candidates.length} operations`);
    });
    for (const [slug, reason] of Object.entries(LEFT_OUT[file] ?? {}))
      test(`${file} ${slug} is left out: ${reason}`, () => {});
  }
});
