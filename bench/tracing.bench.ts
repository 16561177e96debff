/*
 * `npm run bench -- tracing`: what OpenTelemetry tracing costs per MCP tools/call. The same
 * 2026-07-28 calls (in-process inject, one local upstream) with tracing off, then on (spans to a
 * local OTLP/HTTP receiver that discards them), alternating, three rounds each; the median counts.
 * Run: node --import tsx bench/tracing.bench.ts [calls-per-round]
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stopTracing } from '../src/tracing/tracing.ts';
import { buildTestApp } from '../test/helpers.ts';

const CALLS = Number(process.argv[2] ?? 2000);
const ROUNDS = 3;

async function listen(handler: RequestListener): Promise<{ url: string; close(): void }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const upstream = await listen((req, res) => {
  req.resume();
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
});
const receiver = await listen((req, res) => {
  req.resume();
  req.on('end', () => res.end('{}'));
});

/** Calls per second for CALLS sequential tools/call requests on a fresh app. */
async function measure(traced: boolean): Promise<number> {
  if (traced) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  else delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const t = await buildTestApp();
  const server = (await t.api('POST', '/servers', { name: 'Bench', rate_limit_per_min: 0 })).json();
  await t.api('POST', `/servers/${server.id}/tools`, {
    name: 'Echo',
    endpoint_url: `${upstream.url}/echo`,
    http_method: 'GET',
  });
  const payload = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'echo',
      arguments: {},
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      },
    },
  });
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'echo',
  };
  const call = () => t.app.inject({ method: 'POST', url: `/mcp/${server.slug}`, headers, payload });
  const warm = await call();
  if (warm.statusCode !== 200 || warm.json().result?.isError !== false) throw new Error(warm.body);
  for (let i = 0; i < 200; i++) await call();
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  const perSecond = CALLS / ((performance.now() - started) / 1000);
  await t.close();
  await stopTracing();
  return perSecond;
}

const off: number[] = [];
const on: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  off.push(await measure(false));
  on.push(await measure(true));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const [mOff, mOn] = [median(off), median(on)];
console.log(`tools/call, tracing off: ${mOff.toFixed(0)} calls/s (${(1000 / mOff).toFixed(3)} ms each)`);
console.log(`tools/call, tracing on:  ${mOn.toFixed(0)} calls/s (${(1000 / mOn).toFixed(3)} ms each)`);
console.log(
  `tracing cost: ${((1000 / mOn - 1000 / mOff) * 1000).toFixed(0)} µs per call (${((1 - mOn / mOff) * 100).toFixed(1)}% fewer calls/s)`,
);
upstream.close();
receiver.close();
