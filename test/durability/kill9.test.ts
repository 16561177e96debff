import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { serve } from '../kit/cli.ts';

/*
 * TOOLGATE_CALL_LOG_DURABILITY=sync under kill -9: a real `toolgate serve` on SQLite takes
 * concurrent tools/call traffic and is killed mid-run. Every call that got its answer has its
 * call-log row in the database afterwards (rows may exceed answers by the calls whose row was
 * committed but whose answer was cut off).
 */

const ADMIN_KEY = 'tgk_durability_admin_key_for_tests_only_012345678';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-kill9-'));
const upstream = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
});
after(async () => {
  await new Promise<void>((r) => upstream.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

test('durable call logs: kill -9 under concurrent load loses no answered call', {
  timeout: 120_000,
}, async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const dataDir = join(dir, 'data');
  const gateway = await serve(dataDir, {
    TOOLGATE_ADMIN_KEY: ADMIN_KEY,
    TOOLGATE_CALL_LOG_DURABILITY: 'sync',
  });
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${gateway.url}/api/svc/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()) as { uuid: string; slug: string };
  };
  const server = await api('/servers', { name: 'Durable', rate_limit_per_min: 0 });
  await api(`/servers/${server.uuid}/tools`, {
    name: 'hit',
    slug: 'hit',
    endpoint_url: `${origin}/hit`,
    http_method: 'GET',
    rate_limit_per_min: 0,
  });
  const mcpUrl = `${gateway.url}/mcp/${server.slug}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const init = await fetch(mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'load', version: '1' } },
    }),
  });
  headers['mcp-session-id'] = init.headers.get('mcp-session-id')!;
  headers['mcp-protocol-version'] = '2025-11-25';

  let answered = 0;
  let killed = false;
  let id = 1;
  // Eight clients, each bounded to 500 calls; the process is killed once 300 were answered.
  const worker = async () => {
    for (let i = 0; i < 500 && !killed; i++) {
      try {
        const res = await fetch(mcpUrl, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: id++,
            method: 'tools/call',
            params: { name: 'hit', arguments: {} },
          }),
        });
        const body = (await res.json()) as { result?: { isError?: boolean } };
        if (res.status === 200 && body.result && body.result.isError !== true) answered++;
      } catch {
        return; // the process is gone
      }
      if (answered >= 300 && !killed) {
        killed = true;
        await gateway.stop('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  assert.ok(killed, 'the load reached the kill point');

  const db = new SQLite(join(dataDir, 'toolgate.db'), { readonly: true });
  try {
    const { n } = db.prepare("SELECT count(*) AS n FROM call_logs WHERE tool_name = 'hit'").get() as {
      n: number;
    };
    assert.ok(answered >= 300);
    assert.ok(n >= answered, `${n} rows for ${answered} answered calls`);
    assert.ok(
      n <= answered + 8,
      `${n} rows for ${answered} answered calls (at most one in flight per client)`,
    );
  } finally {
    db.close();
  }
});
