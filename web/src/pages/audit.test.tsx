import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AuditEvent } from '../api/types.ts';
import { routeFetch } from '../test-fetch.ts';
import { aGroup, aUser } from '../test-people.ts';
import { Audit } from './audit.tsx';

const ADA = '0b7c9e52-1d2e-4f30-8a41-5b6c7d8e9f00';
const BEA = '7d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e';
const PETS = '5f4a3c2b-1e0d-4c9b-8a7f-6e5d4c3b2a10';
const OPS = 'eba1abe9-9793-41e6-bffd-ab878e58f92b';
const pets = { uuid: PETS, name: 'Pet store', slug: 'pets' };
const weather = { uuid: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Weather', slug: 'weather' };

const H = {
  a: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  b: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  c: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
};

const userCreated: AuditEvent = {
  id: 41,
  at: '2026-11-28T09:00:00.000Z',
  actor_kind: 'user',
  actor_id: ADA,
  actor_name: 'Ada Admin',
  action: 'user.created',
  target_kind: 'user',
  target_id: BEA,
  server_uuid: null,
  tool: null,
  arguments: null,
  decision: null,
  policy_ids: null,
  detail: { email: 'bea@example.com', role: 'analyst' },
  prev_hash: H.a,
  hash: H.b,
};
const forbid: AuditEvent = {
  id: 42,
  at: '2026-11-28T10:15:00.000Z',
  actor_kind: 'mcp',
  actor_id: BEA,
  actor_name: `user ${BEA}`,
  action: 'policy.forbid',
  target_kind: 'call_tool',
  target_id: 'delete_pet',
  server_uuid: PETS,
  tool: 'delete_pet',
  arguments: { petId: 7, api_key: '[redacted]' },
  decision: 'forbid',
  policy_ids: ['no-deletes', 'no-deletes#2'],
  detail: { reason: 'pets are never deleted through MCP' },
  prev_hash: H.b,
  hash: H.c,
};
const policyUpdated: AuditEvent = {
  ...userCreated,
  id: 43,
  at: '2026-11-28T11:00:00.000Z',
  action: 'policy.updated',
  target_kind: 'policy',
  target_id: 'c4d5e6f7-0000-4000-8000-0000000000aa',
  server_uuid: PETS,
  detail: { name: 'no-deletes', version: 2, text: 'forbid(principal, action, resource);' },
  prev_hash: H.c,
  hash: H.a,
};
const groupCreated: AuditEvent = {
  ...userCreated,
  id: 44,
  action: 'group.created',
  target_kind: 'group',
  target_id: OPS,
  detail: { name: 'Ops', role: 'editor' },
};

const common = {
  'GET /servers?per_page=100': { body: [pets, weather] },
  'GET /groups?per_page=100': { body: [aGroup({ id: OPS, name: 'Ops' })] },
  'GET /users?per_page=100': {
    body: [aUser({ id: ADA, email: 'ada@example.com' }), aUser({ id: BEA, email: 'bea@example.com' })],
  },
};
const page = (items: AuditEvent[], total = items.length) => ({
  body: items,
  headers: { 'X-Svc-Total': String(total), 'X-Svc-TotalPages': String(Math.ceil(total / 25) || 1) },
});

beforeEach(() => window.history.replaceState(null, '', '#/audit'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cells = (row: HTMLElement) => [...row.children].map((c) => c.textContent);

describe('Audit log', () => {
  test('lists the events newest first: time, actor, action, target by e-mail or name, tool and server, decision, policies', async () => {
    const sent = routeFetch({
      ...common,
      'GET /audit?page=1&per_page=25': page([groupCreated, policyUpdated, forbid, userCreated], 60),
    });
    render(<Audit />);
    const table = await screen.findByTestId('audit-events');
    await screen.findByText('user bea@example.com');
    await screen.findByText('group Ops');
    const [, , policy, first, second] = within(table).getAllByRole('row');
    // A policy by the name its event records; the server of a change without a tool alone.
    expect(cells(policy!).slice(1, 5)).toEqual([
      'Ada Admin user',
      'policy.updatedAda Admin',
      'policy no-deletes',
      'Pet store',
    ]);
    expect(cells(first!).slice(1)).toEqual([
      `user ${BEA} mcp`,
      `policy.forbiduser ${BEA}`,
      'call_tool delete_pet',
      'delete_petPet store',
      'forbid',
      'no-deletesno-deletes#2',
      'Details',
    ]);
    expect(first!.children[0]?.textContent).toBe(new Date(forbid.at).toLocaleString());
    expect(cells(second!).slice(1)).toEqual([
      'Ada Admin user',
      'user.createdAda Admin',
      'user bea@example.com',
      '—',
      '—',
      '—',
      'Details',
    ]);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain(
      'Page 1 of 3 · 60 in all',
    );
    expect(sent.filter((s) => s.path.startsWith('/audit'))).toHaveLength(1);
  });

  test('the filters go to the API, into the address and into the export link; from after to is refused in place', async () => {
    const sent = routeFetch({
      ...common,
      'GET /audit?page=1&per_page=25': page([forbid, userCreated]),
      'GET /audit?action=policy.&page=1&per_page=25': page([forbid]),
      'GET /audit?action=policy.&server=5f4a3c2b-1e0d-4c9b-8a7f-6e5d4c3b2a10&page=1&per_page=25': page([
        forbid,
      ]),
      'GET /audit?action=policy.&server=5f4a3c2b-1e0d-4c9b-8a7f-6e5d4c3b2a10&decision=forbid&page=1&per_page=25':
        page([forbid]),
      'GET /audit?action=policy.&server=5f4a3c2b-1e0d-4c9b-8a7f-6e5d4c3b2a10&decision=forbid&from=2026-11-28&page=1&per_page=25':
        page([forbid]),
      'GET /audit?action=policy.&actor=Ada+Admin&server=5f4a3c2b-1e0d-4c9b-8a7f-6e5d4c3b2a10&decision=forbid&from=2026-11-28&to=2026-11-28&page=1&per_page=25':
        page([]),
    });
    render(<Audit />);
    await screen.findByRole('option', { name: 'Pet store' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'policy.' } });
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: PETS } });
    fireEvent.change(screen.getByLabelText('Decision'), { target: { value: 'forbid' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-28' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-27' } });
    expect(await screen.findByText('must not be before from')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((s) => s.path.includes('to=2026-11-27'))).toBe(false);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: 'Ada Admin' } });
    expect(await screen.findByText('No audit events match these filters.')).toBeTruthy();
    const filters = `action=policy.&actor=Ada+Admin&server=${PETS}&decision=forbid&from=2026-11-28&to=2026-11-28`;
    expect(window.location.hash).toBe(`#/audit?${filters}`);
    expect(screen.getByRole('link', { name: 'Export JSON lines' }).getAttribute('href')).toBe(
      `../api/svc/v1/audit/export?${filters}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(sent.at(-1)?.path).toBe('/audit?page=1&per_page=25'));
    expect(window.location.hash).toBe('#/audit');
  });

  test('a row opens its details: redacted arguments, the detail JSON, prev_hash and hash; Escape closes them', async () => {
    routeFetch({ ...common, 'GET /audit?page=1&per_page=25': page([forbid, userCreated]) });
    render(<Audit />);
    await screen.findByText('user bea@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Details of event 42' }));
    const dialog = screen.getByRole('dialog', { name: 'Audit event 42' });
    expect(window.location.hash).toBe('#/audit?event=42');
    const row = (term: string) =>
      [...dialog.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling
        ?.textContent;
    expect(row('actor')).toBe(`user ${BEA} (mcp)`);
    expect(row('actor id')).toBe(`bea@example.com (${BEA})`);
    expect(row('server')).toBe(`Pet store (${PETS})`);
    expect(row('policies')).toBe('no-deletes, no-deletes#2');
    expect(row('prev_hash')).toBe(H.b);
    expect(row('hash')).toBe(H.c);
    const [args, detail] = [...dialog.querySelectorAll('pre')].map((p) => p.textContent);
    expect(JSON.parse(args!)).toEqual({ petId: 7, api_key: '[redacted]' });
    expect(JSON.parse(detail!)).toEqual({ reason: 'pets are never deleted through MCP' });
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.hash).toBe('#/audit');
  });

  test('an event without arguments says none; a person it acted on is named by e-mail with the UUID', async () => {
    window.history.replaceState(null, '', '#/audit?event=41');
    routeFetch({ ...common, 'GET /audit?page=1&per_page=25': page([forbid, userCreated]) });
    render(<Audit />);
    const dialog = await screen.findByRole('dialog', { name: 'Audit event 41' });
    await within(dialog).findByText(`user bea@example.com (${BEA})`);
    expect(dialog.querySelector('h3 + p')?.textContent).toBe('none');
    expect([...dialog.querySelectorAll('pre')].map((p) => p.textContent)).toEqual([
      '{\n  "email": "bea@example.com",\n  "role": "analyst"\n}',
    ]);
  });

  test('Verify chain says the chain is intact with its row count', async () => {
    routeFetch({
      ...common,
      'GET /audit?page=1&per_page=25': page([forbid]),
      'GET /audit/verify': { body: { ok: true, rows: 1204 } },
    });
    render(<Audit />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect((await screen.findByText(/Chain intact/)).textContent).toBe('Chain intact: 1,204 rows');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('Verify chain shows a broken chain as an alert naming the row and the reason', async () => {
    routeFetch({
      ...common,
      'GET /audit?page=1&per_page=25': page([forbid]),
      'GET /audit/verify': {
        body: { ok: false, broken_at: 57, reason: 'hash does not match the row (a field was changed)' },
      },
    });
    render(<Audit />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    const alert = await screen.findByRole('alert');
    expect(alert.className).toBe('notice notice-error');
    expect(alert.querySelector('strong')?.textContent).toBe(
      'Chain broken at row 57: hash does not match the row (a field was changed)',
    );
    expect(screen.queryByText(/Chain intact/)).toBeNull();
  });

  test('an empty trail says so', async () => {
    routeFetch({ ...common, 'GET /audit?page=1&per_page=25': page([]) });
    render(<Audit />);
    expect(await screen.findByText('No audit events yet.')).toBeTruthy();
    expect(screen.queryByTestId('audit-events')).toBeNull();
  });

  test('Export JSON lines downloads what the filters match through the API client', async () => {
    window.history.replaceState(null, '', '#/audit?action=user.');
    const line = `${JSON.stringify(userCreated)}\n`;
    const sent = routeFetch({
      ...common,
      'GET /audit?action=user.&page=1&per_page=25': page([userCreated]),
      'GET /audit/export?action=user.': { body: line },
    });
    const saved: Blob[] = [];
    // jsdom has no object URLs: the blob the page hands the browser is kept here instead.
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob as Blob);
      return 'blob:audit';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<Audit />);
    await screen.findByTestId('audit-events');
    fireEvent.click(screen.getByRole('link', { name: 'Export JSON lines' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent.at(-1)?.path).toBe('/audit/export?action=user.');
    expect(clicked.mock.contexts.map((a) => (a as HTMLAnchorElement).download)).toEqual([
      `toolgate-audit-${new Date().toISOString().slice(0, 10)}.jsonl`,
    ]);
    // The stub answers JSON: the line arrives as a JSON string.
    expect(JSON.parse(JSON.parse(await saved[0]!.text()))).toEqual(userCreated);
  });
});
