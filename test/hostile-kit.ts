import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.ts';

/*
 * Shared pieces of the hostile-input suites: the route list read from the live fastify instance,
 * the seeded records whose ids replace `:params`, the hostile values, and the checks every
 * response must pass (< 500, the spec's error shape, nothing written on a 4xx).
 */

export interface RouteInfo {
  method: string;
  /** Full path with fastify `:params`. */
  url: string;
}

/**
 * Every route of the instance, parsed from `printRoutes()`: each line is one tree node, four
 * characters of indent per level; `/:id|:server_id` marks two param names at one position.
 */
export function listRoutes(t: TestApp): RouteInfo[] {
  const stack: string[] = [];
  const routes: RouteInfo[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const segment = m[2]!.split('|')[0]!;
    stack.length = depth;
    stack.push(segment);
    for (const method of (m[3] ?? '').split(', ').filter(Boolean))
      routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/** The management routes: everything under `{api_base}`. */
export function managementRoutes(t: TestApp): RouteInfo[] {
  return listRoutes(t).filter((r) => r.url.startsWith(`${t.base}/`));
}

export interface Seeded {
  server: { id: number; uuid: string; slug: string };
  tool: { id: number; uuid: string };
  prompt: { id: number };
  resource: { id: number };
  key: { id: number; uuid: string };
}

/** A local upstream on 127.0.0.1 that answers every request with `{ ok: true }`. */
export async function startUpstream(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function created(res: LightMyRequestResponse, what: string): Promise<Record<string, unknown>> {
  assert.ok(res.statusCode === 200 || res.statusCode === 201, `${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** One server with a tool, a prompt and a resource, and a spare API key (never the admin's). */
export async function seed(t: TestApp, upstreamUrl: string, name = 'Hostile'): Promise<Seeded> {
  const server = await created(await t.api('POST', '/servers', { name }), 'server');
  const tool = await created(
    await t.api('POST', `/servers/${server.id}/tools`, {
      name: 'Echo',
      endpoint_url: `${upstreamUrl}/echo`,
      http_method: 'GET',
    }),
    'tool',
  );
  const prompt = await created(
    await t.api('POST', `/servers/${server.id}/prompts`, { name: 'greet', template_content: 'Hi {{who}}' }),
    'prompt',
  );
  const resource = await created(
    await t.api('POST', `/servers/${server.id}/resources`, {
      uri: 'file:///notes.txt',
      name: 'Notes',
      data_source_type: 'static',
      data_source_config: { content: 'hello' },
    }),
    'resource',
  );
  const key = await created(await t.api('POST', '/keys', { name: 'spare', role: 'analyst' }), 'key');
  return {
    server: server as Seeded['server'],
    tool: tool as Seeded['tool'],
    prompt: prompt as Seeded['prompt'],
    resource: resource as Seeded['resource'],
    key: key as Seeded['key'],
  };
}

/** Path values that are not ids of anything (and some that try to be more than an id). */
export const HOSTILE_IDS = [
  '0',
  '-1',
  'abc',
  '9999999999999999999999',
  randomUUID(),
  '%00',
  encodeURIComponent('../../etc/passwd'),
  '../../etc/passwd',
  'x'.repeat(5000),
  '%E0%A4%A',
  '1.5',
  '1e3',
  ' 1',
  encodeURIComponent("1' OR '1'='1"),
];

/** Which seeded record a `:param` names, from the path segment before it. */
function validIds(owner: string, s: Seeded): string[] {
  switch (owner) {
    case 'servers':
      return [String(s.server.id), s.server.uuid];
    case 'tools':
      return [String(s.tool.id), s.tool.uuid];
    case 'prompts':
      return [String(s.prompt.id)];
    case 'resources':
      return [String(s.resource.id)];
    case 'keys':
      return [String(s.key.id), s.key.uuid];
    case 'mcp':
      return [s.server.slug];
    default:
      return ['1'];
  }
}

/**
 * The concrete URLs of a route: every param valid (each id form), then each param in turn
 * replaced by each hostile value while the others stay valid.
 */
export function expandUrl(url: string, s: Seeded): { valid: string[]; hostile: string[] } {
  const parts = url.split('/');
  const params = parts.flatMap((p, i) => (p.startsWith(':') ? [i] : []));
  const fill = (pick: (i: number, ids: string[]) => string) =>
    parts.map((p, i) => (p.startsWith(':') ? pick(i, validIds(parts[i - 1] ?? '', s)) : p)).join('/');
  const forms = Math.max(1, ...params.map((i) => validIds(parts[i - 1] ?? '', s).length));
  const valid = [...new Set(Array.from({ length: forms }, (_, f) => fill((_i, ids) => ids[f] ?? ids[0]!)))];
  const hostile = params.flatMap((target) =>
    HOSTILE_IDS.map((h) => fill((i, ids) => (i === target ? h : ids[0]!))),
  );
  return { valid, hostile };
}

/** A request body to send: JSON value, raw text with a content type, or nothing. */
export interface BodyCase {
  label: string;
  payload?: string;
  contentType?: string;
}

const json = (label: string, value: unknown): BodyCase => ({
  label,
  payload: JSON.stringify(value),
  contentType: 'application/json',
});

/** Values of the wrong type for any field: strings where numbers go, objects where strings go... */
const WRONG_VALUES: Array<[string, unknown]> = [
  ['strings', 'abc'],
  ['empty strings', ''],
  ['NaN-like strings', 'NaN'],
  ['Infinity strings', '-Infinity'],
  ['objects', { nested: { deeper: 1 } }],
  ['arrays', [1, 'two', null]],
  ['nulls', null],
  ['booleans', true],
  ['huge numbers', 1e308],
  ['huge integers', 2 ** 64],
  ['negative numbers', -1],
  ['fractions', 0.5],
  ['long strings', 'x'.repeat(70_000)],
];

function nest(levels: number, open: string, close: string, inner: string): string {
  return open.repeat(levels) + inner + close.repeat(levels);
}

/** Every body shape the sweep sends; `fields` are the names the route (or any route) knows. */
export function bodyCases(fields: string[]): BodyCase[] {
  return [
    { label: 'no body' },
    { label: 'empty JSON body', payload: '', contentType: 'application/json' },
    json('null', null),
    json('[]', []),
    json('"string"', 'string'),
    json('123', 123),
    json('{}', {}),
    ...WRONG_VALUES.map(([label, value]) =>
      json(`every field ${label}`, Object.fromEntries(fields.map((f) => [f, value]))),
    ),
    { label: 'malformed JSON', payload: '{"name": "x",', contentType: 'application/json' },
    { label: 'JSON with a BOM', payload: '\uFEFF{"name":"bom"}', contentType: 'application/json' },
    { label: 'text/plain body', payload: 'name=plain', contentType: 'text/plain' },
    {
      label: 'form body',
      payload: 'name=form&status=active',
      contentType: 'application/x-www-form-urlencoded',
    },
    { label: 'xml body', payload: '<a>b</a>', contentType: 'application/xml' },
    { label: 'odd JSON content type', payload: '{}', contentType: 'application/json; charset=utf-16' },
    { label: 'deep arrays', payload: nest(10_000, '[', ']', '1'), contentType: 'application/json' },
    {
      label: 'deep objects',
      payload: nest(10_000, '{"a":', '}', '1'),
      contentType: 'application/json',
    },
    {
      label: 'deep value in every field',
      payload: `{${fields.map((f) => `${JSON.stringify(f)}:${nest(10_000, '{"a":', '}', '1')}`).join(',')}}`,
      contentType: 'application/json',
    },
    ...fields.map((f) => ({
      label: `deep value in ${f} alone`,
      payload: `{${JSON.stringify(f)}:${nest(10_000, '{"a":', '}', '1')}}`,
      contentType: 'application/json',
    })),
    {
      label: '__proto__ and constructor keys',
      payload:
        '{"__proto__":{"polluted":"yes","status":"active"},"constructor":{"prototype":{"polluted":"yes"}},' +
        '"settings":{"__proto__":{"polluted":"yes"}},"name":{"__proto__":{"polluted":"yes"}}}',
      contentType: 'application/json',
    },
  ];
}

/** Query strings with bad numbers, dates, arrays via repeated keys and injection-looking text. */
export function queryCases(names: string[]): string[] {
  const fixed = [
    'per_page=-1',
    'per_page=0',
    'per_page=99999999999999999999',
    'page=abc',
    'page=-5',
    'page=1e309',
    'days=1e309',
    'days=-7',
    'days=abc',
    'from=2024-13-45',
    'to=2024-02-30',
    'from=2030-01-01&to=2020-01-01',
    'from=0000-01-01&to=9999-12-31',
    'page=1&page=2',
    'per_page=1&per_page=x',
    'status=active&status=paused',
    'status[]=active',
    'ids[]=1&ids[]=2',
    'orderby=__proto__&order=sideways',
    '__proto__[polluted]=yes',
    'constructor[prototype][polluted]=yes',
    'search=%00%27%22%3B--',
    `search=${'%25'.repeat(3000)}`,
    'server_id=abc&min_response_time_ms=-1e400',
    'format=exe',
    'by=__proto__',
    'method_group=../../',
    'days=7&days=30',
    '%E0%A4%A=1',
  ];
  const perName = ['-1', 'abc', '1e309', '', '%00', 'null', '[]'].flatMap((v) =>
    names.length ? [names.map((n) => `${n}=${v}`).join('&')] : [],
  );
  return [...fixed, ...perName];
}

/** Checks one response against the guide's rule; returns a failure text or undefined. */
export function checkResponse(
  res: LightMyRequestResponse,
  route: { method: string; url: string },
  t: TestApp,
): string | undefined {
  const where = `${route.method} ${route.url.slice(0, 160)}`;
  if (res.statusCode >= 500) return `${where} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || route.method === 'HEAD') return undefined;
  let body: { code?: unknown; message?: unknown; data?: { status?: unknown }; error?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${where} → ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (res.statusCode === 429 && route.url.startsWith(`${t.base}/health`))
    return body.error === 'rate_limited' ? undefined : `${where} → 429 without {error: rate_limited}`;
  if (
    typeof body.code !== 'string' ||
    typeof body.message !== 'string' ||
    body.data?.status !== res.statusCode
  )
    return `${where} → ${res.statusCode} not in the error shape: ${res.body.slice(0, 200)}`;
  return undefined;
}

const TABLES = [
  'servers',
  'tools',
  'prompts',
  'resources',
  'options',
  'call_logs',
  'analytics_daily',
  'analytics_hourly',
  'mcp_sessions',
  'api_keys',
] as const;

/** A hash of every stored record (a key's `last_used_at` moves on every request: left out). */
export async function fingerprint(t: TestApp): Promise<string> {
  // Call logs are written in batches: flush them so a write lands with the request that made it.
  await t.ctx.callLogs.flush();
  const hash = createHash('sha256');
  for (const table of TABLES) {
    const rows = (await t.ctx.store.db.selectFrom(table).selectAll().execute()) as Array<
      Record<string, unknown>
    >;
    for (const row of rows) {
      if (table === 'api_keys') row.last_used_at = null;
      hash.update(JSON.stringify(row));
    }
  }
  return hash.digest('hex');
}

/** Sends one request with the admin key. */
export function send(
  t: TestApp,
  method: string,
  url: string,
  body: BodyCase = { label: 'no body' },
  key = t.adminKey,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body.contentType) headers['content-type'] = body.contentType;
  return t.app.inject({
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(body.payload !== undefined ? { payload: body.payload } : {}),
  });
}

/** Request bodies fields named by the API reference, for routes whose schema lists none. */
export const EXTRA_FIELDS = [
  'curl_command',
  'source',
  'content',
  'url',
  'commit',
  'selected_temp_ids',
  'on_conflict',
  'imported_status',
  'base_url',
  'manifest',
  'format',
  'tools',
  'tool_ids',
  'ids',
  'search',
  'server_id',
  'status',
  'from',
  'to',
  'arguments',
  'use_test_credentials',
];
