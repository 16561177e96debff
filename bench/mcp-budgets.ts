/*
 * Issue 31, repros 3, 4 and 10 against a real listening gateway (SQLite, an open server with the
 * default rate limit of 60 a minute): what one client can make the process hold.
 *
 *   3  40 × initialize with 3 MB `capabilities.experimental`: RSS, sessions stored, bytes of
 *      stored capabilities.
 *   4a one 2025-03-26 POST of a batch of 270,000 pings (~10 MB), and one of the most pings that
 *      fit under the MCP body limit: status, RSS.
 *   4b a legacy HTTP+SSE stream that stops reading while its session keeps posting prompts/get
 *      of a 100 KB prompt: bytes posted for, whether the stream was closed, RSS.
 *   10 metrics on: 260 tools/call with unique 200 KB tool names (past the rate limit) and 260
 *      prompts/get of unknown names: size of /metrics.
 *
 * Run: node --expose-gc --import tsx bench/mcp-budgets.ts [3 4a 4b 10]   (one line per figure)
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { buildTestApp } from '../test/helpers.ts';

const MB = 1024 * 1024;
const rssMb = () => Math.round(process.memoryUsage().rss / MB);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const t = await buildTestApp({ config: { metricsEnabled: true } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const agent = new Agent({ pipelining: 0, bodyTimeout: 0, headersTimeout: 0 });

async function newServer(name: string): Promise<{ slug: string; uuid: string }> {
  const res = await t.api('POST', '/servers', { name });
  return res.json() as { slug: string; uuid: string };
}

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await request(`${origin}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    dispatcher: agent,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

/** Sections to run (`3`, `4a`, `4b`, `10`); all by default. */
const only = process.argv.slice(2);
const want = (section: string) => only.length === 0 || only.includes(section);

const report = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);

// --- 3: initialize with 3 MB capabilities -------------------------------------------------------
if (want('3')) {
  const { slug } = await newServer('Repro 3');
  const experimental = { blob: 'x'.repeat(3 * MB) };
  gc();
  const before = rssMb();
  const codes: Record<string, number> = {};
  for (let i = 0; i < 40; i++) {
    const res = await post(
      `/mcp/${slug}`,
      JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: { experimental }, clientInfo: { name: 'r3' } },
      }),
    );
    const key = `${res.status}${res.text.includes('"error"') ? ` ${JSON.parse(res.text).error.code}` : ''}`;
    codes[key] = (codes[key] ?? 0) + 1;
  }
  const rows = await t.ctx.store.db
    .selectFrom('mcp_sessions')
    .select(['client_capabilities'])
    .where('client_name', '=', 'r3')
    .execute();
  const stored = rows.reduce((n, r) => n + (r.client_capabilities?.length ?? 0), 0);
  report('3  answers to 40 × initialize (status code)', JSON.stringify(codes));
  report('3  sessions stored', String(rows.length));
  report('3  stored capabilities bytes', `${(stored / MB).toFixed(1)} MB`);
  report('3  RSS before → after', `${before} → ${rssMb()} MB`);
}

// --- 4a: one batch of 270k pings ----------------------------------------------------------------
if (want('4a')) {
  const { slug } = await newServer('Repro 4a');
  const init = await post(
    `/mcp/${slug}`,
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26' },
    }),
  );
  const sid = String(init.headers['mcp-session-id']);
  const batch = (n: number) =>
    `[${Array.from({ length: n }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"ping"}`).join(',')}]`;
  for (const n of [270_000, 90_000]) {
    const text = batch(n);
    gc();
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
    }, 5);
    // The longest the event loop stood still: how long every other request (/health too) waited.
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const started = performance.now();
    const res = await post(`/mcp/${slug}`, text, {
      'mcp-session-id': sid,
      'mcp-protocol-version': '2025-03-26',
    });
    const ms = Math.round(performance.now() - started);
    stalls.disable();
    clearInterval(sampler);
    peak = Math.max(peak, rssMb());
    const code = res.text.startsWith('{') ? ` ${JSON.parse(res.text).error?.code ?? ''}` : '';
    report(
      `4a batch of ${n} pings (${(text.length / MB).toFixed(1)} MB)`,
      `HTTP ${res.status}${code}, ${ms} ms, longest stall ${Math.round(stalls.max / 1e6)} ms, RSS ${before} → peak ${peak} MB`,
    );
  }
}

// --- 4b: a legacy SSE stream that stops reading ------------------------------------------------
if (want('4b')) {
  const { slug, uuid } = await newServer('Repro 4b');
  await t.api('PATCH', `/servers/${uuid}`, { rate_limit_per_min: 0 });
  await t.api('POST', `/servers/${uuid}/prompts`, {
    name: 'big',
    template_content: 'y'.repeat(100 * 1024),
  });
  // The server side of every connection, to read what waits in its write buffer.
  const sockets = new Set<import('node:net').Socket>();
  t.app.server.on('connection', (socket) => sockets.add(socket));
  let peakQueued = 0;
  const sampleQueued = () => {
    for (const s of sockets) if (!s.destroyed) peakQueued = Math.max(peakQueued, s.writableLength);
  };
  // The stream: read up to the endpoint event, then never again.
  const endpoint = await new Promise<string>((resolve, reject) => {
    const req = httpRequest(
      `${origin}/mcp/${slug}/sse`,
      { headers: { accept: 'text/event-stream' } },
      (res) => {
        let seen = '';
        const onData = (chunk: Buffer) => {
          seen += chunk.toString();
          const m = /event: endpoint\ndata: (\S+)/.exec(seen);
          if (m) {
            res.off('data', onData);
            res.pause();
            resolve(m[1]!);
          }
        };
        res.on('data', onData);
      },
    );
    req.on('error', reject);
    req.end();
  });
  const rpc = (id: number, method: string, params: unknown) =>
    post(endpoint, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  await rpc(0, 'initialize', { protocolVersion: '2024-11-05', capabilities: {} });
  gc();
  const before = rssMb();
  let posted = 0;
  let closedAfter: number | undefined;
  for (let i = 1; i <= 800; i++) {
    const res = await rpc(i, 'prompts/get', { name: 'big' });
    if (res.status !== 202) {
      closedAfter = posted;
      break;
    }
    posted += 100 * 1024;
    sampleQueued();
  }
  await new Promise((r) => setTimeout(r, 200));
  report(
    '4b unread legacy stream: answers posted for',
    `${(posted / MB).toFixed(1)} MB, ${closedAfter === undefined ? 'stream still open' : 'stream closed (404)'}`,
  );
  report('4b largest write buffer seen for the stream', `${(peakQueued / MB).toFixed(1)} MB`);
  report('4b RSS before → after', `${before} → ${rssMb()} MB`);
}

// --- 10: metric labels from client strings -----------------------------------------------------
if (want('10')) {
  const { slug, uuid } = await newServer('Repro 10');
  const init = await post(
    `/mcp/${slug}`,
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25' },
    }),
  );
  const sid = String(init.headers['mcp-session-id']);
  const metricsBytes = async () => (await t.app.inject({ url: '/metrics' })).body.length;
  gc();
  const before = await metricsBytes();
  const rssBefore = rssMb();
  for (let i = 0; i < 260; i++) {
    const name = `${i}-${'n'.repeat(200 * 1024)}`;
    await post(
      `/mcp/${slug}`,
      JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name } }),
      {
        'mcp-session-id': sid,
      },
    );
  }
  const afterTools = await metricsBytes();
  await t.api('PATCH', `/servers/${uuid}`, { rate_limit_per_min: 0 });
  for (let i = 0; i < 260; i++)
    await post(
      `/mcp/${slug}`,
      JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'prompts/get',
        params: { name: `p${i}-${'q'.repeat(600)}` },
      }),
      { 'mcp-session-id': sid },
    );
  const afterPrompts = await metricsBytes();
  report('10 /metrics bytes: start → 260 tools/call', `${before} → ${afterTools}`);
  report('10 /metrics bytes: → 260 prompts/get unknown names', `${afterPrompts}`);
  report('10 RSS before → after', `${rssBefore} → ${rssMb()} MB`);
}

await agent.close();
await t.close();
process.exit(0);
