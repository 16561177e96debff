import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Policy } from '../api/types.ts';
import { routeFetch } from '../test-fetch.ts';
import { Policies } from './policies.tsx';
import { PolicyEditor } from './policy-editor.tsx';

const billing = { uuid: 's-billing', name: 'Billing', slug: 'billing' };
const pets = { uuid: 's-pets', name: 'Pets', slug: 'pets' };

const aPolicy = (over: Partial<Policy> = {}): Policy => ({
  id: 'p1',
  name: 'big-refunds-ask',
  server_id: billing.uuid,
  server_name: 'Billing',
  description: 'Refunds above 500 are confirmed.',
  text: '@ask("caller")\nforbid(principal, action == Action::"call_tool", resource == Tool::"create_refund")\nwhen { context.arguments has amount && context.arguments.amount > 500 };',
  enabled: true,
  version: 2,
  created_by: 'Ada Admin',
  updated_by: 'Ada Admin',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:05:00.000Z',
  ...over,
});
const global = aPolicy({
  id: 'p2',
  name: 'destructive-calls-ask',
  server_id: null,
  server_name: null,
  description: '',
  enabled: false,
  version: 1,
});

const common = {
  'GET /servers?per_page=100': { body: [billing, pets] },
  'GET /users?per_page=100': { body: [{ id: 'u1', email: 'ada@example.com' }] },
  'GET /servers/s-billing/tools?per_page=100': {
    body: [{ uuid: 't1', name: 'Create refund', slug: 'create_refund' }],
  },
};

beforeEach(() => {
  window.location.hash = '';
});
afterEach(() => vi.unstubAllGlobals());

describe('Policies', () => {
  test('lists every policy with its scope, state, version and author, and filters by server', async () => {
    const sent = routeFetch({
      ...common,
      'GET /policies': { body: [aPolicy(), global] },
      'GET /policies?server_id=global': { body: [global] },
    });
    render(<Policies />);
    const table = await screen.findByRole('table', { name: 'Policies' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent));
    expect(rows).toEqual([
      ['big-refunds-askRefunds above 500 are confirmed.', 'Billing', 'enabled', '2'],
      ['destructive-calls-ask', 'All servers', 'disabled', '1'],
    ]);
    expect(within(table).getByRole('link', { name: 'big-refunds-ask' }).getAttribute('href')).toBe(
      '#/policies/p1',
    );
    expect(table.textContent).toContain('Ada Admin');
    await screen.findAllByRole('option', { name: 'Pets' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'global' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'big-refunds-ask' })).toBeNull());
    expect(screen.getByRole('link', { name: 'destructive-calls-ask' })).toBeTruthy();
    expect(sent.filter((s) => s.path.startsWith('/policies')).map((s) => s.path)).toEqual([
      '/policies',
      '/policies?server_id=global',
    ]);
  });

  test('the starter button adds the starter policy for the chosen server', async () => {
    const sent = routeFetch({
      ...common,
      'GET /policies': { body: [] },
      'POST /policies/starter': { status: 201, body: global },
    });
    render(<Policies />);
    await screen.findByText(/No policies yet/);
    await screen.findAllByRole('option', { name: 'Billing' });
    fireEvent.change(screen.getByLabelText('For'), { target: { value: 's-billing' } });
    fireEvent.click(
      screen.getByRole('button', { name: 'Add starter policy: destructive calls ask the caller' }),
    );
    expect(await screen.findByText('Added “destructive-calls-ask” for all servers.')).toBeTruthy();
    expect(sent.find((s) => s.path === '/policies/starter')).toEqual({
      method: 'POST',
      path: '/policies/starter',
      body: { server_id: 's-billing' },
    });
    // the list is read again
    expect(sent.filter((s) => s.method === 'GET' && s.path === '/policies')).toHaveLength(2);
  });

  test('Try it sends the call and shows the decision, reason, deciding policies and risk', async () => {
    const sent = routeFetch({
      ...common,
      'GET /policies': { body: [aPolicy()] },
      'POST /policies/evaluate': {
        body: {
          decision: 'ask',
          policy_ids: ['big-refunds-ask'],
          reason: 'refunds above 500 need a second look',
          risk: 'write',
        },
      },
    });
    render(<Policies />);
    const form = screen.getByRole('form', { name: 'Try it' });
    await within(form).findByRole('option', { name: 'Create refund (create_refund)' });
    await within(form).findByRole('option', { name: 'ada@example.com' });
    fireEvent.change(within(form).getByLabelText('Arguments (JSON)'), { target: { value: '{"amount": ' } });
    expect(within(form).getByLabelText('Arguments (JSON)').getAttribute('aria-invalid')).toBe('true');
    expect((within(form).getByRole('button', { name: 'Decide' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Arguments (JSON)'), {
      target: { value: '{"amount": 900}' },
    });
    fireEvent.change(within(form).getByLabelText('Caller'), { target: { value: 'u1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Decide' }));
    const result = await within(form).findByRole('status');
    expect(within(result).getByText('ask').className).toContain('badge-warn');
    expect(result.textContent).toContain('refunds above 500 need a second look');
    expect(result.textContent).toContain('Decided bybig-refunds-ask');
    expect(result.textContent).toContain('Tool riskwrite');
    expect(sent.find((s) => s.path === '/policies/evaluate')?.body).toEqual({
      server_id: 's-billing',
      tool: 'create_refund',
      arguments: { amount: 900 },
      user_id: 'u1',
    });
  });
});

describe('PolicyEditor', () => {
  const badText =
    'permit(principal, action, resource);\nforbid(principal, action, resource)\n  when { resource.methd == "DELETE" };';

  test('a refused save lists each problem with its line and column and the span marked, in place', async () => {
    routeFetch({
      ...common,
      'POST /policies': {
        status: 400,
        body: {
          code: 'rest_invalid_param',
          message: 'The policy was not saved',
          data: {
            params: { text: '…' },
            problems: [
              // the second statement's offsets count from its own start, as the gateway answers them
              {
                message: 'no-deletes#2: attribute `methd` on entity type `Tool` not found',
                help: 'did you mean `method`?',
                start: 45,
                end: 59,
              },
              { message: 'unexpected token', start: 0, end: 6 },
            ],
          },
        },
      },
    });
    render(<PolicyEditor id="new" />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'no-deletes' } });
    fireEvent.change(screen.getByLabelText('Cedar text *'), { target: { value: badText } });
    fireEvent.click(screen.getByRole('button', { name: 'Create policy' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('strong')?.textContent).toBe('Not saved: 2 problems in the text');
    const items = [...alert.querySelectorAll('li')];
    expect(items[0]?.querySelector('.problem-place')?.textContent).toBe('line 3, col 10: ');
    expect(items[0]?.textContent).toContain('did you mean `method`?');
    expect(items[0]?.querySelector('mark')?.textContent).toBe('resource.methd');
    expect(items[0]?.querySelector('pre')?.textContent).toBe('  when { resource.methd == "DELETE" };');
    expect(items[1]?.querySelector('.problem-place')?.textContent).toBe('line 1, col 1: ');
    expect(items[1]?.querySelector('mark')?.textContent).toBe('permit');
    expect(window.location.hash).toBe('');
  });

  test('a good new policy is created for its server and opens', async () => {
    const sent = routeFetch({
      ...common,
      'POST /policies': { status: 201, body: aPolicy({ id: 'p9', version: 1 }) },
    });
    render(<PolicyEditor id="new" />);
    await screen.findAllByRole('option', { name: 'Billing' });
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'big-refunds-ask' } });
    fireEvent.change(screen.getByLabelText('Scope'), { target: { value: 's-billing' } });
    fireEvent.change(screen.getByLabelText('Cedar text *'), { target: { value: aPolicy().text } });
    fireEvent.click(screen.getByRole('button', { name: 'Create policy' }));
    await waitFor(() => expect(window.location.hash).toBe('#/policies/p9'));
    expect(sent.find((s) => s.method === 'POST' && s.path === '/policies')?.body).toEqual({
      name: 'big-refunds-ask',
      server_id: 's-billing',
      description: '',
      text: aPolicy().text,
      enabled: true,
    });
  });

  test('an existing policy: scope fixed, a save is a new version, old texts and the schema can be shown', async () => {
    const sent = routeFetch({
      ...common,
      'GET /policies/p1': { body: aPolicy() },
      'GET /policies/p1/versions': {
        body: [
          {
            version: 2,
            change: 'updated',
            name: 'big-refunds-ask',
            text: aPolicy().text,
            enabled: true,
            changed_by: 'Ada Admin',
            changed_at: '2026-11-28T10:05:00.000Z',
          },
          {
            version: 1,
            change: 'created',
            name: 'big-refunds-ask',
            text: 'forbid(principal, action, resource);',
            enabled: true,
            changed_by: 'Ada Admin',
            changed_at: '2026-11-28T10:00:00.000Z',
          },
        ],
      },
      'PATCH /policies/p1': (body) => ({ body: { ...aPolicy(), ...(body as object), version: 3 } }),
      'GET /policies/schema?server_id=s-billing': {
        body: { schema: 'entity Tool = { slug: String, risk: String };' },
      },
    });
    render(<PolicyEditor id="p1" />);
    const scope = (await screen.findByLabelText('Scope')) as HTMLSelectElement;
    expect(scope.disabled).toBe(true);
    expect(scope.value).toBe('s-billing');
    fireEvent.click(await screen.findByRole('button', { name: 'Show text of version 1' }));
    expect(screen.getByRole('heading', { name: 'Text of version 1' }).nextElementSibling?.textContent).toBe(
      'forbid(principal, action, resource);',
    );
    fireEvent.click(screen.getByLabelText('Enabled'));
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Saved: version 3.')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({
      name: 'big-refunds-ask',
      description: 'Refunds above 500 are confirmed.',
      text: aPolicy().text,
      enabled: false,
    });
    const details = screen.getByText('Schema').closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText('entity Tool = { slug: String, risk: String };')).toBeTruthy();
  });
});
