import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Me } from '../api/types.ts';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { stubFetch } from '../test-fetch.ts';
import { SettingsPage } from './settings.tsx';

afterEach(() => vi.unstubAllGlobals());

const me: Me = { name: 'admin', role: 'administrator', capabilities: ['manage_options'], prefix: 'tg_a' };
const settings = {
  default_rate_limit: 60,
  default_timeout: 30,
  log_retention_days: 30,
  analytics_retention_days: 365,
  log_response_data: false,
  enable_health_checks: true,
  health_check_interval: 5,
  notification_email: '',
  enable_email_alerts: false,
  usage_alert_threshold: 1000,
  keep_data_on_uninstall: true,
  timezone: 'UTC',
  audit_retention_days: 365,
  approval_timeout_minutes: 60,
  approval_webhook_url: '',
};

const renderSettings = () =>
  render(
    <AuthProvider auth={makeAuth(me, () => undefined)}>
      <SettingsPage />
    </AuthProvider>,
  );

describe('Settings', () => {
  test('Save stays enabled with an invalid value; the submit marks it, summarises it and focuses it', async () => {
    const sent = stubFetch({ body: settings });
    renderSettings();
    const retention = await screen.findByLabelText('Call-log retention');
    fireEvent.change(retention, { target: { value: '-5' } });
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save.hasAttribute('disabled')).toBe(false);
    // nothing is marked before the submit
    expect(retention.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(save);
    expect(retention.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').querySelector('h2')?.textContent).toBe('1 field needs attention');
    expect(screen.getByRole('link', { name: 'Call-log retention: must be at least 1' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(retention));
    expect(sent).toHaveLength(1); // only the GET
  });

  test('an error the API named is gone once the field is fixed: no stale banner beside "Nothing changed."', async () => {
    stubFetch(
      { body: settings },
      {
        status: 400,
        body: {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): timezone',
          data: { status: 400, params: { timezone: 'not an IANA time zone' } },
        },
      },
    );
    renderSettings();
    const zone = await screen.findByLabelText('Site time zone');
    fireEvent.change(zone, { target: { value: 'Mars/Base' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('link', { name: 'Site time zone: not an IANA time zone' })).toBeTruthy();
    expect(zone.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(zone, { target: { value: 'UTC' } });
    expect(zone.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByRole('status').textContent).toBe('Nothing changed.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Invalid parameter(s): timezone')).toBeNull();
  });

  test('audit retention and the approval settings: bounds and the webhook URL are checked, then sent typed', async () => {
    const saved = { ...settings, audit_retention_days: 0, approval_timeout_minutes: 30 };
    const sent = stubFetch(
      { body: settings },
      { body: { ...saved, approval_webhook_url: 'https://hooks.example.com/a' } },
    );
    renderSettings();
    const audit = await screen.findByLabelText('Audit retention');
    const timeout = screen.getByLabelText('Approval timeout');
    const webhook = screen.getByLabelText('Approval webhook');
    expect(webhook.getAttribute('type')).toBe('url');
    expect(screen.getByText(/audit rows older than 365 days/)).toBeTruthy();
    fireEvent.change(audit, { target: { value: '-1' } });
    fireEvent.change(timeout, { target: { value: '10081' } });
    fireEvent.change(webhook, { target: { value: 'ftp://hooks.example.com/a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByRole('link', { name: 'Audit retention: must be at least 0' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Approval timeout: must be at most 10080' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Approval webhook: empty or an http(s) URL' })).toBeTruthy();
    expect(sent).toHaveLength(1);

    fireEvent.change(audit, { target: { value: '0' } });
    fireEvent.change(timeout, { target: { value: '30' } });
    fireEvent.change(webhook, { target: { value: ' https://hooks.example.com/a ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.method).toBe('PATCH');
    expect(sent[1]?.body).toEqual({
      audit_retention_days: 0,
      approval_timeout_minutes: 30,
      approval_webhook_url: 'https://hooks.example.com/a',
    });
    expect(await screen.findByText('Saved 3 setting(s).')).toBeTruthy();
    expect(screen.getByText(/no audit rows \(kept forever\)/)).toBeTruthy();
  });
});
