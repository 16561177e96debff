import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiKey, Me } from '../api/types.ts';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { formatDate } from '../lib/format.ts';
import { stubFetch } from '../test-fetch.ts';
import { Keys } from './keys.tsx';

afterEach(() => vi.unstubAllGlobals());

const me: Me = { name: 'admin', role: 'administrator', capabilities: ['manage_options'], prefix: 'tg_a' };
const key = (id: number, last_used_at: string | null): ApiKey => ({
  id,
  uuid: `k${id}`,
  name: `key ${id}`,
  prefix: `tg_${id}`,
  role: 'editor',
  capabilities: ['svc_manage_servers'],
  created_at: '2026-11-01T00:00:00Z',
  last_used_at,
  expires_at: null,
  revoked_at: null,
});

describe('Keys', () => {
  test("shows each key's last use, and — for a key never used", async () => {
    stubFetch({ body: [key(1, '2026-11-28T06:30:00Z'), key(2, null)] });
    render(
      <AuthProvider auth={makeAuth(me, () => undefined)}>
        <Keys />
      </AuthProvider>,
    );
    const used = (await screen.findByText('key 1')).closest('tr') as HTMLElement;
    const unused = screen.getByText('key 2').closest('tr') as HTMLElement;
    const column = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Last used');
    expect(column).toBeGreaterThan(0);
    expect(within(used).getAllByRole('cell')[column]?.textContent).toBe(formatDate('2026-11-28T06:30:00Z'));
    expect(within(unused).getAllByRole('cell')[column]?.textContent).toBe('—');
  });

  test("shows each key's owner, linked to their page, and 'nobody' for a key of no person", async () => {
    stubFetch({
      body: [
        { ...key(1, null), owner: { id: 'u-1', email: 'ana@example.com', display_name: 'Ana' } },
        key(2, null),
      ],
    });
    render(
      <AuthProvider auth={makeAuth(me, () => undefined)}>
        <Keys />
      </AuthProvider>,
    );
    const owner = await screen.findByRole('link', { name: 'Ana' });
    expect(owner.getAttribute('href')).toBe('#/users/u-1');
    expect(within(screen.getByText('key 2').closest('tr') as HTMLElement).getByText('nobody')).toBeTruthy();
  });

  test('a key without a name is summarised, marked and focused; typing one clears it', async () => {
    const sent = stubFetch({ body: [] });
    render(
      <AuthProvider auth={makeAuth(me, () => undefined)}>
        <Keys />
      </AuthProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const name = screen.getByLabelText('Name *');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: 'Name: required' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'ci' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
