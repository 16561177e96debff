import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Approval, Me } from '../api/types.ts';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { routeFetch } from '../test-fetch.ts';
import { aUser } from '../test-people.ts';
import { Approvals, REFRESH_MS } from './approvals.tsx';

const ANA = { uuid: '0b7c9e52-1d2e-4f30-8a41-5b6c7d8e9f00', email: 'ana@example.com', display_name: 'Ana' };
const BO = { uuid: '7d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e', email: 'bo@example.com', display_name: 'Bo Berg' };
const MINUTE = 60_000;

/** Bo asks to refund 900 at Billing; Ana is in the approver group and may decide. */
const refund = (over: Partial<Approval> = {}): Approval => ({
  id: '3f0c2a1b-5d4e-4f6a-9b8c-7d6e5f4a3b2c',
  status: 'pending',
  server: { id: 3, uuid: 'c0ffee00-0000-4000-8000-000000000003', slug: 'billing', name: 'Billing' },
  tool: { slug: 'create_refund', name: 'Create refund' },
  caller: BO,
  approver_group: { uuid: 'a1b2c3d4-0000-4000-8000-00000000000f', name: 'Finance approvers' },
  reason: 'refunds above 500 need a second look',
  policy_ids: ['big-refunds-approve'],
  arguments: { amount: 900, charge: 'ch_3PXb', api_key: '[redacted]' },
  created_at: new Date(Date.now() - MINUTE).toISOString(),
  // 4½ minutes left: "in 4 minutes".
  expires_at: new Date(Date.now() + 4.5 * MINUTE).toISOString(),
  decided_at: null,
  decided_by: null,
  note: null,
  used_at: null,
  can_decide: true,
  ...over,
});
/** Ana's own call waiting for someone else. */
const ownCall = refund({
  id: '9e8d7c6b-5a49-4382-9716-05f4e3d2c1b0',
  tool: { slug: 'delete_invoice', name: 'Delete invoice' },
  caller: ANA,
  reason: 'deleting an invoice needs finance',
  arguments: { invoice: 'in_1042' },
  can_decide: false,
});

const PENDING = 'GET /approvals?status=pending&page=1&per_page=25';
const list = (items: Approval[]) => ({
  body: items,
  headers: { 'X-Svc-Total': String(items.length), 'X-Svc-TotalPages': '1' },
});

const ana: Me = { name: 'Ana', role: 'editor', capabilities: ['svc_manage_servers'], prefix: '' };
const renderAsAna = () =>
  render(
    <AuthProvider
      auth={makeAuth(ana, () => undefined, {
        via: 'session',
        user: aUser({ id: ANA.uuid, email: ANA.email, role: 'editor' }),
      })}
    >
      <Approvals />
    </AuthProvider>,
  );

const card = (name: RegExp) => screen.getByRole('article', { name });
const fact = (article: HTMLElement, term: string) =>
  [...article.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;

beforeEach(() => window.history.replaceState(null, '', '#/approvals'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Approvals', () => {
  test('a pending call shows tool and server, who asks, the reason, the arguments and when it expires; only a decider gets the buttons', async () => {
    const sent = routeFetch({ [PENDING]: list([refund(), ownCall]) });
    renderAsAna();
    await screen.findByTestId('approvals');
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([PENDING]);

    const theirs = card(/^Create refund on Billing$/);
    expect(within(theirs).getByText('pending').className).toBe('badge badge-warn');
    expect(within(theirs).getByText('refunds above 500 need a second look')).toBeTruthy();
    expect(fact(theirs, 'Asked by')).toBe('Bo Berg (bo@example.com)');
    expect(fact(theirs, 'Approvers')).toBe('Finance approvers');
    expect(fact(theirs, 'Expires')).toBe('in 4 minutes');
    expect(fact(theirs, 'Policies')).toBe('big-refunds-approve');
    expect(JSON.parse(theirs.querySelector('pre')?.textContent ?? '')).toEqual({
      amount: 900,
      charge: 'ch_3PXb',
      api_key: '[redacted]',
    });
    expect(within(theirs).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(theirs).getByRole('button', { name: 'Deny' })).toBeTruthy();

    const mine = card(/^Delete invoice on Billing$/);
    expect(fact(mine, 'Asked by')).toBe('you (Ana (ana@example.com))');
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(within(mine).getByText('Waiting for someone in Finance approvers to decide.')).toBeTruthy();
  });

  // Both decisions open a small dialog that takes an optional note: "Deny call" / "Approve call" send it.
  test('Deny asks for an optional note, sends it, and the card shows the decision where it stood, also after the refresh', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const denied = refund({
      status: 'denied',
      decided_at: new Date().toISOString(),
      decided_by: ANA,
      note: 'the charge was already refunded',
      can_decide: false,
    });
    let pending = [refund(), ownCall];
    const sent = routeFetch({
      [PENDING]: () => list(pending),
      [`POST /approvals/${refund().id}/deny`]: () => {
        pending = [ownCall];
        return { body: denied };
      },
    });
    renderAsAna();
    await screen.findByTestId('approvals');
    fireEvent.click(within(card(/^Create refund/)).getByRole('button', { name: 'Deny' }));
    const dialog = screen.getByRole('dialog', { name: 'Deny Create refund on Billing?' });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: '  the charge was already refunded ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny call' }));

    expect((await screen.findByRole('status')).textContent).toBe('Denied: Create refund on Billing.');
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: `/approvals/${refund().id}/deny`,
      body: { note: 'the charge was already refunded' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const decided = card(/^Create refund/);
    expect(within(decided).getByText('denied').className).toBe('badge badge-error');
    expect(fact(decided, 'Decided by')).toBe('Ana (ana@example.com)');
    expect(fact(decided, 'Note')).toBe('the charge was already refunded');
    expect(within(decided).queryByRole('button', { name: 'Approve' })).toBeNull();

    // The pending list no longer holds it; the card stays first, where it was decided.
    act(() => vi.advanceTimersByTime(REFRESH_MS));
    await waitFor(() => expect(sent.filter((s) => s.path.startsWith('/approvals?'))).toHaveLength(2));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-status'))).toEqual([
      'denied',
      'pending',
    ]);
  });

  test('Approve without a note sends an empty body and shows the call as approved, not made yet', async () => {
    const sent = routeFetch({
      [PENDING]: list([refund()]),
      [`POST /approvals/${refund().id}/approve`]: {
        body: refund({
          status: 'approved',
          decided_at: new Date().toISOString(),
          decided_by: ANA,
          can_decide: false,
        }),
      },
    });
    renderAsAna();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Create refund on Billing?' });
    const confirm = within(dialog).getByRole('button', { name: 'Approve call' });
    expect(confirm.className).toBe('btn btn-primary');
    fireEvent.click(confirm);
    expect((await screen.findByRole('status')).textContent).toBe('Approved: Create refund on Billing.');
    expect(sent.at(-1)?.body).toEqual({});
    const approved = card(/^Create refund/);
    expect(within(approved).getByText('approved').className).toBe('badge badge-active');
    expect(fact(approved, 'Call made')).toBe('not yet');
  });

  test('a call decided meanwhile (409) is said in the dialog, and the list is read again', async () => {
    const sent = routeFetch({
      [PENDING]: list([refund()]),
      [`POST /approvals/${refund().id}/approve`]: {
        status: 409,
        body: {
          code: 'rest_conflict',
          message: 'This approval was already decided.',
          data: { status: 409 },
        },
      },
    });
    renderAsAna();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve call' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toBe('This approval was already decided. (409 rest_conflict)');
    await waitFor(() => expect(sent.filter((s) => s.path === PENDING.slice(4))).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the pending list is read every 5 s; another status is read once and kept in the address', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sent = routeFetch({
      [PENDING]: list([refund()]),
      'GET /approvals?status=denied&page=1&per_page=25': list([]),
    });
    renderAsAna();
    await screen.findByTestId('approvals');
    act(() => vi.advanceTimersByTime(REFRESH_MS));
    await waitFor(() => expect(sent).toHaveLength(2));
    act(() => vi.advanceTimersByTime(REFRESH_MS));
    await waitFor(() => expect(sent).toHaveLength(3));

    fireEvent.click(screen.getByRole('radio', { name: 'Denied' }));
    expect(await screen.findByText('No denied approvals.')).toBeTruthy();
    expect(window.location.hash).toBe('#/approvals?status=denied');
    act(() => vi.advanceTimersByTime(3 * REFRESH_MS));
    expect(sent.map((s) => s.path.split('&')[0])).toEqual([
      '/approvals?status=pending',
      '/approvals?status=pending',
      '/approvals?status=pending',
      '/approvals?status=denied',
    ]);
  });

  test('nothing pending says so', async () => {
    routeFetch({ [PENDING]: list([]) });
    renderAsAna();
    expect(await screen.findByText('Nothing waits for a decision.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Pending' }) as HTMLInputElement).checked).toBe(true);
  });

  test('a call made with the server’s shared identity names no person', async () => {
    window.history.replaceState(null, '', '#/approvals?status=all');
    routeFetch({
      'GET /approvals?status=all&page=1&per_page=25': list([
        refund({
          caller: null,
          status: 'expired',
          expires_at: '2026-11-28T10:00:00.000Z',
          can_decide: false,
        }),
      ]),
    });
    renderAsAna();
    await screen.findByTestId('approvals');
    const expired = card(/^Create refund/);
    expect(fact(expired, 'Asked by')).toBe('the server’s shared identity (no signed-in person)');
    expect(fact(expired, 'Expired')).toBe(new Date('2026-11-28T10:00:00.000Z').toLocaleString());
    expect(within(expired).queryByRole('button')).toBeNull();
  });
});
