import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubFetch } from '../test-fetch.ts';
import { Dashboard } from './dashboard.tsx';

// uPlot needs a canvas and ResizeObserver, which jsdom lacks; the charts are not what this checks.
vi.mock('../components/chart.tsx', () => ({ Chart: () => null }));

afterEach(() => vi.unstubAllGlobals());

const overview = {
  total_servers: 1,
  active_servers: 1,
  total_tools: 2,
  active_tools: 2,
  calls_today: 3,
  calls_yesterday: 0,
  avg_response_ms: 40,
  success_rate: 100,
};
const health = { status: 'ok', version: '1', checks: {} };

describe('dashboard', () => {
  test('Top people lists each signed-in person with their calls, linked to their call logs', async () => {
    const sent = stubFetch(
      { body: overview },
      { body: [] },
      { body: [] },
      { body: [] },
      { body: health },
      {
        body: [
          {
            user_uuid: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
            email: 'ada@example.com',
            display_name: 'Ada',
            calls: 12,
            errors: 1,
            avg_response_ms: 35,
          },
          {
            user_uuid: '0a1b2c3d-0000-4000-8000-000000000000',
            email: null,
            display_name: null,
            calls: 2,
            errors: 0,
            avg_response_ms: 50,
          },
        ],
      },
    );
    render(<Dashboard />);
    const table = await screen.findByTestId('top-people');
    const ada = screen.getByRole('link', { name: 'ada@example.com' });
    expect(ada.getAttribute('href')).toBe('#/logs?user_id=6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b');
    expect(table.textContent).toContain('deleted user 0a1b2c3d');
    expect(table.textContent).toContain('12');
    expect(sent.some((r) => r.url.endsWith('/analytics/breakdown?by=user&days=7'))).toBe(true);
  });

  test('without people (no server signs anyone in) the card is left out', async () => {
    stubFetch({ body: overview }, { body: [] }, { body: [] }, { body: [] }, { body: health }, { body: [] });
    render(<Dashboard />);
    await screen.findByTestId('overview');
    expect(screen.queryByRole('heading', { name: 'Top people' })).toBeNull();
  });
});
