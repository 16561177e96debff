import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { tracingOn } from './tracing.ts';

/* Tracing off (the default): no span, no hook; the client's trace context still reaches the upstream. */

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let t: TestApp;
  const seen: IncomingHttpHeaders[] = [];
  const upstream = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  let url = '';
  before(async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    t = await buildTestApp();
  });
  after(async () => {
    await t.close();
    upstream.close();
  });

  test('is off', () => {
    assert.equal(tracingOn(), false);
  });

  test('a traceparent header from the client is forwarded to the upstream unchanged', async () => {
    const server = (await t.api('POST', '/servers', { name: 'Plain' })).json();
    const tool = (
      await t.api('POST', `/servers/${server.id}/tools`, {
        name: 'Get',
        endpoint_url: `${url}/x`,
        http_method: 'GET',
      })
    ).json();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.base}/servers/${server.id}/tools/${tool.id}/test`,
      headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/json', traceparent },
      payload: '{}',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(seen.at(-1)?.traceparent, traceparent);
  });
});
