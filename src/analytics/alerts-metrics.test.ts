import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { startSmtpSink } from '../../test/kit/smtp-sink.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { checkUsageAlert } from './usage-alert.ts';

describe('usage alert e-mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const now = Date.now();
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

  before(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: smtp.url, smtpFrom: 'gate@example.test' } });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  test('does nothing while alerts are off or the threshold is not exceeded', async () => {
    await seedCalls(
      t.ctx,
      [1, 2, 3].map((i) => ({ created_at: at(-i * 60_000), tool_name: 'search' })),
    );
    assert.deepEqual(await checkUsageAlert(t.ctx, now), { sent: false, calls: 0, reason: 'disabled' });
    await updateSettings(t.ctx, {
      enable_email_alerts: true,
      notification_email: 'ops@example.test',
      usage_alert_threshold: 3,
    });
    assert.deepEqual(await checkUsageAlert(t.ctx, now), { sent: false, calls: 3, reason: 'below_threshold' });
    assert.equal(smtp.mails.length, 0);
  });

  test('sends exactly one mail per hour window while usage stays above the threshold', async () => {
    await seedCalls(t.ctx, [{ created_at: at(-30 * 60_000), tool_name: 'search' }]);
    assert.deepEqual(await checkUsageAlert(t.ctx, now), { sent: true, calls: 4, to: 'ops@example.test' });
    assert.equal(smtp.mails.length, 1);
    assert.deepEqual(smtp.mails[0]!.to, ['ops@example.test']);
    assert.match(smtp.mails[0]!.body, /Subject: \[Toolgate\] Usage alert: 4 calls in the last hour/);
    assert.match(smtp.mails[0]!.body, /threshold of 3 calls per hour/);

    // Still above the threshold 10 and 59 minutes later: no second mail in the same hour.
    await seedCalls(
      t.ctx,
      [5, 20, 40, 55].map((m) => ({ created_at: at(m * 60_000) })),
    );
    assert.equal((await checkUsageAlert(t.ctx, now + 10 * 60_000)).sent, false);
    const later = await checkUsageAlert(t.ctx, now + 59 * 60_000);
    assert.deepEqual(later, { sent: false, calls: 5, reason: 'already_sent' });
    assert.equal(smtp.mails.length, 1);

    // An hour after the first alert, a new window may alert again.
    const next = await checkUsageAlert(t.ctx, now + 60 * 60_000);
    assert.equal(next.sent, true);
    assert.equal(smtp.mails.length, 2);
  });
});

describe('Prometheus /metrics', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ config: { metricsEnabled: true, metricsToken: 'scrape-token-123' } });
  });
  after(() => t.close());

  test('counts every logged call, upstream status codes, cache hits and rate-limit rejections', async () => {
    const base = { server_name: 'Pets', tool_name: 'list_pets', created_at: new Date().toISOString() };
    await seedCalls(t.ctx, [
      { ...base, response_time_ms: 40, http_status: 200 },
      { ...base, response_time_ms: 60, http_status: 200 },
      { ...base, response_time_ms: 700, http_status: 503, response_status: 'error' },
      { ...base, tool_name: 'get_pet', response_time_ms: 5, http_status: null, response_status: 'error' },
    ]);
    t.ctx.metrics!.recordCacheHit({ server: 'Pets', tool: 'list_pets' });
    t.ctx.metrics!.recordRateLimitRejection({ server: 'Pets', tool: 'get_pet' }, 'server');

    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-123' },
    });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    const lines = res.body.split('\n');
    for (const line of [
      'toolgate_tool_calls_total{server="Pets",tool="list_pets",status="success"} 2',
      'toolgate_tool_calls_total{server="Pets",tool="list_pets",status="error"} 1',
      'toolgate_tool_call_errors_total{server="Pets",tool="list_pets"} 1',
      'toolgate_tool_call_errors_total{server="Pets",tool="get_pet"} 1',
      'toolgate_tool_call_duration_seconds_bucket{le="0.05",server="Pets",tool="list_pets"} 1',
      'toolgate_tool_call_duration_seconds_bucket{le="1",server="Pets",tool="list_pets"} 3',
      'toolgate_tool_call_duration_seconds_count{server="Pets",tool="list_pets"} 3',
      'toolgate_upstream_responses_total{server="Pets",tool="list_pets",code="200"} 2',
      'toolgate_upstream_responses_total{server="Pets",tool="list_pets",code="503"} 1',
      'toolgate_cache_hits_total{server="Pets",tool="list_pets"} 1',
      'toolgate_rate_limit_rejections_total{server="Pets",tool="get_pet",scope="server"} 1',
    ]) {
      assert.ok(lines.includes(line), `missing: ${line}`);
    }
    assert.ok(lines.some((l) => l.startsWith('toolgate_process_cpu_user_seconds_total')));
    // Counted calls are still written to the call log.
    assert.equal((await t.ctx.store.db.selectFrom('call_logs').select('id').execute()).length, 4);
  });

  test('asks for the token when one is configured', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    assert.equal(none.statusCode, 401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.statusCode, 401);
    assert.ok(!wrong.body.includes('scrape-token-123'));
  });

  test('is not mounted when metrics are disabled', async () => {
    const off = await buildTestApp();
    try {
      assert.equal(off.ctx.metrics, undefined);
      assert.equal((await off.app.inject({ url: '/metrics' })).statusCode, 404);
    } finally {
      await off.close();
    }
  });
});
