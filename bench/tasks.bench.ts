/*
 * What a task costs (issue 38), through a real gateway on SQLite (BENCH_STORE=postgres: on
 * PostgreSQL at TEST_DATABASE_URL) over HTTP, against a local upstream that answers at once:
 * an ordinary tools/call, the same call of a long-running tool as a task (tools/call →
 * CreateTaskResult: the row written, the task started), tasks/get of a finished task, and the
 * whole round — create, then tasks/get until completed — against a 202 + Location upstream whose
 * job is done at the first poll (the tool's 100 ms poll interval is most of it; a tenth of the
 * iterations). Median and p99 in ms, one call at a time.
 *
 *   npm run bench -- tasks        (or node --import tsx bench/tasks.bench.ts [iterations])
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { buildTestApp, createPgSchema } from '../test/helpers.ts';

const N = Number(process.argv[2] ?? 1000);
const pg = process.env.BENCH_STORE === 'postgres' ? await createPgSchema() : undefined;
if (pg && 'skip' in pg) throw new Error(pg.skip);
const t = await buildTestApp({ config: { logLevel: 'silent' }, databaseUrl: pg?.url });
const upstream = createServer((req, res) => {
  if (req.method === 'POST') {
    res.writeHead(202, { location: '/jobs/1' });
    return res.end('{"status":"queued"}');
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  return res.end('{"rows":1}');
});
await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
const agent = new Agent({ pipelining: 0 });

try {
  const created = await t.api('POST', '/servers', { name: 'Bench', rate_limit_per_min: 0 });
  const { uuid, slug } = created.json() as { uuid: string; slug: string };
  const tool = (body: Record<string, unknown>) =>
    t.api('POST', `/servers/${uuid}/tools`, { rate_limit_per_min: 0, ...body });
  await tool({ name: 'plain', slug: 'plain', endpoint_url: `${origin}/jobs/1`, http_method: 'GET' });
  await tool({
    name: 'job',
    slug: 'job',
    endpoint_url: `${origin}/jobs`,
    http_method: 'POST',
    execution: { poll_interval_ms: 100 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp/${slug}`;

  const rpc = async (method: string, params: Record<string, unknown>) => {
    const name = method === 'tools/call' ? params.name : params.taskId;
    const res = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        'mcp-name': String(name),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {
              extensions: { 'io.modelcontextprotocol/tasks': {} },
            },
          },
        },
      }),
    });
    const body = (await res.body.json()) as { result?: Record<string, unknown>; error?: unknown };
    if (!body.result) throw new Error(JSON.stringify(body));
    return body.result;
  };

  const measure = async (label: string, fn: () => Promise<unknown>, n = N) => {
    for (let i = 0; i < Math.min(100, n); i++) await fn();
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      await fn();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    console.log(`${label.padEnd(58)} p50 ${at(0.5).padStart(6)} ms   p99 ${at(0.99).padStart(6)} ms`);
  };

  console.log(`store: ${t.ctx.store.dialect}, ${N} calls each, one at a time`);
  await measure('tools/call, an ordinary tool (GET, 200)', () =>
    rpc('tools/call', { name: 'plain', arguments: {} }),
  );
  let last = '';
  await measure('tools/call of a long-running tool → CreateTaskResult', async () => {
    last = String((await rpc('tools/call', { name: 'job', arguments: {} })).taskId);
  });
  await new Promise((r) => setTimeout(r, 500));
  await measure('tasks/get of a completed task', () => rpc('tasks/get', { taskId: last }));
  await measure(
    'create → 202 → one poll → tasks/get until completed',
    async () => {
      const taskId = String((await rpc('tools/call', { name: 'job', arguments: {} })).taskId);
      for (;;) {
        const task = await rpc('tasks/get', { taskId });
        if (task.status === 'completed') return;
        await new Promise((r) => setImmediate(r));
      }
    },
    Math.ceil(N / 10),
  );
} finally {
  await agent.close();
  await new Promise<void>((r) => upstream.close(() => r()));
  await t.close();
  if (pg && 'drop' in pg) await pg.drop();
}
