import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildTestApp } from '../../test/helpers.ts';
import { isLoopbackHost } from './open-servers.ts';
import { checkSecretKey } from './secret-canary.ts';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

describe('the secrets health check and the secret-key canary', () => {
  test('a second process with another key fails `secrets` (503) naming the expected key id, never a key', async () => {
    const first = await buildTestApp({ config: { secretKey: KEY_A } });
    const url = first.ctx.config.databaseUrl;
    try {
      assert.deepEqual(await checkSecretKey(first.ctx, { write: true }), {
        ok: true,
        keyId: first.ctx.secrets.keyId,
      });
      const created = await first.api('POST', '/servers', {
        name: 'Keyed',
        outbound_auth_type: 'bearer',
        auth_credentials: JSON.stringify({ token: 'sk-upstream-secret-123' }),
      });
      assert.equal(created.statusCode, 201, created.body);

      const second = await buildTestApp({ databaseUrl: url, config: { secretKey: KEY_B } });
      try {
        const check = await checkSecretKey(second.ctx, { write: true });
        assert.equal(check.ok, false);
        const res = await second.app.inject({ method: 'GET', url: `${second.base}/health` });
        assert.equal(res.statusCode, 503);
        const secrets = res.json().checks.secrets;
        assert.equal(secrets.status, 'fail');
        assert.equal(secrets.key_id, second.ctx.secrets.keyId);
        assert.equal(secrets.expected_key_id, first.ctx.secrets.keyId);
        assert.notEqual(secrets.key_id, secrets.expected_key_id);
        assert.match(secrets.message, new RegExp(`id ${first.ctx.secrets.keyId}\\b`));
        assert.match(secrets.message, /Stored credentials of 1 server\(s\) cannot be decrypted/);
        assert.match(secrets.message, /TOOLGATE_SECRET_KEY/);
        for (const secret of [KEY_A, KEY_B, 'sk-upstream-secret-123']) assert.ok(!res.body.includes(secret));
      } finally {
        await second.close();
      }
      // The first key still opens the canary: the second process did not overwrite it.
      const again = await first.app.inject({ method: 'GET', url: `${first.base}/health` });
      assert.equal(again.json().checks.secrets.status, 'ok');
    } finally {
      await first.close();
    }
  });

  test('`secrets` is ok before any process wrote the canary', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: `${t.base}/health` });
      assert.deepEqual(res.json().checks.secrets, { status: 'ok', key_id: t.ctx.secrets.keyId });
    } finally {
      await t.close();
    }
  });
});

describe('the open_servers health check', () => {
  test('bound to a non-loopback address, it warns with every active server whose inbound auth is none', async () => {
    const t = await buildTestApp({ config: { host: '0.0.0.0' } });
    try {
      await t.api('POST', '/servers', { name: 'Open B' });
      await t.api('POST', '/servers', { name: 'Open A' });
      await t.api('POST', '/servers', { name: 'Paused', status: 'paused' });
      await t.api('POST', '/servers', {
        name: 'Guarded',
        auth_type: 'bearer',
        auth_config: { token: 'inbound-token-123456' },
      });
      const res = await t.app.inject({ method: 'GET', url: `${t.base}/health` });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().status, 'degraded');
      const open = res.json().checks.open_servers;
      assert.equal(open.status, 'warn');
      assert.deepEqual(open.slugs, ['open-a', 'open-b']);
      assert.match(open.message, /bound to 0\.0\.0\.0/);
    } finally {
      await t.close();
    }
  });

  test('bound to loopback (the default), nothing is reachable from other hosts: ok', async () => {
    const t = await buildTestApp();
    try {
      assert.equal(t.ctx.config.host, '127.0.0.1');
      await t.api('POST', '/servers', { name: 'Local' });
      const res = await t.app.inject({ method: 'GET', url: `${t.base}/health` });
      assert.deepEqual(res.json().checks.open_servers, { status: 'ok', slugs: [] });
      assert.equal(res.json().status, 'ok');
    } finally {
      await t.close();
    }
  });

  test('loopback addresses are told apart from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      assert.ok(isLoopbackHost(host), host);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'gateway.example'])
      assert.ok(!isLoopbackHost(host), host);
  });
});
