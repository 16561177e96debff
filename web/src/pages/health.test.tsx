import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Me } from '../api/types.ts';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { stubFetch } from '../test-fetch.ts';
import { Health } from './health.tsx';

afterEach(() => vi.unstubAllGlobals());

const me: Me = { name: 'admin', role: 'administrator', capabilities: ['manage_options'], prefix: 'tg_' };

describe('Health', () => {
  test("the diagnostic shows a warn status, the recent calls and the warning's text", async () => {
    stubFetch(
      {
        body: {
          status: 'ok',
          version: '1.0.0',
          db_version: '7',
          uptime_seconds: 600,
          checked_at: '2026-11-28T06:00:00Z',
          checks: { database: { status: 'ok' } },
        },
      },
      {
        body: {
          checked_at: '2026-11-28T06:01:00Z',
          results: [
            {
              server_uuid: 's1',
              slug: 'pets',
              endpoint_url: 'http://gw.test/mcp/pets',
              status: 'warn',
              http_status: 200,
              latency_ms: 15,
              tool_count: 3,
              error: null,
              recent_calls: { calls: 12, errors: 3, error_rate: 0.25, window_minutes: 60 },
              warning: '3 of the last 12 calls failed',
            },
          ],
        },
      },
    );
    render(
      <AuthProvider auth={makeAuth(me, () => undefined)}>
        <Health />
      </AuthProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Run diagnostic' }));
    const table = await screen.findByTestId('diagnostic');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('warn').className).toBe('badge badge-warn');
    expect(within(row).getByText('3 of 12 failed (25 %)')).toBeTruthy();
    expect(within(row).getByText('3 of the last 12 calls failed')).toBeTruthy();
  });
});
