/*
 * Code mode's declarations (issue 37): estimated tokens of `describe_tools` for one operation
 * (`declareOperations([tool])`) and of a `search_tools` line (`declareSignature`) over every
 * operation of the Stripe and OpenAI corpus documents, and the time to declare them all. Targets:
 * describe of one operation ≤ 150 tokens median and ≤ 800 at p95.
 *
 * Two cases per document: the tools as the OpenAPI importer stores them (no output schema, so
 * results are `unknown`), and the same tools given output schemas from each operation's first 2xx
 * JSON response (converted as the importer converts inputs) — what a declared result type costs.
 * Tokens are the documented estimate (src/discovery/tokens.ts). Asserts nothing.
 */
import { declareOperations, declareSignature } from '../src/codemode/declarations.ts';
import { estimateTokens } from '../src/discovery/tokens.ts';
import { loadOpenApiDocument, OPERATION_KEYS, readDocumentText } from '../src/importers/openapi-document.ts';
import { newBudget, toJsonSchema } from '../src/importers/openapi-schema.ts';
import type { ToolRecord } from '../src/store/tools.repo.ts';
import { corpusFile } from '../test/kit/corpus.ts';
import { corpusTools } from '../test/search-quality.ts';

type Obj = Record<string, unknown>;

const DOCUMENTS = { stripe: 'stripe-spec3.json', openai: 'openai-openapi.yaml' };

/** operationId → JSON Schema of its first 2xx JSON response. */
async function responseSchemas(file: string): Promise<Map<string, Obj>> {
  const doc = await loadOpenApiDocument(readDocumentText(corpusFile('openapi', 'valid', file)));
  const v30 = String(doc.openapi).startsWith('3.0');
  const out = new Map<string, Obj>();
  for (const item of Object.values((doc.paths ?? {}) as Obj))
    for (const method of OPERATION_KEYS) {
      const op = (item as Obj)[method] as Obj | undefined;
      if (typeof op?.operationId !== 'string') continue;
      const ok = Object.entries((op.responses ?? {}) as Obj).find(([code]) => /^2/.test(code))?.[1] as
        | Obj
        | undefined;
      const schema = ((ok?.content as Obj | undefined)?.['application/json'] as Obj | undefined)?.schema;
      if (schema) out.set(op.operationId, toJsonSchema(schema, v30, newBudget()) as Obj);
    }
  return out;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

const name = (t: ToolRecord) => t.slug;
console.log(
  '| document | output schemas | operations | describe p50 | p95 | max | over 800 | signature p50 | p95 | inline args | time, all |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const [label, file] of Object.entries(DOCUMENTS)) {
  const stored = await corpusTools(file);
  const responses = await responseSchemas(file);
  const cases: Array<[string, ToolRecord[]]> = [
    ['none (as imported)', stored],
    [
      `2xx responses (${stored.filter((t) => responses.has(t.slug)).length})`,
      stored.map((t) => ({ ...t, output_schema: responses.get(t.slug) ?? null }) as ToolRecord),
    ],
  ];
  for (const [what, tools] of cases) {
    // Fresh records each round, so the per-record cache does not answer the timed runs.
    const rounds = 5;
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const fresh = tools.map((t) => ({ ...t }));
      const started = performance.now();
      for (const t of fresh) {
        declareOperations([t], name);
        declareSignature(t, t.slug);
      }
      times.push(performance.now() - started);
    }
    const describe = tools.map((t) => estimateTokens(declareOperations([t], name))).sort((a, b) => a - b);
    const lines = tools.map((t) => declareSignature(t, t.slug));
    const signature = lines.map((l) => estimateTokens(l)).sort((a, b) => a - b);
    const inline = lines.filter((l) => !l.includes('(args: {…})')).length;
    console.log(
      `| ${label} | ${what} | ${tools.length} | ${quantile(describe, 0.5)} | ${quantile(describe, 0.95)} | ${describe.at(-1)} | ${describe.filter((n) => n > 800).length} | ${quantile(signature, 0.5)} | ${quantile(signature, 0.95)} | ${inline} | ${Math.min(...times).toFixed(1)} ms |`,
    );
  }
}
console.log(
  '\n(tokens estimated; time is the fastest of 5 rounds declaring every operation and its signature line, uncached)',
);
