import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { api } from '../api/client.ts';
import type { Grant } from '../api/types.ts';
import { stubFetch } from '../test-fetch.ts';
import { GrantsSection } from './grants-section.tsx';
import { serverOf } from './grants-table.tsx';

afterEach(() => vi.unstubAllGlobals());

const grant = (over: Partial<Grant> = {}): Grant => ({
  id: 'grant/1',
  user: { id: 'u-1', email: 'ana@example.com' },
  client: { id: 'https://claude.ai/oauth/client.json', name: 'Claude' },
  resources: [{ resource: 'https://gw.example.com/mcp/pet-store', scopes: ['mcp'] }],
  created_at: '2026-11-28T08:00:00Z',
  expires_at: '2026-12-12T08:00:00Z',
  ...over,
});

function renderMine() {
  return render(
    <GrantsSection
      title="Apps I allowed"
      load={() => api<Grant[]>('GET', '/me/grants')}
      revokePath={(g) => `/me/grants/${encodeURIComponent(g.id)}`}
      empty="No app may act as you."
      whose="you"
    />,
  );
}

describe('GrantsSection', () => {
  test('names each app, who published it, the servers and scopes it may use', async () => {
    stubFetch({ body: [grant(), grant({ id: 'g2', client: { id: 'dcr-abc', name: null }, resources: [] })] });
    renderMine();
    const row = (await screen.findByText('Claude', { selector: 'td > span' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('claude.ai')).toBeTruthy();
    expect(within(row).getByTitle('https://gw.example.com/mcp/pet-store').textContent).toBe('pet-store mcp');
    expect(screen.getByRole('button', { name: 'Revoke dcr-abc' })).toBeTruthy();
  });

  test('revokes a grant after saying what stops, with its id escaped in the path', async () => {
    const sent = stubFetch({ body: [grant()] }, { status: 204 }, { body: [] });
    renderMine();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Claude' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/its tokens are refused at once/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('Claude can no longer act as you.')).toBeTruthy();
    expect(await screen.findByText('No app may act as you.')).toBeTruthy();
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: '../api/svc/v1/me/grants/grant%2F1' });
  });

  test('a refused revocation is shown and the grant stays listed', async () => {
    stubFetch(
      { body: [grant()] },
      { status: 404, body: { code: 'svc_not_found', message: 'No such grant' } },
    );
    renderMine();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Claude' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('No such grant')).toBeTruthy();
    expect(screen.getByText('Claude', { selector: 'td > span' })).toBeTruthy();
  });
});

describe('serverOf', () => {
  test('the slug of an MCP endpoint, any other URL as it is', () => {
    expect(serverOf('https://gw.example.com/mcp/pet-store')).toBe('pet-store');
    expect(serverOf('https://gw.example.com/base/mcp/billing/')).toBe('billing');
    expect(serverOf('https://other.example.com/api')).toBe('https://other.example.com/api');
    expect(serverOf(undefined)).toBe('—');
  });
});
