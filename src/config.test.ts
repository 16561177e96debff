import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './config.ts';

test('the public URL is PUBLIC_URL when given (and says so), else http://localhost:PORT', () => {
  const derived = loadConfig({ PORT: '18501' });
  assert.equal(derived.publicUrl, 'http://localhost:18501');
  assert.equal(derived.publicUrlExplicit, false);
  const given = loadConfig({ PORT: '18501', PUBLIC_URL: 'https://gw.example.test/' });
  assert.equal(given.publicUrl, 'https://gw.example.test');
  assert.equal(given.publicUrlExplicit, true);
});

test('people settings: defaults, parsing, and an IdP needs both issuer and client id', () => {
  const d = loadConfig({});
  assert.equal(d.localSignIn, true);
  assert.equal(d.sessionIdleHours, 12);
  assert.equal(d.sessionMaxDays, 7);
  assert.equal(d.adminEmail, 'admin@localhost');
  assert.equal(d.oidcScopes, 'openid email profile');
  assert.equal(d.oidcGroupsClaim, 'groups');
  assert.equal(d.oidcName, 'your identity provider');
  const c = loadConfig({
    LOCAL_SIGN_IN: 'off',
    SESSION_IDLE_HOURS: '2',
    SESSION_MAX_DAYS: '1',
    TOOLGATE_ADMIN_EMAIL: 'ops@example.com',
    OIDC_ISSUER: 'https://idp.example.com',
    OIDC_CLIENT_ID: 'toolgate',
    OIDC_NAME: 'Okta',
  });
  assert.equal(c.localSignIn, false);
  assert.equal(c.sessionIdleHours, 2);
  assert.equal(c.oidcName, 'Okta');
  assert.throws(
    () => loadConfig({ OIDC_ISSUER: 'https://idp.example.com' }),
    /OIDC_ISSUER and OIDC_CLIENT_ID/,
  );
  assert.throws(() => loadConfig({ OIDC_CLIENT_ID: 'x' }), /OIDC_ISSUER and OIDC_CLIENT_ID/);
  assert.throws(() => loadConfig({ TOOLGATE_ADMIN_PASSWORD: 'short' }), /adminPassword/);
  assert.throws(() => loadConfig({ TOOLGATE_ADMIN_EMAIL: 'nobody' }), /adminEmail/);
});
