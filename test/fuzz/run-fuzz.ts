import type { Server } from 'node:http';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.ts';
import { checkResponse, managementRoutes, seed, startUpstream } from '../hostile-kit.ts';
import { type FuzzRequest, type FuzzTargets, fuzzRequest } from './generators.ts';

/*
 * The fuzz runner: draws requests from a seeded fast-check generator, sends them in-process with
 * `app.inject()`, and checks each answer: no 5xx, no JSON-RPC -32603, no hang. The same seed and
 * count draw the same requests, so a failure printed with its seed and index reproduces.
 */

export interface FuzzFailure {
  seed: number;
  index: number;
  request: FuzzRequest;
  problem: string;
}

export interface FuzzResult {
  seed: number;
  count: number;
  /** `kind status` → how many, e.g. `mcp-2026 200`. */
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
}

export interface Fuzzer {
  run(opts: { seed: number; count: number; onChunk?: (done: number) => void }): Promise<FuzzResult>;
  close(): Promise<void>;
}

const CHUNK = 250;
/** One request longer than this is a hang (upstream timeouts in the tests are shorter). */
const HANG_MS = Number(process.env.FUZZ_HANG_MS ?? 20_000);

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        parameters?: Array<{ in: string; name: string }>;
      }
    >
  >;
};

/** The live routes with the body fields and query names their OpenAPI operation lists. */
async function readTargets(t: TestApp): Promise<FuzzTargets['routes']> {
  const doc = (await t.app.inject({ method: 'GET', url: `${t.base}/openapi.json` })).json() as OpenApiDoc;
  const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  return managementRoutes(t)
    .filter((r) => r.method !== 'HEAD')
    .map((r) => {
      const path = norm(r.url.slice(t.base.length).replace(/:[A-Za-z_]+/g, '{}'));
      const op = Object.entries(doc.paths).find(([p]) => norm(p) === path)?.[1][r.method.toLowerCase()];
      const props = op?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      return {
        ...r,
        bodyFields: Object.keys(props),
        queryNames: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      };
    });
}

/** Placeholders of the generators → the current seeded records and session. */
type Fill = Record<string, string>;

/**
 * Deletes every server (and so its tools, prompts, resources): the fuzz's own records stay
 * bounded, so a run of 200,000 measures the gateway, not a database that grows without end, and
 * the health check (which calls every active server) stays as quick as it is for an operator.
 */
async function removeServers(t: TestApp): Promise<void> {
  for (;;) {
    const page = (await t.api('GET', '/servers?per_page=100')).json() as Array<{ id: number }>;
    if (!page.length) return;
    for (const server of page) await t.api('DELETE', `/servers/${server.id}`);
  }
}

/**
 * Two seeded servers: the management requests fuzz one (and may delete or pause it), the MCP
 * requests call the other, whose session the fuzz keeps (its limit lifted so 429 does not hide all).
 */
async function freshRecords(t: TestApp, upstreamUrl: string, round: number): Promise<Fill> {
  // Fresh keys each chunk: a fuzzed `DELETE /keys/01` may revoke any key, the fuzz's own included.
  const admin = await t.keyFor('administrator');
  const as: TestApp = {
    ...t,
    adminKey: admin,
    api: (method, path, body, key) => t.api(method, path, body, key ?? admin),
  };
  await removeServers(as);
  const s = await seed(as, upstreamUrl, `Fuzz ${round}`);
  const m = await seed(as, upstreamUrl, `Fuzz MCP ${round}`);
  await as.api('PATCH', `/servers/${m.server.id}`, { rate_limit_per_min: 1_000_000 });
  const init = await t.app.inject({
    method: 'POST',
    url: `/mcp/${m.server.slug}`,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
    }),
  });
  return {
    '@admin@': admin,
    '@analyst@': await t.keyFor('analyst'),
    '@server.id@': String(s.server.id),
    '@server.uuid@': s.server.uuid,
    '@tool.id@': String(s.tool.id),
    '@tool.uuid@': s.tool.uuid,
    '@prompt.id@': String(s.prompt.id),
    '@resource.id@': String(s.resource.id),
    '@key.id@': String(s.key.id),
    '@key.uuid@': s.key.uuid,
    '@mcp.slug@': m.server.slug,
    '@session@': String(init.headers['mcp-session-id'] ?? 'none'),
  };
}

const PLACEHOLDER = /@[a-z]+(?:\.[a-z]+)?@/g;
const fill = (text: string, f: Fill) => text.replace(PLACEHOLDER, (m) => f[m] ?? m);

function inject(t: TestApp, req: FuzzRequest, f: Fill): Promise<LightMyRequestResponse | 'hang'> {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, fill(v, f)]));
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  const sent = t.app.inject({
    method: req.method as InjectOptions['method'],
    url: fill(req.url, f),
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  return Promise.race([sent, hang]).finally(() => clearTimeout(timer));
}

const INTERNAL_ERROR = /"code"\s*:\s*-32603\b/;

/** What is wrong with one answer, or undefined. */
function problemOf(t: TestApp, req: FuzzRequest, res: LightMyRequestResponse | 'hang'): string | undefined {
  if (res === 'hang') return `no answer within ${HANG_MS} ms`;
  if (req.kind === 'management') return checkResponse(res, { method: req.method, url: req.url }, t);
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (INTERNAL_ERROR.test(res.body)) return `-32603: ${res.body.slice(0, 300)}`;
  return undefined;
}

/** A fuzzer over a built test app: a local upstream, seeded records, a live session. */
export async function createFuzzer(t: TestApp): Promise<Fuzzer> {
  const upstream: { url: string; server: Server } = await startUpstream();
  const targets: FuzzTargets = { base: t.base, routes: await readTargets(t) };
  const arbitrary = fuzzRequest(targets);
  return {
    async run({ seed, count, onChunk }) {
      const byStatus: Record<string, number> = {};
      const failures: FuzzFailure[] = [];
      for (let done = 0, round = 0; done < count; round++) {
        // Each chunk starts on fresh records: fuzzed DELETEs and PATCHes of the last one stay behind.
        const f = await freshRecords(t, upstream.url, round);
        const n = Math.min(CHUNK, count - done);
        const batch = fc.sample(arbitrary, { seed: seed + round, numRuns: n });
        for (let i = 0; i < batch.length; i++) {
          const req = batch[i]!;
          const res = await inject(t, req, f);
          const key = `${req.kind} ${res === 'hang' ? 'hang' : res.statusCode}`;
          byStatus[key] = (byStatus[key] ?? 0) + 1;
          const problem = problemOf(t, req, res);
          if (problem && failures.length < 50)
            failures.push({ seed, index: done + i, request: { ...req, url: fill(req.url, f) }, problem });
        }
        done += n;
        onChunk?.(done);
      }
      return { seed, count, byStatus, failures };
    },
    async close() {
      await new Promise<void>((resolve) => upstream.server.close(() => resolve()));
    },
  };
}

/** A failure as text that says how to run it again. */
export function describeFailures(result: FuzzResult): string {
  return result.failures
    .map(
      (f) =>
        `seed ${f.seed} request #${f.index}: ${f.request.method} ${f.request.url.slice(0, 200)}\n` +
        `  headers ${JSON.stringify(f.request.headers).slice(0, 300)}\n` +
        `  body ${(f.request.payload ?? '').slice(0, 400)}\n  → ${f.problem}`,
    )
    .join('\n');
}
