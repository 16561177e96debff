import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, test } from 'node:test';
import { buildTestApp } from '../../test/helpers.ts';
import { writeOption } from '../store/options.repo.ts';
import { verifyLicenseKey } from './license.ts';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** Mints a licence key the way the vendor does: base64url(payload) "." base64url(Ed25519 signature). */
function mint(payload: Record<string, unknown>, key = privateKey): string {
  const part = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${part}.${sign(null, Buffer.from(part), key).toString('base64url')}`;
}

const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
const CURL = { curl_command: 'curl https://api.example.com/ping' };
const SPEC = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}';

describe('licence keys', () => {
  test('verifies offline with Ed25519 (PEM or raw base64 public key) and reads tier and expiry', () => {
    const key = mint({ tier: 'pro', exp: future, sub: 'ACME' });
    const ok = verifyLicenseKey(key, PUBLIC_PEM);
    assert.ok(ok.ok);
    assert.equal(ok.ok && ok.license.tier, 'pro');
    assert.equal(ok.ok && ok.license.licensee, 'ACME');
    const raw = publicKey.export({ format: 'jwk' }).x!;
    assert.ok(verifyLicenseKey(key, raw).ok);
  });

  test('rejects a forged, tampered, expired or malformed key with a reason', () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const forged = verifyLicenseKey(mint({ tier: 'pro', exp: future }, other), PUBLIC_PEM);
    assert.deepEqual(forged, { ok: false, reason: 'the licence key signature is invalid' });
    const [, sig] = mint({ tier: 'starter', exp: future }).split('.');
    const tampered = `${Buffer.from(JSON.stringify({ tier: 'enterprise', exp: future })).toString('base64url')}.${sig}`;
    assert.equal(verifyLicenseKey(tampered, PUBLIC_PEM).ok, false);
    const expired = verifyLicenseKey(mint({ tier: 'pro', exp: 1_600_000_000 }), PUBLIC_PEM);
    assert.match(expired.ok ? '' : expired.reason, /expired on 2020-09-13/);
    assert.equal(verifyLicenseKey('nonsense', PUBLIC_PEM).ok, false);
    assert.equal(verifyLicenseKey(mint({ tier: 'pro', exp: future }), undefined).ok, false);
  });
});

describe('editions on the import routes', () => {
  test('community (default) allows every method and the health check says ok', async () => {
    const t = await buildTestApp();
    try {
      const s = (await t.api('POST', '/servers', { name: 'c' })).json();
      assert.equal((await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, CURL)).statusCode, 201);
      assert.equal(
        (await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content: SPEC })).statusCode,
        200,
      );
      const health = (await t.api('GET', '/health', undefined, null)).json();
      assert.deepEqual(health.checks.license, { status: 'ok', tier: 'community' });
    } finally {
      await t.close();
    }
  });

  test('enforced: the trial allows imports, then 402 after 14 days; the health check warns', async () => {
    const t = await buildTestApp({ config: { licensing: 'enforce' } });
    try {
      const s = (await t.api('POST', '/servers', { name: 'trial' })).json();
      assert.equal((await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, CURL)).statusCode, 201);
      const during = (await t.api('GET', '/health', undefined, null)).json().checks.license;
      assert.equal(during.status, 'ok');
      assert.equal(during.tier, 'trial');
      assert.match(during.message, /14 day\(s\) left/);
      await writeOption(t.ctx.store.db, 'activated_at', new Date(Date.now() - 15 * 86_400_000).toISOString());
      const res = await t.api('POST', `/servers/${s.uuid}/tools/import-collection`, { content: '{}' });
      assert.equal(res.statusCode, 402);
      assert.match(res.json().message, /trial has expired/);
      const health = (await t.api('GET', '/health', undefined, null)).json();
      assert.equal(health.checks.license.status, 'warn');
      assert.equal(health.status, 'degraded');
    } finally {
      await t.close();
    }
  });

  test('enforced with a starter licence: curl and manifest allowed, OpenAPI and collections 403 tier_limit_import_method', async () => {
    const t = await buildTestApp({
      config: {
        licensing: 'enforce',
        licenseKey: mint({ tier: 'starter', exp: future }),
        licensePublicKey: PUBLIC_PEM,
      },
    });
    try {
      await writeOption(t.ctx.store.db, 'activated_at', new Date(Date.now() - 30 * 86_400_000).toISOString());
      const s = (await t.api('POST', '/servers', { name: 'starter' })).json();
      assert.equal((await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, CURL)).statusCode, 201);
      const svc = await t.api('POST', `/servers/${s.uuid}/tools/import-svc`, {
        format: 'svc/tools-v1',
        tools: [],
      });
      assert.equal(svc.statusCode, 200);
      for (const path of ['import-openapi', 'import-collection']) {
        const res = await t.api('POST', `/servers/${s.uuid}/tools/${path}`, { content: SPEC });
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().code, 'tier_limit_import_method');
        assert.equal(res.json().data.tier, 'starter');
        assert.equal(res.json().data.upgrade_url, 'http://gateway.test/admin/#/license');
      }
      assert.deepEqual((await t.api('GET', '/health', undefined, null)).json().checks.license, {
        status: 'ok',
        tier: 'starter',
      });
    } finally {
      await t.close();
    }
  });

  test('enforced with a pro licence after the trial: every method is allowed', async () => {
    const t = await buildTestApp({
      config: {
        licensing: 'enforce',
        licenseKey: mint({ tier: 'pro', exp: future }),
        licensePublicKey: PUBLIC_PEM,
      },
    });
    try {
      await writeOption(t.ctx.store.db, 'activated_at', new Date(Date.now() - 30 * 86_400_000).toISOString());
      const s = (await t.api('POST', '/servers', { name: 'pro' })).json();
      assert.equal(
        (await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content: SPEC })).statusCode,
        200,
      );
    } finally {
      await t.close();
    }
  });
});
