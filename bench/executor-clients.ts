/*
 * The client side of the executor bench's HTTP phases (not a bench by itself): a separate
 * process, so the Toolgate being measured does not also pay for its clients. On a `run` message
 * it drives `workers` concurrent loops for `ms` against either the upstream directly or
 * Toolgate's MCP endpoint (JSON-RPC tools/call, one initialized session per client) and sends
 * back the per-call latencies. Both targets use the same undici client, so the difference
 * between them is what Toolgate adds.
 */
import { Agent } from 'undici';

export interface ClientsConfig {
  /** `http://127.0.0.1:PORT/items/7?q=lamp` */
  directUrl: string;
  /** `http://127.0.0.1:PORT/mcp/slug` */
  mcpUrl: string;
  tool: string;
  args: Record<string, unknown>;
  bearer: string;
}

export type ClientsMessage =
  | { type: 'config'; config: ClientsConfig }
  | { type: 'run'; target: 'direct' | 'mcp'; workers: number; ms: number };

export interface ClientsReply {
  latencies: number[];
  failures: number;
  firstFailure?: string;
}

const PROTOCOL = '2025-11-25';
const agent = new Agent({ connections: 256, keepAliveTimeout: 60_000 });
let config: ClientsConfig | undefined;
const sessions: string[] = [];
let nextId = 1;

async function post(body: unknown, session?: string) {
  const url = new URL(config!.mcpUrl);
  const res = await agent.request({
    origin: url.origin,
    path: url.pathname,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL,
      ...(session ? { 'mcp-session-id': session } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

async function session(worker: number): Promise<string> {
  const known = sessions[worker];
  if (known) return known;
  const res = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench', version: '1.0' } },
  });
  const sid = res.headers['mcp-session-id'];
  if (res.status !== 200 || typeof sid !== 'string') throw new Error(`initialize: ${res.status} ${res.text}`);
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sid);
  sessions[worker] = sid;
  return sid;
}

/** One tools/call; the answer (JSON or an SSE event) must be a result that is not an error. */
async function callTool(worker: number): Promise<string | null> {
  const sid = await session(worker);
  const res = await post(
    {
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: { name: config!.tool, arguments: config!.args },
    },
    sid,
  );
  if (res.status !== 200 || !res.text.includes('"result"') || res.text.includes('"isError":true'))
    return `${res.status} ${res.text.slice(0, 300)}`;
  return null;
}

async function callDirect(): Promise<string | null> {
  const url = new URL(config!.directUrl);
  const res = await agent.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { authorization: `Bearer ${config!.bearer}` },
  });
  await res.body.text();
  return res.statusCode === 200 ? null : `HTTP ${res.statusCode}`;
}

async function run(target: 'direct' | 'mcp', workers: number, ms: number): Promise<ClientsReply> {
  const reply: ClientsReply = { latencies: [], failures: 0 };
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      if (target === 'mcp') await session(worker);
      while (performance.now() < until) {
        const t0 = performance.now();
        const failure = target === 'mcp' ? await callTool(worker) : await callDirect();
        reply.latencies.push(performance.now() - t0);
        if (failure) {
          reply.failures++;
          reply.firstFailure ??= failure;
        }
      }
    }),
  );
  return reply;
}

process.on('message', (msg: ClientsMessage) => {
  if (msg.type === 'config') {
    config = msg.config;
    process.send!({ latencies: [], failures: 0 } satisfies ClientsReply);
    return;
  }
  run(msg.target, msg.workers, msg.ms).then(
    (reply) => process.send!(reply),
    (err: Error) =>
      process.send!({ latencies: [], failures: 1, firstFailure: err.message } satisfies ClientsReply),
  );
});
process.on('disconnect', () => {
  void agent.close().finally(() => process.exit(0));
});
