import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server, Tool } from '../api/types.ts';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { routeFetch, stubFetch } from '../test-fetch.ts';
import { ServerFormView } from './server-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(server?: Server) {
  const saved = vi.fn();
  render(
    <AuthProvider
      auth={makeAuth(
        { name: 'a', role: 'administrator', capabilities: ['manage_options'], prefix: 'tg_' },
        () => {},
      )}
    >
      <ServerFormView server={server} onSaved={saved} />
    </AuthProvider>,
  );
  return saved;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const SHOP = {
  uuid: 'u1',
  name: 'Shop',
  settings: { code: { writes: 'listed', write_tools: ['create_refund'], cpu_ms: 500 } },
  status: 'active',
  auth_type: 'none',
  auth_config: null,
  access_list: null,
  outbound_auth_type: 'none',
  rate_limit_per_min: 60,
  has_test_credentials: false,
  tool_exposure: 'code',
  tools_list_tokens: { all: 9_120, current: 610, mode: 'code' },
} as unknown as Server;

const tool = (slug: string, http_method: string, extra: Partial<Tool> = {}) =>
  ({
    slug,
    name: slug.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    http_method,
    status: 'active',
    risk: null,
    annotations: null,
    ...extra,
  }) as Tool;

const TOOLS = [
  tool('list_orders', 'GET'),
  tool('create_refund', 'POST'),
  tool('delete_customer', 'DELETE'),
  tool('search_orders', 'POST', { annotations: { readOnlyHint: true } }),
  tool('export_orders', 'GET', { risk: 'write', status: 'draft' }),
];

describe('code mode in the server form', () => {
  test('a new server: the section appears with Code mode; the picker only for "Reads and these writes"; bad limits are refused', async () => {
    const sent = stubFetch({ status: 201, body: { ...SHOP, settings: {} } });
    const saved = renderForm();
    expect(screen.queryByTestId('code-mode')).toBeNull();
    type('Name *', 'Shop');
    const exposure = screen.getByLabelText('Tool exposure') as HTMLSelectElement;
    expect([...exposure.options].map((o) => o.textContent)).toEqual([
      'Auto',
      'All tools',
      'Discovery',
      'Code mode',
    ]);
    type('Tool exposure', 'code');
    expect(document.getElementById(exposure.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^the model writes a program against the tools \(TypeScript\), run in a sandbox/,
    );
    const section = screen.getByTestId('code-mode');
    expect((within(section).getByLabelText('Reads only') as HTMLInputElement).checked).toBe(true);
    expect(within(section).queryByText(/Writes programs may make/)).toBeNull();
    fireEvent.click(within(section).getByLabelText('Reads and these writes'));
    expect(within(section).getByText(/Writes programs may make/)).toBeTruthy();
    expect(section.textContent).toContain('A new server has no tools yet');
    fireEvent.click(within(section).getByLabelText('Everything'));
    expect(within(section).queryByText(/Writes programs may make/)).toBeNull();
    fireEvent.click(within(section).getByLabelText('Reads and these writes'));

    expect((screen.getByLabelText('Wall time (ms)') as HTMLInputElement).placeholder).toBe('30000');
    type('CPU time (ms)', '90000');
    type('Memory (MiB)', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect(screen.getByLabelText('CPU time (ms)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be at most 60000')).toBeTruthy();
    expect(screen.getByText('must be at least 16')).toBeTruthy();
    expect(screen.getByText('pick at least one tool, or choose Reads only')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(within(section).getByLabelText('Everything'));
    type('CPU time (ms)', '2000');
    type('Memory (MiB)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const body = sent[0]?.body as { tool_exposure?: string; settings?: unknown } | undefined;
    expect(body?.tool_exposure).toBe('code');
    expect(body?.settings).toEqual({ code: { writes: 'all', cpu_ms: 2000 } });
  });

  test('a stored server: the picker lists its tools that are not reads, ticked as stored; a save sends settings.code and nothing else', async () => {
    const sent = routeFetch({
      'GET /servers/u1/tools?page=1&per_page=100': { body: TOOLS, headers: { 'X-Svc-TotalPages': '1' } },
      'PATCH /servers/u1': (body) => ({ body: { ...SHOP, settings: body as Server['settings'] } }),
    });
    const saved = renderForm(SHOP);
    const exposure = screen.getByLabelText('Tool exposure');
    expect(document.getElementById(exposure.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'tools/list ≈ 610 tokens now (code mode: four tools); 9,120 with every tool',
    );
    const picker = await screen.findByRole('group', { name: 'Writes programs may make' });
    const boxes = within(picker).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.closest('label')?.textContent, b.checked])).toEqual([
      ['Create refund POST · create_refund', true],
      ['Delete customer DELETE · delete_customer', false],
      ['Export orders GET · export_orders · draft', false],
    ]);
    expect(screen.getByText('(1 chosen)')).toBeTruthy();
    fireEvent.click(within(picker).getByRole('checkbox', { name: /Delete customer/ }));
    expect(screen.getByText('(2 chosen)')).toBeTruthy();
    type('Wall time (ms)', '5000');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      {
        settings: {
          code: {
            writes: 'listed',
            write_tools: ['create_refund', 'delete_customer'],
            cpu_ms: 500,
            wall_ms: 5000,
          },
        },
      },
    ]);
  });

  test('a stored server saved without a change in code mode sends no settings', async () => {
    const sent = routeFetch({
      'GET /servers/u1/tools?page=1&per_page=100': { body: TOOLS },
      'PATCH /servers/u1': { body: SHOP },
    });
    const saved = renderForm(SHOP);
    await screen.findByRole('group', { name: 'Writes programs may make' });
    type('Rate limit per minute', '90');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ rate_limit_per_min: 90 });
  });
});
