import fc from 'fast-check';
import { HOSTILE_IDS, type RouteInfo } from '../hostile-kit.ts';

/*
 * The fuzz suite's request generators (fast-check arbitraries). A request is plain data — method,
 * url, headers, payload — so a failing one prints whole and a seed regenerates the same sequence.
 */

export interface FuzzRequest {
  kind: 'management' | 'mcp-2025' | 'mcp-2026';
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** What the generators draw from: the live routes, their OpenAPI fields and the seeded records. */
export interface FuzzTargets {
  base: string;
  routes: Array<RouteInfo & { bodyFields: string[]; queryNames: string[] }>;
}

const hostileText = fc.constantFrom(
  '',
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '../../etc/passwd',
  "1' OR '1'='1",
  '%00',
  '\uD800',
  '\uFEFF',
  '9999-12-31',
  '0000-01-01',
  '1e309',
  'NaN',
  '-1',
  'x'.repeat(5000),
  '{{who}}',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
);

/** Any JSON value, small, with the hostile strings mixed in. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 64, -1e308, 1e308) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** An object whose keys come mostly from `fields` (so a route's own schema is exercised). */
function objectOf(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fields.length
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.string() })
    : fc.string();
  return fc.dictionary(key, value, { maxKeys: 6 });
}

/*
 * Seeded records and the live session are named by placeholders (`@server.id@`…) that the runner
 * fills at send time: a fuzzed DELETE may remove them, and the runner then makes new ones.
 */
const VALID_IDS: Record<string, string[]> = {
  servers: ['@server.id@', '@server.uuid@'],
  tools: ['@tool.id@', '@tool.uuid@'],
  prompts: ['@prompt.id@'],
  resources: ['@resource.id@'],
  // Only the spare key: the fuzz must not revoke or demote the key it authenticates with.
  keys: ['@key.id@', '@key.uuid@'],
};

function idFor(owner: string): fc.Arbitrary<string> {
  const valid = VALID_IDS;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(valid[owner] ?? ['1'])) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 2 ** 31 }).map(String) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map(encode) },
  );
}

/** Percent-encodes text; a lone surrogate (not encodable) goes as raw bytes the server must refuse. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

function queryOf(names: string[]): fc.Arbitrary<string> {
  const name = names.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string() })
    : fc.string({ maxLength: 8 });
  const val = fc.oneof(
    fc.string(),
    hostileText,
    fc.integer().map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  );
  return fc
    .array(fc.tuple(name, val), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : ''));
}

/** A body: none, JSON of the route's fields, any JSON, or raw text under some content type. */
type RawBody = { payload?: string; contentType?: string };
const NO_BODY: fc.Arbitrary<RawBody> = fc.constant({});

function bodyOf(fields: string[]): fc.Arbitrary<RawBody> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<RawBody>({}) },
    {
      weight: 6,
      arbitrary: objectOf(fields).map((o) => ({
        payload: JSON.stringify(o),
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: value.map((v) => ({
        payload: JSON.stringify(v) ?? 'null',
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.string({ unit: 'binary', maxLength: 60 }),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
        ),
      }),
    },
  );
}

function authOf(): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant({ authorization: 'Bearer @admin@' }) },
    { weight: 2, arbitrary: fc.constant({ authorization: 'Bearer @analyst@' }) },
    { weight: 1, arbitrary: fc.constant<RawBody>({}) },
    {
      weight: 1,
      arbitrary: fc.string().map((s) => ({ authorization: `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}` })),
    },
  );
}

/** One management request: a live route with its params, query and body drawn at random. */
export function managementRequest(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...t.routes).chain((route) => {
    const parts = route.url.split('/');
    const params = parts.map((p, i) => (p.startsWith(':') ? idFor(parts[i - 1] ?? '') : fc.constant(p)));
    return fc
      .record({
        path: fc.tuple(...params).map((ps) => ps.join('/')),
        query: queryOf(route.queryNames),
        body: route.method === 'GET' || route.method === 'DELETE' ? NO_BODY : bodyOf(route.bodyFields),
        auth: authOf(),
      })
      .map(({ path, query, body, auth }) => ({
        kind: 'management' as const,
        method: route.method,
        url: path + query,
        headers: { ...auth, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      }));
  });
}

/*
 * MCP methods a client may send. Left out: `subscriptions/listen` and GET streams, which stay
 * open by design (an in-process inject would wait for them forever).
 */
const MCP_METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'resources/subscribe',
  'resources/unsubscribe',
  'completion/complete',
  'logging/setLevel',
  'server/discover',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/roots/list_changed',
];

function mcpParams(): fc.Arbitrary<unknown> {
  const plausible = fc.record(
    {
      name: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('echo', 'greet', 'Echo') },
        { weight: 1, arbitrary: fc.string() },
        { weight: 1, arbitrary: value },
      ),
      uri: fc.oneof(fc.constant('file:///notes.txt'), fc.string(), value),
      arguments: fc.oneof(
        { weight: 4, arbitrary: fc.dictionary(fc.constantFrom('who', 'id', 'q'), value, { maxKeys: 3 }) },
        { weight: 1, arbitrary: fc.dictionary(fc.string(), value, { maxKeys: 4 }) },
        { weight: 1, arbitrary: value },
      ),
      protocolVersion: fc.oneof(
        fc.constantFrom('2025-11-25', '2025-06-18', '2024-11-05', '2026-07-28'),
        value,
      ),
      capabilities: fc.oneof(fc.dictionary(fc.string(), value, { maxKeys: 3 }), value),
      clientInfo: fc.oneof(
        fc.record({ name: fc.oneof(fc.string(), hostileText), version: fc.string() }),
        value,
      ),
      level: fc.oneof(fc.constantFrom('debug', 'info', 'error', 'emergency'), value),
      cursor: fc.oneof(fc.string(), value),
      ref: value,
      argument: value,
      requestId: value,
    },
    { requiredKeys: [] },
  );
  return fc.oneof({ weight: 6, arbitrary: plausible }, { weight: 1, arbitrary: value });
}

const modernMeta = fc.record(
  {
    'io.modelcontextprotocol/protocolVersion': fc.oneof(
      { weight: 8, arbitrary: fc.constant('2026-07-28') },
      { weight: 1, arbitrary: value },
    ),
    'io.modelcontextprotocol/clientCapabilities': fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: value },
    ),
    'io.modelcontextprotocol/clientInfo': fc.oneof(
      { weight: 6, arbitrary: fc.record({ name: fc.oneof(fc.string(), hostileText), version: fc.string() }) },
      { weight: 1, arbitrary: value },
    ),
    'io.modelcontextprotocol/logLevel': fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('info', 'debug') },
      { weight: 1, arbitrary: value },
    ),
    traceparent: fc.oneof(
      { weight: 6, arbitrary: fc.constant('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01') },
      { weight: 1, arbitrary: value },
    ),
  },
  { requiredKeys: ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities'] },
);

/** A JSON-RPC message (or batch, or garbage) for the MCP endpoint, in the era asked for. */
export function mcpRequest(era: '2025' | '2026'): fc.Arbitrary<FuzzRequest> {
  const message = fc
    .record({
      jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: value }),
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), value),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...MCP_METHODS) },
        { weight: 1, arbitrary: fc.string() },
      ),
      params: mcpParams(),
      meta: era === '2026' ? modernMeta : fc.constant(undefined),
    })
    .map(({ meta, params, ...m }) => {
      if (!meta) return { ...m, params };
      const p = typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {};
      return { ...m, params: { ...p, _meta: meta } };
    });
  // The 2026 era mirrors the method and name in headers (Mcp-Method, Mcp-Name); mostly right.
  type Body = { text: string; method?: unknown; name?: unknown };
  const named = (m: { method: unknown; params: unknown }): Body => {
    const p = m.params as Record<string, unknown> | undefined;
    return { text: JSON.stringify(m), method: m.method, name: p?.name ?? p?.uri };
  };
  const payload: fc.Arbitrary<Body> = fc.oneof(
    { weight: 12, arbitrary: message.map(named) },
    { weight: 1, arbitrary: fc.array(message, { maxLength: 3 }).map((ms) => ({ text: JSON.stringify(ms) })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((text) => ({ text })) },
  );
  const mirror = (body: Body, right: boolean): Record<string, string> => {
    if (era !== '2026' || !right) return {};
    const h: Record<string, string> = {};
    if (typeof body.method === 'string') h['mcp-method'] = body.method.replace(/[^\x20-\x7e]/g, '');
    if (typeof body.name === 'string')
      h['mcp-name'] = /^[\x20-\x7e]*$/.test(body.name)
        ? body.name
        : `=?base64?${Buffer.from(body.name).toString('base64')}?=`;
    return h;
  };
  const slug = fc.oneof(
    { weight: 9, arbitrary: fc.constant('@mcp.slug@') },
    { weight: 1, arbitrary: fc.string({ minLength: 1 }).map(encode) },
  );
  const session =
    era === '2025'
      ? fc.oneof(
          {
            weight: 8,
            arbitrary: fc.constant({ 'mcp-session-id': '@session@', 'mcp-protocol-version': '2025-11-25' }),
          },
          { weight: 1, arbitrary: fc.constant<RawBody>({}) },
          {
            weight: 1,
            arbitrary: fc.string().map((s) => ({ 'mcp-session-id': s.replace(/[^\x21-\x7e]/g, '') || 'x' })),
          },
        )
      : fc.oneof(
          { weight: 8, arbitrary: fc.constant({ 'mcp-protocol-version': '2026-07-28' }) },
          { weight: 1, arbitrary: fc.constant<RawBody>({}) },
          {
            weight: 1,
            arbitrary: fc.constant({
              traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
            }),
          },
        );
  return fc
    .record({
      payload,
      slug,
      session,
      right: fc.oneof(
        { weight: 5, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      method: fc.oneof(
        { weight: 20, arbitrary: fc.constant('POST') },
        { weight: 1, arbitrary: fc.constantFrom('DELETE', 'OPTIONS') },
      ),
    })
    .map(({ payload, slug, session, method, right }) => ({
      kind: era === '2025' ? ('mcp-2025' as const) : ('mcp-2026' as const),
      method,
      url: `/mcp/${slug}`,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...session,
        ...mirror(payload, right),
      },
      ...(method === 'POST' ? { payload: payload.text } : {}),
    }));
}

/** The whole mix: management routes and both MCP eras. */
export function fuzzRequest(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 6, arbitrary: managementRequest(t) },
    { weight: 2, arbitrary: mcpRequest('2025') },
    { weight: 2, arbitrary: mcpRequest('2026') },
  );
}
