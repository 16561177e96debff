import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Capability } from './api/types.ts';
import { Layout } from './layout.tsx';
import { AuthProvider, makeAuth } from './lib/auth.tsx';
import { stubFetch } from './test-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function renderAs(role: string, capabilities: Capability[]) {
  stubFetch(
    ...Array.from({ length: 10 }, () => ({ status: 503, body: { code: 'x', message: 'not in this test' } })),
  );
  render(
    <AuthProvider auth={makeAuth({ name: 'k', role, capabilities, prefix: 'tgk_12345678' }, () => undefined)}>
      <Layout />
    </AuthProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('role awareness', () => {
  test('an administrator sees every page', () => {
    expect(renderAs('administrator', ['manage_options'])).toEqual([
      'Dashboard',
      'Servers',
      'Call logs',
      'Settings',
      'API keys',
      'Users',
      'Groups',
      'Policies',
      'Audit log',
      'Approvals',
      'Health',
    ]);
  });

  test('an analyst sees analytics, approvals and health only', () => {
    expect(renderAs('analyst', ['svc_view_analytics'])).toEqual([
      'Dashboard',
      'Call logs',
      'Approvals',
      'Health',
    ]);
  });

  test('an editor has servers but neither settings nor keys', () => {
    expect(renderAs('editor', ['svc_manage_servers', 'svc_view_analytics'])).toEqual([
      'Dashboard',
      'Servers',
      'Call logs',
      'Approvals',
      'Health',
    ]);
  });

  test('a page the role does not allow says so instead of calling the API', () => {
    window.location.hash = '#/keys';
    renderAs('settings', ['svc_manage_settings', 'svc_view_analytics']);
    expect(screen.getByRole('heading', { name: 'Not available' })).toBeTruthy();
  });

  test('an editor cannot open Users or Groups by their address', () => {
    window.location.hash = '#/users';
    renderAs('editor', ['svc_manage_servers', 'svc_view_analytics']);
    expect(screen.getByRole('heading', { name: 'Not available' })).toBeTruthy();
  });

  test('only an administrator opens the audit log by its address', () => {
    window.location.hash = '#/audit';
    renderAs('editor', ['svc_manage_servers', 'svc_view_analytics']);
    expect(screen.getByRole('heading', { name: 'Not available' })).toBeTruthy();
  });

  test('the header names who is signed in and links to their account', () => {
    renderAs('analyst', ['svc_view_analytics']);
    const link = screen.getByRole('link', { name: 'My account: k' });
    expect(link.getAttribute('href')).toBe('#/account');
    expect(link.getAttribute('title')).toBe('key tgk_12345678… · may: svc_view_analytics');
  });

  test('every role has My connections in the header, at the address the MCP answer links to', async () => {
    window.location.hash = '#/connections';
    renderAs('no role', []);
    const link = screen.getByRole('link', { name: 'My connections' });
    expect(link.getAttribute('href')).toBe('#/connections');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: 'My connections' })).toBeTruthy();
  });

  test('a person with no role yet starts on their account, with Approvals and Health in the nav', async () => {
    expect(renderAs('no role', [])).toEqual(['Approvals', 'Health']);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
  });

  test('a page that is not available offers the way to the dashboard', () => {
    window.location.hash = '#/keys';
    renderAs('analyst', ['svc_view_analytics']);
    const link = screen.getByRole('link', { name: 'Go to the dashboard' });
    expect(link.getAttribute('href')).toBe('#/');
  });
});
