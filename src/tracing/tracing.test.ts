import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { obtainCode, redeem } from '../../test/kit/oauth-client.ts';
import { startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { flushTracing, tracesUrl, tracingOn } from './tracing.ts';

/*
 * Tracing against a local OTLP/HTTP receiver (JSON encoding): request spans, one child span per
 * upstream attempt, W3C traceparent taken from the client (headers, `_meta`) and sent upstream.
 */

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes: Array<{ key: string; value: OtlpValue }>;
}

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : v?.boolValue);
};

const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const SECRET_ARGUMENT = 'argument-marker-93f1';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let t: TestApp;
  const exported: OtlpSpan[] = [];
  const exportBodies: string[] = [];
  const upstreamHeaders: IncomingHttpHeaders[] = [];
  let upstreamCalls = 0;
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      exportBodies.push(body);
      const doc = JSON.parse(body) as {
        resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
      };
      for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) exported.push(...ss.spans);
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  // Fails the first attempt of each call with 503, so a retry shows as a second attempt span.
  const upstream = createServer((req, res) => {
    upstreamHeaders.push(req.headers);
    req.resume();
    upstreamCalls++;
    res.statusCode = upstreamCalls % 2 === 1 ? 503 : 200;
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  let slug = '';
  let serverId = 0;
  let toolId = 0;

  before(async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = await listen(receiver);
    const upstreamUrl = await listen(upstream);
    t = await buildTestApp();
    const server = (await t.api('POST', '/servers', { name: 'Traced' })).json();
    slug = server.slug;
    serverId = server.id;
    const tool = await t.api('POST', `/servers/${server.id}/tools`, {
      name: 'Echo',
      endpoint_url: `${upstreamUrl}/echo`,
      http_method: 'GET',
      retry_count: 1,
      retry_backoff: 'none',
      input_schema: { type: 'object', properties: { q: { type: 'string' } } },
      parameter_mapping: { q: { target: 'query', key: 'q' } },
    });
    assert.equal(tool.statusCode, 201, tool.body);
    toolId = tool.json().id;
  });
  after(async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    await t.close();
    receiver.close();
    upstream.close();
  });

  async function spansOf(traceId: string, count: number): Promise<OtlpSpan[]> {
    for (let i = 0; i < 100; i++) {
      await flushTracing();
      const found = exported.filter((s) => s.traceId === traceId);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    return exported.filter((s) => s.traceId === traceId);
  }

  test('is on, and reads its endpoint from the environment', () => {
    assert.equal(tracingOn(), true);
    assert.equal(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' }), 'http://c:4318/v1/traces');
    assert.equal(tracesUrl({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/t' }), 'http://c/t');
    assert.equal(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_SDK_DISABLED: 'true' }), null);
    assert.equal(tracesUrl({}), null);
  });

  test('with tracing on, an MCP POST over a socket gets its request span', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const trace = 'a'.repeat(32);
    const res = await fetch(`${origin}/mcp/${slug}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        traceparent: `00-${trace}-${CLIENT_SPAN}-01`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    });
    assert.equal(res.status, 200, await res.text());
    const [request] = await spansOf(trace, 1);
    assert.equal(request?.name, 'POST /mcp/:slug');
    assert.equal(attr(request!, 'http.response.status_code'), 200);
  });

  test('a 2026 tools/call continues the _meta trace: request span, one span per attempt, traceparent upstream', async () => {
    upstreamHeaders.length = 0;
    const traceparent = `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/mcp/${slug}`,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
      },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'echo',
          arguments: { q: SECRET_ARGUMENT },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            traceparent,
          },
        },
      }),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().result.isError, false, res.body);

    const spans = await spansOf(CLIENT_TRACE, 3);
    const request = spans.find((s) => s.kind === 2);
    const attempts = spans
      .filter((s) => s.kind === 3)
      .sort((a, b) => Number(attr(a, 'toolgate.attempt')) - Number(attr(b, 'toolgate.attempt')));
    assert.ok(request, JSON.stringify(spans));
    assert.equal(request.parentSpanId, CLIENT_SPAN);
    assert.equal(request.name, 'POST /mcp/:slug');
    assert.equal(attr(request, 'toolgate.server'), slug);
    assert.equal(attr(request, 'toolgate.tool'), 'echo');
    assert.equal(attr(request, 'toolgate.outcome'), 'ok');
    assert.equal(attr(request, 'mcp.method.name'), 'tools/call');
    assert.equal(attr(request, 'http.response.status_code'), 200);

    assert.deepEqual(
      attempts.map((s) => [
        attr(s, 'toolgate.attempt'),
        attr(s, 'http.response.status_code'),
        s.parentSpanId,
      ]),
      [
        [1, 503, request.spanId],
        [2, 200, request.spanId],
      ],
    );
    assert.equal(attr(attempts[0]!, 'toolgate.tool'), 'echo');
    assert.equal(attempts[0]!.status?.code, 2, 'the 503 attempt is marked failed');
    // Each attempt reached the upstream as its own span.
    assert.deepEqual(
      upstreamHeaders.map((h) => h.traceparent),
      attempts.map((s) => `00-${CLIENT_TRACE}-${s.spanId}-01`),
    );
    // Never the arguments (nor the URL that carries them) in what is exported.
    assert.ok(!exportBodies.join('').includes(SECRET_ARGUMENT));
  });

  test('a management request continues the traceparent header, and the tool test traces its upstream attempts', async () => {
    const trace = 'aaaabbbbccccddddeeeeffff00001111';
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.base}/servers/${serverId}/tools/${toolId}/test`,
      headers: {
        authorization: `Bearer ${t.adminKey}`,
        'content-type': 'application/json',
        traceparent: `00-${trace}-1111222233334444-01`,
      },
      payload: JSON.stringify({ arguments: { q: 'x' } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const spans = await spansOf(trace, 3);
    const request = spans.find((s) => s.kind === 2);
    assert.ok(request, JSON.stringify(spans));
    assert.equal(request.parentSpanId, '1111222233334444');
    assert.match(request.name, /^POST \/api\/svc\/v1\/servers\/:[a-z_]+\/tools\/:[a-z_]+\/test$/);
    assert.equal(attr(request, 'toolgate.server'), String(serverId));
    assert.equal(spans.filter((s) => s.kind === 3 && s.parentSpanId === request.spanId).length, 2);
  });

  test('a 2025 session request takes its parent from the traceparent header', async () => {
    const trace = '0123456789abcdef0123456789abcdef';
    const res = await t.app.inject({
      method: 'POST',
      url: `/mcp/${slug}`,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        traceparent: `00-${trace}-0123456789abcdef-01`,
      },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const [span] = await spansOf(trace, 1);
    assert.ok(span);
    assert.equal(span.parentSpanId, '0123456789abcdef');
    assert.equal(attr(span, 'mcp.method.name'), 'initialize');
  });
  // Last: closing a second gateway ends the process's tracing, which the tests above need.
  test("a signed-in person's call names them by UUID in its span, never by e-mail or token", async () => {
    const g = await startOAuthGateway({ config: { logLevel: 'error' } });
    try {
      const issued = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
      const { access_token: token } = (await (await redeem(g.issuer, issued, g.a.url)).json()) as {
        access_token: string;
      };
      const trace = '5eed'.repeat(8);
      const res = await fetch(g.a.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          traceparent: `00-${trace}-${CLIENT_SPAN}-01`,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'echo',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'echo',
            arguments: {},
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
      assert.equal(res.status, 200, await res.text());
      const spans = await spansOf(trace, 2);
      const request = spans.find((s) => s.kind === 2);
      assert.ok(request, JSON.stringify(spans));
      assert.equal(attr(request, 'toolgate.user'), g.person.uuid, JSON.stringify(request.attributes));
      const everything = JSON.stringify(spans);
      assert.ok(!everything.includes(g.person.email), 'no e-mail in a span');
      assert.ok(!everything.includes(token), 'no token in a span');
    } finally {
      await g.close();
    }
  });
});
