/*
 * Test support for the executor tests (not a test file itself; src/ never imports it): a real local upstream on
 * 127.0.0.1 port 0 that records every request it receives, and builders for servers and tools.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach } from 'node:test';
import { executorPorts } from '../src/bootstrap.ts';
import { createExecutor } from '../src/executor/executor.ts';
import type { ExecutableTool, ExecuteRequest, Executor, ExecutorOptions } from '../src/executor/types.ts';
import { findServer, type ServerRecord } from '../src/store/servers.repo.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

export interface Received {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface Upstream {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  received: Received[];
  /** Replaces the handler (default: 200 JSON `{ ok: true }`). */
  handle(fn: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

export const okJson: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
};

export async function startUpstream(): Promise<Upstream> {
  let handler: Handler = okJson;
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      const parsed = new URL(url, 'http://x');
      received.push({
        method: req.method ?? '',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body,
      });
      handler(req, res, body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    handle(fn) {
      handler = fn;
    },
    reset() {
      received.length = 0;
      handler = okJson;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ExecutorHarness {
  t: TestApp;
  up: Upstream;
  ex: Executor;
  /** A server created with `options.server` as its body. */
  server: ServerRecord;
}

/**
 * Registers the hooks the executor test files share (call it inside `describe`): a test app,
 * a recording upstream reset before each test, an executor with 1 ms backoff, and one server.
 * `ready` receives them once they exist; everything is closed after the suite.
 */
export function useExecutorHarness(
  options: {
    app?: Parameters<typeof buildTestApp>[0];
    executor?: ExecutorOptions;
    server?: Record<string, unknown>;
  },
  ready: (harness: ExecutorHarness) => void,
): void {
  let h: ExecutorHarness | undefined;
  before(async () => {
    const t = await buildTestApp(options.app);
    const up = await startUpstream();
    const ex = createExecutor(t.ctx, executorPorts(t.ctx), { retryBaseMs: 1, ...options.executor });
    h = { t, up, ex, server: await makeServer(t, options.server) };
    ready(h);
  });
  after(async () => {
    await h?.ex.close();
    await h?.up.close();
    await h?.t.close();
  });
  beforeEach(() => h?.up.reset());
}

/** Creates a server through the API (credentials sealed as production does) and loads its record. */
export async function makeServer(t: TestApp, body: Record<string, unknown> = {}): Promise<ServerRecord> {
  const res = await t.api('POST', '/servers', { name: `srv ${randomUUID().slice(0, 8)}`, ...body });
  if (res.statusCode !== 201) throw new Error(`server create failed: ${res.body}`);
  return (await findServer(t.ctx.store.db, res.json().uuid as string))!;
}

let nextId = 10_000;

/** An in-memory active tool with the spec's defaults; the executor needs no stored row. */
export function makeTool(overrides: Partial<ExecutableTool> & { endpoint_url: string }): ExecutableTool {
  const now = new Date().toISOString();
  return {
    id: nextId++,
    uuid: randomUUID(),
    server_id: 1,
    name: 'Test tool',
    slug: 'test-tool',
    description: '',
    http_method: 'GET',
    input_schema: { type: 'object', properties: {} },
    output_schema: null,
    parameter_mapping: {},
    response_mapping: {},
    headers: null,
    annotations: null,
    cache_ttl: 0,
    timeout: 5,
    rate_limit_per_min: 0,
    retry_count: 0,
    retry_backoff: 'none',
    sort_order: 0,
    status: 'active',
    tags: [],
    last_tested_at: null,
    last_test_response_ms: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export function call(
  server: ServerRecord,
  tool: ExecutableTool,
  args: Record<string, unknown> = {},
  extra: Partial<ExecuteRequest> = {},
): ExecuteRequest {
  return { server, tool, args, useTestCredentials: false, clientType: 'mcp', ...extra };
}
