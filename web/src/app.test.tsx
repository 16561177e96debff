import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { App } from './app.tsx';
import { stubFetch } from './test-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  window.history.replaceState(null, '', '#');
});

const signInAs = async (role: string, capabilities: string[]) => {
  stubFetch(
    { body: { name: 'k', role, capabilities, prefix: 'tgk_12345678' } },
    ...Array.from({ length: 10 }, () => ({ status: 503, body: { code: 'x', message: 'not in this test' } })),
  );
  render(<App />);
  fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'tgk_key' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('button', { name: 'Sign out' });
};

describe('signing in', () => {
  test('an analyst signing in on the keys page an administrator left lands on the dashboard', async () => {
    window.history.replaceState(null, '', '#/keys');
    await signInAs('analyst', ['svc_view_analytics']);
    expect(window.location.hash).toBe('#/');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Not available' })).toBeNull();
  });

  test('a page the role may see is where the key lands, filters included', async () => {
    window.history.replaceState(null, '', '#/logs?status=error');
    await signInAs('analyst', ['svc_view_analytics']);
    expect(window.location.hash).toBe('#/logs?status=error');
    await screen.findByRole('heading', { name: 'Call logs' });
  });
});
