/*
 * Code-mode benchmark (issue 37, point 6): scripted multi-step tasks on the Stripe and OpenAI
 * documents (bench/codemode/tasks.ts), the same task in each exposure mode — all tools, discovery,
 * code — through a real gateway and the official SDK client v2, against a local upstream with
 * Stripe- and OpenAI-shaped answers (bench/codemode/upstream.ts). Per task and mode (and code mode
 * again with describe skipped where the search answer shows enough): model round trips, billed
 * tokens and wall time; a wrong answer fails the bench. Also: the tools/list surface
 * per mode, describe_tools of each operation, the sandbox's cold start, the fixed cost of a run,
 * and the cost of an `api` call against the same call made by tools/call, by the executor alone
 * and by the sandbox alone. Run: npm run bench -- codemode
 */
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type RunRequest, SandboxPool } from '../src/codemode/sandbox/pool.ts';
import { estimateTokens } from '../src/discovery/tokens.ts';
import { findServer } from '../src/store/servers.repo.ts';
import { findToolBySlug } from '../src/store/tools.repo.ts';
import { corpusFile } from '../test/kit/corpus.ts';
import { createMcpKit } from '../test/mcp-kit.ts';
import { MODES, type Mode, type Task, Transcript, tasks, textOf } from './codemode/tasks.ts';
import { counts, models, startUpstream } from './codemode/upstream.ts';

const upstream = await startUpstream();
const kit = await createMcpKit({ name: 'bench', rate_limit_per_min: 0 });
const origin = await kit.listen();

/** A server of one exposure mode with every operation of a document imported, and a client on it. */
async function importServer(name: string, file: string, mode: Mode, settings: Record<string, unknown> = {}) {
  // Stripe's server URL is the host (paths start /v1), OpenAI's ends in /v1.
  const base = file.startsWith('stripe') ? upstream.url : `${upstream.url}/v1`;
  const created = await kit.t.api('POST', '/servers', {
    name,
    tool_exposure: mode,
    rate_limit_per_min: 0,
    settings,
  });
  assert.equal(created.statusCode, 201, created.body);
  const { uuid, slug } = created.json() as { uuid: string; slug: string };
  const content = corpusFile('openapi', 'valid', file);
  const preview = await kit.t.api('POST', `/servers/${uuid}/tools/import-openapi`, {
    content,
    base_url: base,
  });
  assert.equal(preview.statusCode, 200, preview.body.slice(0, 300));
  const ids = (preview.json().candidates as Array<{ temp_id: string }>).map((c) => c.temp_id);
  const committed = await kit.t.api('POST', `/servers/${uuid}/tools/import-openapi`, {
    content,
    base_url: base,
    commit: true,
    selected_temp_ids: ids,
    imported_status: 'active',
  });
  assert.equal(committed.statusCode, 200, committed.body.slice(0, 300));
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp/${slug}`)));
  return { uuid, client, tools: ids.length };
}
type Served = Awaited<ReturnType<typeof importServer>>;

const stripe: Record<Mode, Served> = {
  all: await importServer('Stripe all', 'stripe-spec3.json', 'all'),
  discovery: await importServer('Stripe discovery', 'stripe-spec3.json', 'discovery'),
  // The refund task writes: this server lets programs make every call.
  code: await importServer('Stripe code', 'stripe-spec3.json', 'code', { code: { writes: 'all' } }),
};
const openai: Record<Mode, Served> = {
  all: await importServer('OpenAI all', 'openai-openapi.yaml', 'all'),
  discovery: await importServer('OpenAI discovery', 'openai-openapi.yaml', 'discovery'),
  code: await importServer('OpenAI code', 'openai-openapi.yaml', 'code'),
};

const resultOf = (r: Awaited<ReturnType<Client['callTool']>>) =>
  (r.structuredContent as { result: unknown }).result;
const execute = (code: string) => openai.code.client.callTool({ name: 'execute', arguments: { code } });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const quantile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

// ---- cold start: the first program of the process, before any client listed a code-mode server
// (listing starts the workers ahead of the first run), then a fresh pool's first run alone -------

let started = performance.now();
const first = await execute('return 1');
const coldGatewayMs = performance.now() - started;
assert.equal(resultOf(first), 1, textOf(first));

const LIMITS: RunRequest['limits'] = {
  cpuMs: 60_000,
  memoryMb: 64,
  maxCalls: 100_000,
  maxInflight: 8,
  logLines: 5,
  resultBytes: 100_000,
};
const trivial = async () => '{"a":1}';
const runAlone = (pool: SandboxPool, code: string) =>
  pool.run({ code, limits: LIMITS, wallMs: 60_000, onCall: trivial });
const pool = new SandboxPool({ workers: 1 });
started = performance.now();
assert.equal((await runAlone(pool, 'return 1')).result, '1');
const coldPoolMs = performance.now() - started;

// ---- surfaces and tasks --------------------------------------------------------------------------

async function surfaceOf(client: Client): Promise<number> {
  return estimateTokens({ tools: (await client.listTools()).tools });
}
const surfaces = { stripe: {} as Record<Mode, number>, openai: {} as Record<Mode, number> };
for (const mode of MODES) {
  surfaces.stripe[mode] = await surfaceOf(stripe[mode].client);
  surfaces.openai[mode] = await surfaceOf(openai[mode].client);
}

interface Measured {
  roundTrips: number;
  billed: number;
  ms: number;
}
/** Each mode's transcript, and code mode's again with describe skipped where search shows enough. */
type Column = Mode | 'lean';
const COLUMNS: Column[] = [...MODES, 'lean'];
const results = new Map<Task, Record<Column, Measured>>();
for (const task of tasks) {
  const row = {} as Record<Column, Measured>;
  for (const column of COLUMNS) {
    const mode = column === 'lean' ? 'code' : column;
    const served = task.api === 'stripe' ? stripe : openai;
    const t = new Transcript(surfaces[task.api][mode], task.title, served[mode].client, column === 'lean');
    const began = performance.now();
    const got = await task.run[mode](t);
    const ms = performance.now() - began;
    assert.deepEqual(got, task.expected, `${task.id} in ${column} mode answered ${JSON.stringify(got)}`);
    row[column] = { ...t.finish(), ms };
  }
  results.set(task, row);
}

// ---- describe_tools of each operation, one at a time, through the gateway -----------------------

async function describeEach(served: Record<Mode, Served>): Promise<number[]> {
  const names = (await served.all.client.listTools()).tools.map((t) => t.name);
  const tokens: number[] = [];
  for (const name of names) {
    const r = await served.code.client.callTool({ name: 'describe_tools', arguments: { names: [name] } });
    assert.ok(!r.isError, textOf(r));
    tokens.push(estimateTokens(textOf(r)));
  }
  return tokens;
}
const describeStripe = await describeEach(stripe);
const describeOpenai = await describeEach(openai);

// ---- fixed cost of a run, warm --------------------------------------------------------------------

const RUNS = 200;
const gatewayRuns: number[] = [];
for (let i = 0; i < RUNS; i++) {
  started = performance.now();
  await execute('return 1');
  gatewayRuns.push(performance.now() - started);
}
const poolRuns: number[] = [];
for (let i = 0; i < RUNS; i++) {
  started = performance.now();
  await runAlone(pool, 'return 1');
  poolRuns.push(performance.now() - started);
}

// ---- per api call: a cached GET (listModels), 1,000 sequential calls four ways -------------------

const N = 1_000;
async function cacheListModels(served: Served): Promise<void> {
  const found = await kit.t.api('GET', `/servers/${served.uuid}/tools?search=listModels`);
  const body = found.json() as
    | Array<{ uuid: string; slug: string }>
    | { items: Array<{ uuid: string; slug: string }> };
  const tool = (Array.isArray(body) ? body : body.items).find((t) => t.slug === 'listModels');
  assert.ok(tool, 'listModels not found');
  const patched = await kit.t.api('PATCH', `/servers/${served.uuid}/tools/${tool.uuid}`, {
    cache_ttl: 300,
    rate_limit_per_min: 0,
  });
  assert.equal(patched.statusCode, 200, patched.body);
}
await cacheListModels(openai.code);
await cacheListModels(openai.all);
const patched = await kit.t.api('PATCH', `/servers/${openai.code.uuid}`, {
  settings: { code: { max_calls: N, max_inflight: 32, cpu_ms: 10_000 } },
});
assert.equal(patched.statusCode, 200, patched.body);
await new Promise((r) => setTimeout(r, 200));

const REPEATS = 5;
/** Microseconds per call of `calls` calls that took `ms`, the median of the repeats. */
async function perCall(calls: number, once: () => Promise<number>): Promise<number> {
  const each: number[] = [];
  for (let i = 0; i < REPEATS; i++) each.push((await once()) * (1000 / calls));
  return median(each);
}
const requestsBefore = counts.requests;

// The executor alone, in process: what every call costs wherever it comes from.
const server = await findServer(kit.t.ctx.store.db, openai.code.uuid);
assert.ok(server);
const tool = await findToolBySlug(kit.t.ctx.store.db, server.id, 'listModels');
assert.ok(tool && tool.cache_ttl === 300);
const executorUs = await perCall(N, async () => {
  const began = performance.now();
  for (let i = 0; i < N; i++) {
    const out = await kit.t.ctx.executor.execute({
      server,
      tool,
      args: {},
      useTestCredentials: false,
      clientType: 'mcp',
    });
    assert.ok(out.ok, JSON.stringify(out).slice(0, 500));
  }
  return performance.now() - began;
});

// A program's calls, through the gateway (one execute; its fixed cost taken off).
const fixedMs = median(gatewayRuns);
const programRun = (code: string) => async () => {
  const began = performance.now();
  const r = await execute(code);
  const ms = performance.now() - began;
  assert.equal(resultOf(r), N * models.length, textOf(r).slice(0, 500));
  return ms - fixedMs;
};
const programSeqUs = await perCall(
  N,
  programRun(
    `let n = 0;\nfor (let i = 0; i < ${N}; i++) n += (await api.listModels({})).data.length;\nreturn n;`,
  ),
);
const programParUs = await perCall(
  N,
  programRun(
    `const all = await Promise.all(Array.from({ length: ${N} }, () => api.listModels({})));\nreturn all.reduce((n, m) => n + m.data.length, 0);`,
  ),
);

// The same calls by tools/call, one request each (the all-tools server's listModels, cached too).
const toolsCallUs = await perCall(N, async () => {
  const began = performance.now();
  for (let i = 0; i < N; i++) {
    const r = await openai.all.client.callTool({ name: 'listModels', arguments: {} });
    assert.ok(!r.isError);
  }
  return performance.now() - began;
});
// Every call above after the first of each server came from the cache.
assert.ok(counts.requests - requestsBefore <= 2, `${counts.requests - requestsBefore} upstream requests`);

// The sandbox alone: a worker pool whose host answers at once.
const SANDBOX_CALLS = 5_000;
const sandboxSeqUs = await perCall(SANDBOX_CALLS, async () => {
  const began = performance.now();
  await runAlone(pool, `for (let i = 0; i < ${SANDBOX_CALLS}; i++) await api.x({ i }); return 1`);
  return performance.now() - began - median(poolRuns);
});
const sandboxParUs = await perCall(SANDBOX_CALLS, async () => {
  const began = performance.now();
  await runAlone(
    pool,
    `await Promise.all(Array.from({ length: ${SANDBOX_CALLS} }, (_, i) => api.x({ i }))); return 1`,
  );
  return performance.now() - began - median(poolRuns);
});
await pool.close();

// ---- report ---------------------------------------------------------------------------------------

const cell = (m: Measured) => `${m.roundTrips} / ${fmt(m.billed)}`;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const t2 = results.get(tasks.find((t) => t.id === 'T2') as Task)?.code as Measured;
const overheadUs = programSeqUs - executorUs;
const inFlightUs = programParUs - executorUs;
const describeCell = (tokens: number[]) =>
  `${quantile(tokens, 0.5)} / ${quantile(tokens, 0.95)} (${Math.max(...tokens)})`;
const describeMet = quantile(describeStripe, 0.5) <= 150 && quantile(describeStripe, 0.95) <= 800;
const surfaceRow = (api: 'stripe' | 'openai', label: string) => {
  const s = surfaces[api];
  return [label, fmt(s.all), fmt(s.discovery), fmt(s.code), fmt(s.code), '≤ 450', mark(s.code <= 450)];
};
const perCallMark =
  overheadUs <= 100 ? 'met' : `**missed** sequential${inFlightUs <= 100 ? ', met in flight' : ''}`;
const rows: string[][] = [
  ['measure', 'all tools', 'discovery', 'code', 'code, describe skipped', 'target', ''],
  surfaceRow('stripe', `surface (tools/list), Stripe ${stripe.all.tools} operations`),
  surfaceRow('openai', `surface (tools/list), OpenAI ${openai.all.tools} operations`),
  [
    'describe of one Stripe operation, p50 / p95 (max)',
    '—',
    '—',
    describeCell(describeStripe),
    '',
    '≤ 150 / ≤ 800',
    mark(describeMet),
  ],
  ['describe of one OpenAI operation, p50 / p95 (max)', '—', '—', describeCell(describeOpenai), '', '', ''],
  ...[...results].map(([task, row]) => [
    `${task.id} ${task.title}`,
    ...COLUMNS.map((c) => cell(row[c])),
    ...(task.id === 'T2' ? ['≤ 4 / ≤ 6,000', mark(t2.roundTrips <= 4 && t2.billed <= 6_000)] : ['', '']),
  ]),
  [
    `fixed cost per run (execute "return 1", median of ${RUNS})`,
    '',
    '',
    `${fixedMs.toFixed(1)} ms`,
    '',
    '≤ 30 ms',
    mark(fixedMs <= 30),
  ],
  [
    'per api call over the executor, sequential / 32 in flight',
    '',
    '',
    `${overheadUs.toFixed(0)} / ${inFlightUs.toFixed(0)} µs`,
    '',
    '≤ 100 µs',
    perCallMark,
  ],
];
const printTable = (table: string[][]) => {
  const [head, ...body] = table as [string[], ...string[][]];
  for (const row of [head, head.map(() => '---'), ...body]) console.log(`| ${row.join(' | ')} |`);
};

console.log('est. tokens (UTF-8 bytes / 4) for every mode\n');
printTable(rows);
console.log('(task cells: model round trips / billed tokens, the context re-sent each round trip)\n');
printTable([
  ['wall time of the task run', 'all tools', 'discovery', 'code', 'code, describe skipped'],
  ...[...results].map(([task, row]) => [task.id, ...COLUMNS.map((c) => `${fmt(row[c].ms)} ms`)]),
]);

console.log(
  `\nsandbox cold start: the first program through the gateway ${fmt(coldGatewayMs)} ms (workers, WebAssembly module, transpiler); a fresh pool's first run alone ${fmt(coldPoolMs)} ms`,
);
console.log(
  `fixed cost per run, median of ${RUNS}: the sandbox alone ${median(poolRuns).toFixed(2)} ms; execute through the gateway ${fixedMs.toFixed(2)} ms`,
);
console.log(`per api call (a cached GET, ${N} calls, median of ${REPEATS}):`);
console.log(`  executor alone, in process        ${executorUs.toFixed(0)} µs`);
console.log(
  `  a program, sequential              ${programSeqUs.toFixed(0)} µs (${overheadUs.toFixed(0)} µs over the executor)`,
);
console.log(
  `  a program, 32 in flight            ${programParUs.toFixed(0)} µs (${inFlightUs.toFixed(0)} µs over the executor)`,
);
console.log(
  `  tools/call, one request each       ${toolsCallUs.toFixed(0)} µs (a program's call: ${(toolsCallUs - programSeqUs).toFixed(0)} µs less)`,
);
console.log(
  `  the sandbox alone, trivial host    ${sandboxSeqUs.toFixed(0)} µs sequential, ${sandboxParUs.toFixed(0)} µs in flight together (${SANDBOX_CALLS} calls)`,
);
console.log(`upstream requests: ${fmt(counts.requests)}`);

for (const served of [...Object.values(stripe), ...Object.values(openai)]) await served.client.close();
await kit.close();
await new Promise<void>((r) => upstream.server.close(() => r()));
