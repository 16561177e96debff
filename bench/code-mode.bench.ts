/*
 * Code-mode benchmark (issue 37, point 6): scripted multi-step tasks on the Stripe and OpenAI
 * documents, the same task in each exposure mode — all tools, discovery, code — through a real
 * gateway and the official SDK client v2, against a local upstream with Stripe- and OpenAI-shaped
 * answers. No model: each transcript is the sequence of calls a competent model makes in that mode.
 * Context: the tools/list answer, the task, then every call and answer so far; a model round trip
 * per call plus one for the final answer; billed tokens = the context summed over the round trips
 * (it is sent again each time). One estimator for every mode (src/discovery/tokens.ts). Also:
 * describe_tools per operation, the sandbox's cold start, fixed cost per run and cost per api
 * call. A wrong answer from any program fails the bench.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SandboxPool } from '../src/codemode/sandbox/pool.ts';
import { estimateTokens } from '../src/discovery/tokens.ts';
import { corpusFile } from '../test/kit/corpus.ts';
import { createMcpKit, listenLocal } from '../test/mcp-kit.ts';

type Mode = 'all' | 'discovery' | 'code';
const MODES: Mode[] = ['all', 'discovery', 'code'];

// ---- the upstream: Stripe- and OpenAI-shaped answers --------------------------------------------

const CURRENCIES = ['usd', 'eur', 'gbp'];
const customers = Array.from({ length: 20 }, (_, i) => ({
  id: `cus_${String(i + 1).padStart(4, '0')}`,
  object: 'customer',
  email: `customer${i + 1}@example.com`,
  name: `Customer ${i + 1}`,
  created: 1_700_000_000 + i * 86_400,
  currency: CURRENCIES[i % 3] as string,
  livemode: false,
  metadata: {},
}));
let chargeSeq = 0;
const charges = customers
  .flatMap((c, i) =>
    Array.from({ length: 5 + ((i * 7) % 26) }, (_, j) => {
      chargeSeq++;
      return {
        id: `ch_${String(chargeSeq).padStart(5, '0')}`,
        object: 'charge',
        amount: 500 + ((chargeSeq * 137) % 9_500),
        currency: CURRENCIES[(i + j) % 3] as string,
        customer: c.id,
        created: 1_710_000_000 + chargeSeq * 3_600,
        status: chargeSeq % 9 === 0 ? 'failed' : 'succeeded',
        paid: chargeSeq % 9 !== 0,
        refunded: false,
        description: `Order ${chargeSeq}`,
        failure_code: chargeSeq % 9 === 0 ? 'card_declined' : null,
        receipt_email: c.email,
        metadata: {},
      };
    }),
  )
  .sort((a, b) => b.created - a.created);
const files = Array.from({ length: 12 }, (_, i) => ({
  id: `file-${i + 1}`,
  object: 'file',
  bytes: 10_000 + i * 1_000,
  created_at: 1_720_000_000 + i * 86_400 * 10,
  filename: `data-${i + 1}.jsonl`,
  purpose: i % 3 === 0 ? 'batch' : 'fine-tune',
}));
const models = ['gpt-4o', 'gpt-4o-mini', 'o3', 'text-embedding-3-small', 'whisper-1'].map((id, i) => ({
  id,
  object: 'model',
  created: 1_690_000_000 + i,
  owned_by: 'openai',
}));

let upstreamRequests = 0;
function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  upstreamRequests++;
  const url = new URL(req.url ?? '/', 'http://upstream');
  const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: url.pathname });
  const limit = Number(url.searchParams.get('limit') ?? 10);
  let value: unknown;
  if (url.pathname === '/v1/customers') {
    const email = url.searchParams.get('email');
    value = list(customers.filter((c) => !email || c.email === email).slice(0, limit));
  } else if (url.pathname === '/v1/charges') {
    const customer = url.searchParams.get('customer');
    value = list(charges.filter((c) => !customer || c.customer === customer).slice(0, limit));
  } else if (url.pathname === '/v1/refunds' && req.method === 'POST') {
    const form = new URLSearchParams(body);
    const charge = charges.find((c) => c.id === form.get('charge'));
    value = {
      id: 're_0001',
      object: 'refund',
      amount: Number(form.get('amount') ?? charge?.amount ?? 0),
      charge: form.get('charge'),
      currency: charge?.currency ?? 'usd',
      status: 'succeeded',
    };
  } else if (url.pathname === '/v1/files') value = { object: 'list', data: files, has_more: false };
  else if (url.pathname === '/v1/models') value = { object: 'list', data: models };
  else value = { error: { message: `no route ${url.pathname}` } };
  res.writeHead(url.pathname.startsWith('/v1/') ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

const upstream = await listenLocal((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => answer(req, res, body));
});

// ---- the gateway: Stripe in three modes, OpenAI in code mode -------------------------------------

const kit = await createMcpKit({ name: 'bench', rate_limit_per_min: 0 });
const origin = await kit.listen();

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

const writes = { code: { writes: 'all', max_calls: 200 } };
const stripe: Record<Mode, Awaited<ReturnType<typeof importServer>>> = {
  all: await importServer('Stripe all', 'stripe-spec3.json', 'all'),
  discovery: await importServer('Stripe discovery', 'stripe-spec3.json', 'discovery'),
  code: await importServer('Stripe code', 'stripe-spec3.json', 'code', writes),
};
const openai = await importServer('OpenAI code', 'openai-openapi.yaml', 'code');
const openaiAll = await importServer('OpenAI all', 'openai-openapi.yaml', 'all');
const openaiDiscovery = await importServer('OpenAI discovery', 'openai-openapi.yaml', 'discovery');

// ---- transcripts ---------------------------------------------------------------------------------

type CallResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: CallResult) => (r.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
const jsonOf = (r: CallResult) => JSON.parse(textOf(r).split('\ncalls:')[0] ?? 'null');

/** A conversation's ledger: the surface, the task, and every call and answer. */
class Transcript {
  private readonly contexts: number[] = [];
  private context: number;
  constructor(
    surfaceTokens: number,
    task: string,
    private readonly client: Client,
  ) {
    this.context = surfaceTokens + estimateTokens(task);
  }
  /** One model turn: it asks for a tool call (counted) and reads the answer (counted). */
  async call(name: string, args: Record<string, unknown>): Promise<CallResult> {
    this.contexts.push(this.context);
    const result = await this.client.callTool({ name, arguments: args });
    this.context += estimateTokens({ name, arguments: args }) + estimateTokens(textOf(result));
    return result;
  }
  /** The model's last turn: it reads everything and answers. */
  finish(): { roundTrips: number; billed: number; context: number } {
    this.contexts.push(this.context);
    return {
      roundTrips: this.contexts.length,
      billed: this.contexts.reduce((a, b) => a + b, 0),
      context: this.context,
    };
  }
}

async function surfaceOf(client: Client): Promise<number> {
  const listed = await client.listTools();
  return estimateTokens({ tools: listed.tools });
}
const surfaces: Record<Mode, number> = {
  all: await surfaceOf(stripe.all.client),
  discovery: await surfaceOf(stripe.discovery.client),
  code: await surfaceOf(stripe.code.client),
};
const openaiSurfaces: Record<Mode, number> = {
  all: await surfaceOf(openaiAll.client),
  discovery: await surfaceOf(openaiDiscovery.client),
  code: await surfaceOf(openai.client),
};

interface Task {
  id: string;
  title: string;
  api: 'stripe' | 'openai';
  run: Record<Mode, (t: Transcript) => Promise<unknown>>;
  expected: unknown;
}

const target = customers[6]!;
const failedOfFirst20 = charges
  .filter((c) => c.status === 'failed')
  .map((c) => c.id)
  .sort();
const last100 = charges.slice(0, 100);
const sums: Record<string, number> = {};
for (const c of last100) sums[c.currency] = (sums[c.currency] ?? 0) + c.amount;
const latestOfTarget = charges.find((c) => c.customer === target.id)!;
const oldFiles = files
  .filter((f) => f.created_at < 1_720_000_000 + 86_400 * 50)
  .map((f) => f.id)
  .sort();

/** Discovery mode: search, describe, then call — the model reads each step's answer. */
async function discover(t: Transcript, query: string, name: string): Promise<void> {
  await t.call('search_tools', { query });
  await t.call('describe_tools', { names: [name] });
}
async function declare(t: Transcript, query: string, names: string[]): Promise<void> {
  await t.call('search_tools', { query });
  await t.call('describe_tools', { names });
}

const tasks: Task[] = [
  {
    id: 'T1',
    title: 'find the customer with a given e-mail',
    api: 'stripe',
    expected: target.id,
    run: {
      all: async (t) => jsonOf(await t.call('GetCustomers', { email: target.email })).data[0].id,
      discovery: async (t) => {
        await discover(t, 'find a customer by email', 'GetCustomers');
        return jsonOf(await t.call('call_tool', { name: 'GetCustomers', arguments: { email: target.email } }))
          .data[0].id;
      },
      code: async (t) => {
        await declare(t, 'find a customer by email', ['GetCustomers']);
        const r = await t.call('execute', {
          code: `const { data } = await api.GetCustomers({ email: '${target.email}' });\nreturn data[0]?.id;`,
        });
        return (r.structuredContent as { result: unknown }).result;
      },
    },
  },
  {
    id: 'T2',
    title: '20 customers: list their charges, keep the failed ones',
    api: 'stripe',
    expected: failedOfFirst20,
    run: {
      all: async (t) => {
        const list = jsonOf(await t.call('GetCustomers', { limit: 20 })).data as Array<{ id: string }>;
        const failed: string[] = [];
        for (const c of list) {
          const ch = jsonOf(await t.call('GetCharges', { customer: c.id, limit: 100 }))
            .data as typeof charges;
          failed.push(...ch.filter((x) => x.status === 'failed').map((x) => x.id));
        }
        return failed.sort();
      },
      discovery: async (t) => {
        await discover(t, 'list customers', 'GetCustomers');
        const list = jsonOf(await t.call('call_tool', { name: 'GetCustomers', arguments: { limit: 20 } }))
          .data as Array<{ id: string }>;
        await discover(t, 'list charges of a customer', 'GetCharges');
        const failed: string[] = [];
        for (const c of list) {
          const ch = jsonOf(
            await t.call('call_tool', { name: 'GetCharges', arguments: { customer: c.id, limit: 100 } }),
          ).data as typeof charges;
          failed.push(...ch.filter((x) => x.status === 'failed').map((x) => x.id));
        }
        return failed.sort();
      },
      code: async (t) => {
        await declare(t, 'list customers and their charges', ['GetCustomers', 'GetCharges']);
        const r = await t.call('execute', {
          code: `const { data: customers } = await api.GetCustomers({ limit: 20 });
const lists = await Promise.all(customers.map((c) => api.GetCharges({ customer: c.id, limit: 100 })));
return lists.flatMap((l) => l.data).filter((c) => c.status === 'failed').map((c) => c.id).sort();`,
        });
        return (r.structuredContent as { result: unknown }).result;
      },
    },
  },
  {
    id: 'T3',
    title: 'the last 100 charges summed by currency',
    api: 'stripe',
    expected: sums,
    run: {
      all: async (t) => {
        const list = jsonOf(await t.call('GetCharges', { limit: 100 })).data as typeof charges;
        const out: Record<string, number> = {};
        for (const c of list) out[c.currency] = (out[c.currency] ?? 0) + c.amount;
        return out;
      },
      discovery: async (t) => {
        await discover(t, 'list charges', 'GetCharges');
        const list = jsonOf(await t.call('call_tool', { name: 'GetCharges', arguments: { limit: 100 } }))
          .data as typeof charges;
        const out: Record<string, number> = {};
        for (const c of list) out[c.currency] = (out[c.currency] ?? 0) + c.amount;
        return out;
      },
      code: async (t) => {
        await declare(t, 'list charges', ['GetCharges']);
        const r = await t.call('execute', {
          code: `const { data } = await api.GetCharges({ limit: 100 });
const sums: Record<string, number> = {};
for (const c of data) sums[c.currency] = (sums[c.currency] ?? 0) + c.amount;
return sums;`,
        });
        return (r.structuredContent as { result: unknown }).result;
      },
    },
  },
  {
    id: 'T4',
    title: "refund a customer's latest charge, found by e-mail",
    api: 'stripe',
    expected: latestOfTarget.id,
    run: {
      all: async (t) => {
        const cus = jsonOf(await t.call('GetCustomers', { email: target.email })).data[0];
        const ch = jsonOf(await t.call('GetCharges', { customer: cus.id, limit: 1 })).data[0];
        return jsonOf(await t.call('PostRefunds', { charge: ch.id })).charge;
      },
      discovery: async (t) => {
        await discover(t, 'find a customer by email', 'GetCustomers');
        const cus = jsonOf(
          await t.call('call_tool', { name: 'GetCustomers', arguments: { email: target.email } }),
        ).data[0];
        await discover(t, 'list charges of a customer', 'GetCharges');
        const ch = jsonOf(
          await t.call('call_tool', { name: 'GetCharges', arguments: { customer: cus.id, limit: 1 } }),
        ).data[0];
        await discover(t, 'refund a charge', 'PostRefunds');
        return jsonOf(await t.call('call_tool', { name: 'PostRefunds', arguments: { charge: ch.id } }))
          .charge;
      },
      code: async (t) => {
        await declare(t, 'refund the latest charge of a customer', [
          'GetCustomers',
          'GetCharges',
          'PostRefunds',
        ]);
        const r = await t.call('execute', {
          code: `const { data: [customer] } = await api.GetCustomers({ email: '${target.email}' });
const { data: [latest] } = await api.GetCharges({ customer: customer.id, limit: 1 });
const refund = await api.PostRefunds({ charge: latest.id });
return refund.charge;`,
        });
        return (r.structuredContent as { result: unknown }).result;
      },
    },
  },
  {
    id: 'T5',
    title: 'OpenAI: the models, and the files uploaded before a date',
    api: 'openai',
    expected: { models: models.length, files: oldFiles },
    run: {
      all: async (t) => {
        const m = jsonOf(await t.call('listModels', {})).data.length;
        const f = (jsonOf(await t.call('listFiles', {})).data as typeof files)
          .filter((x) => x.created_at < 1_720_000_000 + 86_400 * 50)
          .map((x) => x.id)
          .sort();
        return { models: m, files: f };
      },
      discovery: async (t) => {
        await discover(t, 'list models', 'listModels');
        const m = jsonOf(await t.call('call_tool', { name: 'listModels', arguments: {} })).data.length;
        await discover(t, 'list files', 'listFiles');
        const f = (
          jsonOf(await t.call('call_tool', { name: 'listFiles', arguments: {} })).data as typeof files
        )
          .filter((x) => x.created_at < 1_720_000_000 + 86_400 * 50)
          .map((x) => x.id)
          .sort();
        return { models: m, files: f };
      },
      code: async (t) => {
        await declare(t, 'list models and files', ['listModels', 'listFiles']);
        const r = await t.call('execute', {
          code: `const [m, f] = await Promise.all([api.listModels({}), api.listFiles({})]);
return { models: m.data.length, files: f.data.filter((x) => x.created_at < ${1_720_000_000 + 86_400 * 50}).map((x) => x.id).sort() };`,
        });
        return (r.structuredContent as { result: unknown }).result;
      },
    },
  },
];

const fmt = (n: number) => n.toLocaleString('en-US');
const clientsOf = (task: Task): Record<Mode, Client> =>
  task.api === 'stripe'
    ? { all: stripe.all.client, discovery: stripe.discovery.client, code: stripe.code.client }
    : { all: openaiAll.client, discovery: openaiDiscovery.client, code: openai.client };

// The first program of the process: the sandbox's cold start (workers, module) inside it.
const coldStarted = performance.now();
const cold = await openai.client.callTool({ name: 'execute', arguments: { code: 'return 1' } });
const coldMs = performance.now() - coldStarted;
assert.equal((cold.structuredContent as { result: unknown }).result, 1);

console.log(
  `surface (tools/list, est. tokens): Stripe ${fmt(stripe.all.tools)} operations — all ${fmt(surfaces.all)}, discovery ${fmt(surfaces.discovery)}, code ${fmt(surfaces.code)}; OpenAI — all ${fmt(openaiSurfaces.all)}, code ${fmt(openaiSurfaces.code)}`,
);
console.log('\n| task | all tools | discovery | code | code: wall time |');
console.log('|---|---|---|---|---|');
for (const task of tasks) {
  const cells: string[] = [];
  let codeMs = 0;
  for (const mode of MODES) {
    const surface = (task.api === 'stripe' ? surfaces : openaiSurfaces)[mode];
    const t = new Transcript(surface, task.title, clientsOf(task)[mode]);
    const started = performance.now();
    const got = await task.run[mode](t);
    if (mode === 'code') codeMs = performance.now() - started;
    assert.deepEqual(got, task.expected, `${task.id} in ${mode} mode answered ${JSON.stringify(got)}`);
    const { roundTrips, billed } = t.finish();
    cells.push(`${roundTrips} / ${fmt(billed)}`);
  }
  console.log(`| ${task.id} ${task.title} | ${cells.join(' | ')} | ${codeMs.toFixed(0)} ms |`);
}
console.log('(cells: model round trips / billed tokens, the context re-sent each round trip)');

// describe_tools of each Stripe operation, one at a time, through the gateway.
const names = (await stripe.all.client.listTools()).tools.map((t) => t.name);
const describeTokens: number[] = [];
for (const name of names) {
  const r = await stripe.code.client.callTool({ name: 'describe_tools', arguments: { names: [name] } });
  describeTokens.push(estimateTokens(textOf(r)));
}
describeTokens.sort((a, b) => a - b);
const q = (a: number[], p: number) => a[Math.min(a.length - 1, Math.floor(a.length * p))] as number;
console.log(
  `\ndescribe_tools, one Stripe operation (${names.length}): p50 ${q(describeTokens, 0.5)}, p95 ${q(describeTokens, 0.95)}, max ${describeTokens.at(-1)} tokens`,
);

// Fixed cost of a run through the gateway, and per api call against direct tools/call.
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const runs: number[] = [];
for (let i = 0; i < 200; i++) {
  const started = performance.now();
  await openai.client.callTool({ name: 'execute', arguments: { code: 'return 1' } });
  runs.push(performance.now() - started);
}
const direct: number[] = [];
for (let i = 0; i < 200; i++) {
  const started = performance.now();
  await openaiAll.client.callTool({ name: 'listModels', arguments: {} });
  direct.push(performance.now() - started);
}
const N = 1_000;
const cached = await kit.t.api('GET', `/servers/${openai.uuid}/tools?search=listModels`);
const listed = cached.json() as
  | Array<{ uuid: string; slug: string }>
  | { items: Array<{ uuid: string; slug: string }> };
const models_tool = (Array.isArray(listed) ? listed : listed.items).find((t) => t.slug === 'listModels');
assert.ok(models_tool);
await kit.t.api('PATCH', `/servers/${openai.uuid}/tools/${models_tool.uuid}`, {
  cache_ttl: 300,
  rate_limit_per_min: 0,
});
await kit.t.api('PATCH', `/servers/${openai.uuid}`, { settings: { code: { max_calls: N, cpu_ms: 10_000 } } });
await new Promise((r) => setTimeout(r, 200));
const manyStarted = performance.now();
const many = await openai.client.callTool({
  name: 'execute',
  arguments: {
    code: `let n = 0;\nfor (let i = 0; i < ${N}; i++) n += (await api.listModels({})).data.length;\nreturn n;`,
  },
});
const manyMs = performance.now() - manyStarted;
assert.equal((many.structuredContent as { result: unknown }).result, N * models.length, textOf(many));

// The sandbox alone: a worker pool with a trivial host answer.
const pool = new SandboxPool({ workers: 1 });
const limits = {
  cpuMs: 60_000,
  memoryMb: 64,
  maxCalls: 100_000,
  maxInflight: 8,
  logLines: 5,
  resultBytes: 100_000,
};
const trivial = async () => '{"a":1}';
await pool.run({ code: 'return 1', limits, wallMs: 10_000, onCall: trivial });
const poolRuns: number[] = [];
for (let i = 0; i < 200; i++) {
  const started = performance.now();
  await pool.run({ code: 'return 1', limits, wallMs: 10_000, onCall: trivial });
  poolRuns.push(performance.now() - started);
}
const seqStarted = performance.now();
await pool.run({
  code: `for (let i = 0; i < 5000; i++) await api.x({ i }); return 1`,
  limits,
  wallMs: 60_000,
  onCall: trivial,
});
const seqUs = ((performance.now() - seqStarted) * 1000) / 5000;
const parStarted = performance.now();
await pool.run({
  code: 'await Promise.all(Array.from({ length: 5000 }, (_, i) => api.x({ i }))); return 1',
  limits,
  wallMs: 60_000,
  onCall: trivial,
});
const parUs = ((performance.now() - parStarted) * 1000) / 5000;
await pool.close();

console.log(
  `sandbox cold start (first program of the process, through the gateway): ${coldMs.toFixed(0)} ms`,
);
console.log(
  `fixed cost per run: sandbox alone ${median(poolRuns).toFixed(2)} ms median; execute("return 1") through the gateway ${median(runs).toFixed(2)} ms against a direct tools/call ${median(direct).toFixed(2)} ms`,
);
console.log(
  `per api call: sandbox alone ${seqUs.toFixed(0)} µs sequential, ${parUs.toFixed(0)} µs with calls in flight together; through the gateway (cached GET, ${N} sequential in one program) ${((manyMs * 1000) / N).toFixed(0)} µs each`,
);
console.log(`upstream requests: ${fmt(upstreamRequests)}`);
console.log(
  'targets: surface ≤ 450; describe p50 ≤ 150, p95 ≤ 800; T2 ≤ 4 round trips and ≤ 6,000 tokens; per api call ≤ 100 µs; fixed ≤ 30 ms',
);

for (const s of [stripe.all, stripe.discovery, stripe.code, openai, openaiAll, openaiDiscovery])
  await s.client.close();
await kit.close();
await new Promise<void>((r) => upstream.server.close(() => r()));
