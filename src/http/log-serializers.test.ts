import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { serializeRequest } from './log-serializers.ts';

test('drops the query string and headers from request log lines', () => {
  const req = {
    method: 'POST',
    url: '/mcp/demo?api_key=super-secret-value',
    headers: { authorization: 'Bearer another-secret' },
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as FastifyRequest;
  const line = serializeRequest(req);
  assert.deepEqual(line, { method: 'POST', url: '/mcp/demo?[query omitted]', remoteAddress: '127.0.0.1' });
  assert.ok(!JSON.stringify(line).includes('secret'));
});
