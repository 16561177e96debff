import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubFetch } from '../test-fetch.ts';
import { aGroup, aUser } from '../test-people.ts';
import { GroupPage } from './group-page.tsx';
import { Groups } from './groups.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('Groups', () => {
  test('lists each group with its role and identity-provider group', async () => {
    stubFetch({ body: [aGroup(), aGroup({ id: 'g-2', name: 'Readers', role: null, idp_group: null })] });
    render(<Groups />);
    const row = (await screen.findByRole('link', { name: 'Readers' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Readers', 'none', '—']);
    expect(screen.getByRole('link', { name: 'Ops' }).getAttribute('href')).toBe('#/groups/g-1');
  });

  test('an empty gateway offers the first group; a group needs a name', async () => {
    const sent = stubFetch({ body: [] });
    render(<Groups />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create the first group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByRole('link', { name: 'Name: required' })).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('creates a group with a role and an identity-provider group, then opens it', async () => {
    const sent = stubFetch({ body: [] }, { status: 201, body: aGroup({ id: 'g-9' }) });
    render(<Groups />);
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: ' Ops ' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'editor' } });
    fireEvent.change(screen.getByLabelText('Identity-provider group'), { target: { value: 'toolgate-ops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(window.location.hash).toBe('#/groups/g-9'));
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '../api/svc/v1/groups',
      body: { name: 'Ops', role: 'editor', idp_group: 'toolgate-ops' },
    });
  });
});

describe('a group page', () => {
  const ana = aUser({ groups: [{ id: 'g-1', name: 'Ops' }] });
  const bo = aUser({ id: 'u-2', email: 'bo@example.com', display_name: '' });

  test('ticks the members and replaces the member list on Save', async () => {
    const sent = stubFetch(
      { body: aGroup({ members: [{ id: ana.id, email: ana.email, display_name: 'Ana' }] }) },
      { body: [ana, bo] },
      { status: 204 },
      { body: [ana, bo] },
    );
    render(<GroupPage id="g-1" />);
    const anaBox = (await screen.findByRole('checkbox', { name: /Ana/ })) as HTMLInputElement;
    // The users list is a second fetch: the members can render before it arrives.
    const boBox = (await screen.findByRole('checkbox', { name: 'bo@example.com' })) as HTMLInputElement;
    expect([anaBox.checked, boBox.checked]).toEqual([true, false]);
    fireEvent.click(boBox);
    fireEvent.click(anaBox);
    fireEvent.click(screen.getByRole('button', { name: 'Save members' }));
    expect(await screen.findByText('Saved: 1 member(s).')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
      url: '../api/svc/v1/groups/g-1/members',
      body: { user_ids: ['u-2'] },
    });
  });

  test('a member beyond the first 100 users is listed and kept when another is added', async () => {
    const far = { id: 'u-200', email: 'far@example.com', display_name: 'Far' };
    const sent = stubFetch(
      { body: aGroup({ members: [far] }) },
      { body: [bo], headers: { 'X-Svc-Total': '200', 'X-Svc-TotalPages': '2' } },
      { status: 204 },
      { body: [bo] },
    );
    render(<GroupPage id="g-1" />);
    expect(((await screen.findByRole('checkbox', { name: /Far/ })) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Showing the first 1 of 200 users and every member.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'bo@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save members' }));
    await screen.findByText('Saved: 2 member(s).');
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ user_ids: ['u-200', 'u-2'] });
  });

  test('saves only what changed; an emptied identity-provider group is sent as null', async () => {
    const sent = stubFetch(
      { body: aGroup() },
      { body: [] },
      { body: aGroup({ idp_group: null }) },
      { body: aGroup() },
    );
    render(<GroupPage id="g-1" />);
    fireEvent.change(await screen.findByLabelText('Identity-provider group'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save group' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '../api/svc/v1/groups/g-1',
      body: { idp_group: null },
    });
  });

  test('deletes the group after saying what its members lose', async () => {
    window.location.hash = '#/groups/g-1';
    const sent = stubFetch({ body: aGroup() }, { body: [] }, { status: 204 });
    render(<GroupPage id="g-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete group…' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/lose the editor role the group gave them/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(window.location.hash).toBe('#/groups'));
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: '../api/svc/v1/groups/g-1' });
  });
});
