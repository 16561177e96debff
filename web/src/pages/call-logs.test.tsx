import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CallLog, Me } from '../api/types.ts';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { aUser } from '../test-people.ts';
import { CallLogs } from './call-logs.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '#');
});

const call = (id: number, over: Partial<CallLog> = {}): CallLog => ({
  id,
  server_id: 1,
  server_uuid: 's1',
  server_name: 'Pets',
  tool_name: 'get_pets',
  tool_id: 1,
  method: 'tools/call',
  client_name: null,
  client: 'other',
  client_type: 'mcp',
  client_ip: '127.0.0.1',
  session_id: 'sess',
  request_args: { limit: id },
  response_data: null,
  args_tokens: 3,
  result_tokens: 40,
  response_status: 'success',
  http_status: 200,
  response_time_ms: 12,
  error_message: null,
  user_uuid: null,
  oauth_client_id: null,
  policy_ids: null,
  run_id: null,
  created_at: '2026-11-28T06:00:00Z',
  ...over,
});

const ANA = '0b7c9e52-1d2e-4f30-8a41-5b6c7d8e9f00';
const BO = '7d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e';
const GONE = 'f00dbabe-0000-4000-8000-000000000000';

/** Answers by path: the servers list, the users, and the calls (all of them, whatever the filter). */
function stubApi(calls: CallLog[]): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.includes('/servers')
        ? [
            { uuid: 's1', name: 'Pets' },
            { uuid: 's2', name: 'Weather' },
          ]
        : url.includes('/users')
          ? [aUser({ id: ANA }), aUser({ id: BO, email: 'bo@example.com' })]
          : calls;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return urls;
}

const me: Me = { name: 'admin', role: 'administrator', capabilities: ['manage_options'], prefix: 'tg_' };
const analyst: Me = { name: 'analyst', role: 'analyst', capabilities: ['svc_view_analytics'], prefix: 'tg_' };
const renderLogs = (who: Me = me) =>
  render(
    <AuthProvider auth={makeAuth(who, () => undefined)}>
      <CallLogs />
    </AuthProvider>,
  );

describe('CallLogs', () => {
  // The API names a family for every call (`other` when it knows none), so the transport never shows.
  test('shows the client by name, then its family', async () => {
    stubApi([
      call(1, { client_name: 'claude-code', client: 'claude' }),
      call(2, { client: 'cursor' }),
      call(3),
    ]);
    renderLogs();
    const table = await screen.findByTestId('call-logs');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.children[5]?.textContent)).toEqual(['claude-code', 'cursor', 'other']);
  });

  test('Details opens a dialog that takes focus and closes with Escape, giving focus back', async () => {
    stubApi([call(7, { client_name: 'e2e-sdk-client' })]);
    renderLogs();
    const details = await screen.findByRole('button', { name: 'Details' });
    details.focus();
    fireEvent.click(details);
    const dialog = screen.getByRole('dialog', { name: 'Call 7' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog.textContent).toContain('e2e-sdk-client');
    expect(dialog.textContent).toContain('"limit": 7');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(details);
  });

  test("a program run: its rows carry a run badge; its details name the run and list the run's calls, filtered by run_id in the URL", async () => {
    const RUN = '3f2a1b4c-5d6e-4f70-8a91-b2c3d4e5f607';
    const urls = stubApi([
      call(21, { tool_name: 'execute', run_id: RUN, request_args: { code: 'const a = 1;\nreturn a;' } }),
      call(20, { method: 'tools/call via execute', run_id: RUN }),
      call(19),
    ]);
    window.history.replaceState(null, '', '#/logs?status=success');
    renderLogs();
    const table = await screen.findByTestId('call-logs');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryByText('run')?.className ?? null)).toEqual([
      'badge badge-run',
      'badge badge-run',
      null,
    ]);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Call 21' });
    expect(within(dialog).getByTestId('run-line').textContent).toBe(
      "run Program run 3f2a1b4c: the program the model sent to execute. Show the run's calls",
    );
    expect(within(dialog).getByTitle(RUN).textContent).toBe('3f2a1b4c');
    expect(within(dialog).getByRole('heading', { name: 'Program' })).toBeTruthy();
    expect(dialog.querySelector('pre')?.textContent).toBe('const a = 1;\nreturn a;');
    fireEvent.click(within(dialog).getByRole('button', { name: "Show the run's calls" }));
    // The run's calls, whatever else was filtered: the list asks the API for run_id only.
    await waitFor(() => expect(urls.some((u) => u.includes(`run_id=${RUN}`))).toBe(true));
    const asked = new URLSearchParams(urls.findLast((u) => u.includes('/analytics/calls'))?.split('?')[1]);
    expect([asked.get('run_id'), asked.get('status')]).toEqual([RUN, null]);
    expect(window.location.hash).toBe(`#/logs?run_id=${RUN}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('The calls of program run 3f2a1b4c');

    // An api call of the run, opened from the run's list: named as such, and no button to the list it is in.
    const listed = within(await screen.findByTestId('call-logs')).getAllByRole('row');
    fireEvent.click(within(listed[2] as HTMLElement).getByRole('button', { name: 'Details' }));
    const apiCall = screen.getByRole('dialog', { name: 'Call 20' });
    expect(within(apiCall).getByTestId('run-line').textContent).toBe(
      'run Program run 3f2a1b4c: one api call of its program. ',
    );
    expect(within(apiCall).queryByRole('button', { name: "Show the run's calls" })).toBeNull();
    expect(within(apiCall).getByRole('heading', { name: 'Arguments (secrets redacted)' })).toBeTruthy();
    fireEvent.click(within(apiCall).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Show all calls' }));
    await waitFor(() => expect(window.location.hash).not.toContain('run_id'));
  });

  test('a call outside any run has no run line', async () => {
    stubApi([call(7)]);
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    expect(within(screen.getByRole('dialog', { name: 'Call 7' })).queryByTestId('run-line')).toBeNull();
  });

  test('the Close button closes the details', async () => {
    stubApi([call(8)]);
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('changing the server filter closes the open details', async () => {
    const urls = stubApi([call(9)]);
    renderLogs();
    await screen.findByRole('option', { name: 'Weather' });
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    expect(screen.getByRole('dialog', { name: 'Call 9' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 's2' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(urls.some((u) => u.includes('server_id=s2'))).toBe(true));
  });

  test('the delete-by-filter confirmation names the server, not its UUID', async () => {
    stubApi([call(10)]);
    renderLogs();
    await screen.findByRole('option', { name: 'Weather' });
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 's2' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all 1 matching…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 1 call log(s)?' });
    expect(dialog.textContent).toContain('Every call matching server = Weather is removed');
    expect(dialog.textContent).not.toContain('s2');
  });

  test('filters and the open call are kept in the URL, and a reload opens the same details', async () => {
    window.history.replaceState(null, '', '#/logs');
    const urls = stubApi([call(11), call(12)]);
    const first = renderLogs();
    await screen.findByRole('option', { name: 'Weather' });
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 's2' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'error' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'pets' } });
    await waitFor(() => expect(urls.at(-1)).toMatch(/search=pets/));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Details' }))[1]!);
    expect(window.location.hash).toBe('#/logs?search=pets&server_id=s2&status=error&call=12');
    first.unmount();

    // The same address in a new tab (or a reload): the filters are set and call 12 is open.
    renderLogs();
    expect(await screen.findByRole('dialog', { name: 'Call 12' })).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('pets');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('error');
    await waitFor(() =>
      expect(urls.at(-1)).toMatch(/analytics\/calls\?search=pets&server_id=s2&status=error&page=1/),
    );
  });

  test('Back closes the details it opened and returns to the filters before', async () => {
    window.history.replaceState(null, '', '#/logs?status=success');
    stubApi([call(13)]);
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    expect(window.location.hash).toBe('#/logs?status=success&call=13');
    // What the browser does on Back: the earlier address, then hashchange.
    window.history.replaceState(null, '', '#/logs?status=success');
    fireEvent(window, new HashChangeEvent('hashchange'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    window.history.replaceState(null, '', '#/logs');
    fireEvent(window, new HashChangeEvent('hashchange'));
    await waitFor(() => expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe(''));
  });

  test('a call that is not on the page of results says so instead of opening nothing', async () => {
    window.history.replaceState(null, '', '#/logs?call=99');
    stubApi([call(14)]);
    renderLogs();
    await screen.findByText(/Call 99 is not on this page of results\./);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(window.location.hash).toBe('#/logs');
  });

  test('the Person column names each signed-in person by e-mail, reading /users once for the page', async () => {
    const urls = stubApi([
      call(20, { user_uuid: ANA, oauth_client_id: 'https://claude.ai/oauth/mcp-oauth-client-metadata' }),
      call(21, { user_uuid: GONE }),
      call(22),
    ]);
    renderLogs();
    const table = await screen.findByTestId('call-logs');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.children[3]?.textContent),
      ).toEqual(['ana@example.com', 'f00dbabe', '—']),
    );
    // On a phone (the column hidden), the person is the tool cell's second line.
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.children[4]?.querySelector('.only-phone')?.textContent ?? null),
    ).toEqual(['ana@example.com', 'f00dbabe', null]);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'error' } });
    await waitFor(() => expect(urls.at(-1)).toMatch(/status=error/));
    expect(urls.filter((u) => u.includes('/users'))).toEqual(['../api/svc/v1/users?per_page=100']);

    fireEvent.click(within(table).getAllByRole('button', { name: 'Details' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Call 20' });
    const row = (term: string) =>
      [...dialog.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling
        ?.textContent;
    expect(row('person')).toBe(`ana@example.com (${ANA})`);
    expect(row('OAuth client')).toBe('https://claude.ai/oauth/mcp-oauth-client-metadata');
  });

  test('an administrator filters by person from a list of users; the filter sends user_id and names them on delete', async () => {
    const urls = stubApi([call(23, { user_uuid: BO })]);
    renderLogs();
    const person = (await screen.findByRole('option', { name: 'bo@example.com' })).closest('select')!;
    expect([...person.options].map((o) => o.textContent)).toEqual([
      'anyone',
      'ana@example.com',
      'bo@example.com',
    ]);
    fireEvent.change(person, { target: { value: BO } });
    await waitFor(() => expect(urls.at(-1)).toContain(`user_id=${BO}`));
    expect(window.location.hash).toContain(`user_id=${BO}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all 1 matching…' }));
    expect(screen.getByRole('dialog', { name: 'Delete 1 call log(s)?' }).textContent).toContain(
      'Every call matching person = bo@example.com is removed',
    );
  });

  test('an analyst sees short UUIDs and types a UUID to filter, without asking for /users', async () => {
    const urls = stubApi([call(24, { user_uuid: ANA })]);
    renderLogs(analyst);
    const table = await screen.findByTestId('call-logs');
    expect(within(table).getAllByRole('row')[1]?.children[2]?.textContent).toBe('0b7c9e52');
    const person = screen.getByLabelText('Person') as HTMLInputElement;
    expect(person.tagName).toBe('INPUT');
    fireEvent.change(person, { target: { value: 'ana@example.com' } });
    expect(await screen.findByText('a user UUID')).toBeTruthy();
    fireEvent.change(person, { target: { value: ANA } });
    await waitFor(() => expect(urls.at(-1)).toContain(`user_id=${ANA}`));
    expect(urls.some((u) => u.includes('/users'))).toBe(false);
  });
});
