/*
 * `npm run bench -- output-budget`: the cost of fitting a large answer to `max_output_tokens`
 * (executor/fit-output.ts via mapResponse), against mapping the same answer with no token limit.
 * Prints medians of 15 runs per case; no assertion.
 */
import { estimateTokens } from '../src/discovery/tokens.ts';
import { mapResponse } from '../src/executor/map-response.ts';
import type { UpstreamResponse } from '../src/executor/send.ts';
import type { ExecutableTool } from '../src/executor/types.ts';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `cus_${i.toString(36).padStart(8, '0')}`,
    object: 'customer',
    email: `person${i}@example.com`,
    name: `Person number ${i}`,
    created: 1_700_000_000 + i,
    metadata: { plan: i % 2 ? 'pro' : 'free', note: 'lorem ipsum dolor sit amet' },
  }));

function tool(extra: Partial<ExecutableTool>): ExecutableTool {
  return {
    id: 1,
    endpoint_url: 'http://upstream/list',
    output_schema: null,
    response_mapping: { pagination: { param: 'starting_after', kind: 'after_id', limit_param: 'limit' } },
    ...extra,
  } as ExecutableTool;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function measure(label: string, body: string, t: ExecutableTool, budget: number) {
  const res = {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(body),
  } as unknown as UpstreamResponse;
  const opts = { maxOutputBytes: 1e9, checkOutput: () => null, bodyText: body, maxOutputTokens: budget };
  const times: number[] = [];
  let tokens = 0;
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const out = mapResponse(t, res, opts);
    times.push(performance.now() - started);
    tokens = estimateTokens((out.result.content[0] as { text: string }).text);
  }
  console.log(
    `${label.padEnd(58)} body ${(body.length / 1024).toFixed(0).padStart(6)} KiB  result ~${String(tokens).padStart(7)} tokens  median ${median(times).toFixed(2)} ms`,
  );
}

for (const n of [1_000, 10_000]) {
  const list = JSON.stringify(items(n));
  const page = JSON.stringify({ object: 'list', has_more: true, data: items(n) });
  measure(`array of ${n}, no token limit`, list, tool({}), 0);
  measure(`array of ${n}, cut to 10,000 tokens`, list, tool({}), 10_000);
  measure(`{data: ${n} items}, cut to 10,000 tokens`, page, tool({}), 10_000);
  measure(
    `array of ${n}, fields [$[*].id], cut to 10,000 tokens`,
    list,
    tool({ response_mapping: { fields: ['$[*].id'] } }),
    10_000,
  );
}
const text = Array.from({ length: 100_000 }, (_, i) => `line ${i}: lorem ipsum dolor sit amet`).join('\n');
const res = (body: string) =>
  ({
    status: 200,
    headers: { 'content-type': 'text/plain' },
    body: Buffer.from(body),
  }) as unknown as UpstreamResponse;
const times: number[] = [];
for (let i = 0; i < 15; i++) {
  const started = performance.now();
  mapResponse(tool({}), res(text), {
    maxOutputBytes: 1e9,
    checkOutput: () => null,
    bodyText: text,
    maxOutputTokens: 10_000,
  });
  times.push(performance.now() - started);
}
console.log(
  `${'text of 100,000 lines, cut to 10,000 tokens'.padEnd(58)} body ${(text.length / 1024).toFixed(0).padStart(6)} KiB  median ${median(times).toFixed(2)} ms`,
);
