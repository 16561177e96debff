import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('settings API', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('GET returns the spec defaults in order, e-mail empty', async () => {
    const res = await t.api('GET', '/settings');
    assert.equal(res.statusCode, 200);
    const s = res.json();
    assert.deepEqual(
      [
        s.default_rate_limit,
        s.default_timeout,
        s.log_retention_days,
        s.analytics_retention_days,
        s.log_response_data,
        s.enable_health_checks,
        s.health_check_interval,
        s.enable_email_alerts,
        s.usage_alert_threshold,
        s.keep_data_on_uninstall,
      ],
      [60, 30, 30, 90, false, true, 60, false, 1000, false],
    );
    assert.equal(s.notification_email, '');
    assert.equal(s.timezone, 'UTC');
    assert.deepEqual(
      [s.audit_retention_days, s.approval_timeout_minutes, s.approval_webhook_url],
      [365, 60, ''],
    );
  });

  test('PATCH is partial and persists; POST is an alias', async () => {
    const res = await t.api('PATCH', '/settings', {
      log_retention_days: 7,
      notification_email: 'ops@example.com',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().log_retention_days, 7);
    assert.equal(res.json().notification_email, 'ops@example.com');
    assert.equal(res.json().analytics_retention_days, 90);
    const post = await t.api('POST', '/settings', { enable_email_alerts: true, timezone: 'Europe/Paris' });
    assert.equal(post.statusCode, 200);
    const after = (await t.api('GET', '/settings')).json();
    assert.equal(after.log_retention_days, 7);
    assert.equal(after.enable_email_alerts, true);
    assert.equal(after.timezone, 'Europe/Paris');
    const cleared = await t.api('PATCH', '/settings', { notification_email: '' });
    assert.equal(cleared.json().notification_email, '');
  });

  test('refuses unknown fields, wrong types, bad e-mails and unknown zones, naming each', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ colour: 'blue' }, 'colour'],
      [{ default_timeout: '30' }, 'default_timeout'],
      [{ log_response_data: 'yes' }, 'log_response_data'],
      [{ health_check_interval: 0 }, 'health_check_interval'],
      [{ notification_email: 'not-an-email' }, 'notification_email'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('PATCH', '/settings', body);
      assert.equal(res.statusCode, 400, field);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(field in res.json().data.params, `${field}: ${res.body}`);
    }
    assert.equal((await t.api('GET', '/settings')).json().default_timeout, 30);
  });

  test('audit retention and the approval settings: bounds, URL shape and types are refused by name', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ audit_retention_days: -1 }, 'audit_retention_days'],
      [{ audit_retention_days: 36_501 }, 'audit_retention_days'],
      [{ audit_retention_days: 1.5 }, 'audit_retention_days'],
      [{ approval_timeout_minutes: 0 }, 'approval_timeout_minutes'],
      [{ approval_timeout_minutes: 10_081 }, 'approval_timeout_minutes'],
      [{ approval_timeout_minutes: '60' }, 'approval_timeout_minutes'],
      [{ approval_webhook_url: 'ftp://hooks.example.com/x' }, 'approval_webhook_url'],
      [{ approval_webhook_url: 'hooks.example.com/x' }, 'approval_webhook_url'],
      [{ approval_webhook_url: 'https://exa mple.com/' }, 'approval_webhook_url'],
      [{ approval_webhook_url: 'http://[::1/x' }, 'approval_webhook_url'],
      [{ approval_webhook_url: `https://example.com/${'a'.repeat(2000)}` }, 'approval_webhook_url'],
      [{ approval_webhook_url: 42 }, 'approval_webhook_url'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('PATCH', '/settings', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(field in res.json().data.params, `${field}: ${res.body}`);
    }
    const url = await t.api('PATCH', '/settings', { approval_webhook_url: 'ftp://x.example' });
    assert.equal(url.json().data.params.approval_webhook_url, 'must be empty or an http(s) URL');
    const unchanged = (await t.api('GET', '/settings')).json();
    assert.deepEqual(
      [unchanged.audit_retention_days, unchanged.approval_timeout_minutes, unchanged.approval_webhook_url],
      [365, 60, ''],
    );

    const saved = await t.api('PATCH', '/settings', {
      audit_retention_days: 0,
      approval_timeout_minutes: 10_080,
      approval_webhook_url: 'https://hooks.example.com/toolgate?team=ops',
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const read = (await t.api('GET', '/settings')).json();
    assert.deepEqual(
      [read.audit_retention_days, read.approval_timeout_minutes, read.approval_webhook_url],
      [0, 10_080, 'https://hooks.example.com/…'],
      'the webhook’s path and query (a receiver’s secret) are never sent back',
    );
    assert.equal(saved.json().approval_webhook_url, 'https://hooks.example.com/…');
    const cleared = await t.api('PATCH', '/settings', {
      audit_retention_days: 365,
      approval_timeout_minutes: 1,
      approval_webhook_url: '',
    });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(
      [
        cleared.json().audit_retention_days,
        cleared.json().approval_timeout_minutes,
        cleared.json().approval_webhook_url,
      ],
      [365, 1, ''],
    );
  });

  test('rejects without svc_manage_settings (403) and without a key (401)', async () => {
    const editor = await t.keyFor('editor');
    const analyst = await t.keyFor('analyst');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { default_timeout: 5 }],
      ['POST', { default_timeout: 5 }],
    ] as const) {
      assert.equal((await t.api(method, '/settings', body, null)).statusCode, 401);
      for (const key of [editor, analyst]) {
        const res = await t.api(method, '/settings', body, key);
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().code, 'rest_forbidden');
      }
    }
    const settingsKey = await t.keyFor('settings');
    assert.equal((await t.api('PATCH', '/settings', { default_timeout: 31 }, settingsKey)).statusCode, 200);
  });

  test('a settings key may keep or raise retention but lowering it is 403 and changes nothing', async () => {
    await t.api('PATCH', '/settings', { log_retention_days: 30, analytics_retention_days: 90 });
    const before = (await t.api('GET', '/settings')).json();
    const settingsKey = await t.keyFor('settings');
    for (const body of [{ log_retention_days: 1 }, { analytics_retention_days: 89 }]) {
      const res = await t.api('PATCH', '/settings', { ...body, default_timeout: 12 }, settingsKey);
      assert.equal(res.statusCode, 403, JSON.stringify(body));
      assert.equal(res.json().code, 'rest_forbidden');
      assert.match(res.json().message, /manage_options/);
    }
    const unchanged = (await t.api('GET', '/settings')).json();
    assert.deepEqual(
      [unchanged.log_retention_days, unchanged.analytics_retention_days, unchanged.default_timeout],
      [30, 90, before.default_timeout],
    );
    const kept = await t.api(
      'PATCH',
      '/settings',
      { log_retention_days: 30, analytics_retention_days: 120 },
      settingsKey,
    );
    assert.equal(kept.statusCode, 200);
    assert.equal(kept.json().analytics_retention_days, 120);
    const admin = await t.api('PATCH', '/settings', { log_retention_days: 1, analytics_retention_days: 90 });
    assert.equal(admin.statusCode, 200);
    assert.deepEqual([admin.json().log_retention_days, admin.json().analytics_retention_days], [1, 90]);
  });

  test('audit retention: 0 is forever, so a settings key may set 0 but not leave it or shorten a period', async () => {
    await t.api('PATCH', '/settings', { audit_retention_days: 365 });
    const settingsKey = await t.keyFor('settings');
    const shorter = await t.api('PATCH', '/settings', { audit_retention_days: 364 }, settingsKey);
    assert.equal(shorter.statusCode, 403);
    assert.match(shorter.json().message, /audit_retention_days.*manage_options/);
    const longer = await t.api('PATCH', '/settings', { audit_retention_days: 400 }, settingsKey);
    assert.equal(longer.json().audit_retention_days, 400);
    const forever = await t.api('PATCH', '/settings', { audit_retention_days: 0 }, settingsKey);
    assert.equal(forever.json().audit_retention_days, 0);
    const leave = await t.api('PATCH', '/settings', { audit_retention_days: 36_500 }, settingsKey);
    assert.equal(leave.statusCode, 403);
    assert.equal((await t.api('GET', '/settings')).json().audit_retention_days, 0);
    const admin = await t.api('PATCH', '/settings', { audit_retention_days: 30 });
    assert.equal(admin.json().audit_retention_days, 30);
  });
});
