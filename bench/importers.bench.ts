/*
 * Importer benchmark: parse time, commit time (one transaction) and peak memory for the largest
 * corpus documents. Prints figures; asserts nothing about time.
 */
import { commitCandidates } from '../src/importers/commit.ts';
import { parseOpenApi } from '../src/importers/openapi.ts';
import { parsePostman } from '../src/importers/postman.ts';
import type { ParseResult } from '../src/importers/types.ts';
import { getServerOrThrow } from '../src/servers/servers.service.ts';
import { buildTestApp } from '../test/helpers.ts';
import { corpusFile } from '../test/kit/corpus.ts';

const DOCUMENTS: Array<[string, string, (text: string) => Promise<ParseResult> | ParseResult]> = [
  ['Stripe (OpenAPI 3.0, 4.2 MB)', 'openapi/valid/stripe-spec3.json', (text) => parseOpenApi(text)],
  ['OpenAI (OpenAPI 3.1, 3.0 MB)', 'openapi/valid/openai-openapi.yaml', (text) => parseOpenApi(text)],
  ['Discourse (OpenAPI 3.1, 0.5 MB)', 'openapi/valid/discourse-openapi.yml', (text) => parseOpenApi(text)],
  [
    'Plaid (Postman 2.1, 1.2 MB)',
    'postman/v2.1/plaid-api-endpoints.postman_collection.json',
    (text) => parsePostman(text),
  ],
  [
    'Twitter (Postman 2.1, 0.9 MB)',
    'postman/v2.1/twitter-api-v2.postman_collection.json',
    (text) => parsePostman(text),
  ],
];

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 5);

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const t = await buildTestApp();
try {
  console.log('document                          ops  parse ms  commit ms  tools/s   peak rss  peak heap');
  for (const [label, path, parse] of DOCUMENTS) {
    const text = corpusFile(...path.split('/'));
    global.gc?.();
    peakRss = 0;
    peakHeap = 0;
    const p0 = performance.now();
    const parsed = await parse(text);
    const parseMs = performance.now() - p0;
    const created = (await t.api('POST', '/servers', { name: label })).json();
    const server = await getServerOrThrow(t.ctx, created.uuid);
    const c0 = performance.now();
    const result = await commitCandidates(t.ctx, server, parsed.candidates, {
      onConflict: 'skip',
      status: 'draft',
    });
    const commitMs = performance.now() - c0;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    console.log(
      `${label.padEnd(32)} ${String(result.created.length).padStart(4)} ${parseMs.toFixed(0).padStart(9)} ${commitMs
        .toFixed(0)
        .padStart(
          10,
        )} ${((result.created.length / commitMs) * 1000).toFixed(0).padStart(8)} ${mb(peakRss).padStart(10)} ${mb(
        peakHeap,
      ).padStart(10)}`,
    );
  }
} finally {
  clearInterval(sampler);
  await t.close();
}
