import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server, Source, SourceDetail } from '../api/types.ts';
import { routeFetch } from '../test-fetch.ts';
import { Sources } from './sources.tsx';

afterEach(() => vi.unstubAllGlobals());

const SERVER = 'b0000000-0000-4000-8000-000000000001';
const SOURCE = 'd0000000-0000-4000-8000-000000000001';
const PLAN = 'e0000000-0000-4000-8000-000000000001';
const server = { uuid: SERVER, name: 'Pets' } as unknown as Server;
const base = `/servers/${SERVER}/sources`;

const SOURCE_ROW: Source = {
  id: SOURCE,
  server_id: SERVER,
  kind: 'openapi',
  origin: 'url',
  url: 'https://petstore.example.com/openapi.yaml',
  title: 'Swagger Petstore',
  document_version: '1.0.0',
  content_hash: 'abc',
  etag: '"v1"',
  last_modified: null,
  schedule_minutes: 60,
  revision: 1,
  tracked_tools: 6,
  excluded_operations: 1,
  flagged_removed: 0,
  last_checked_at: '2026-11-29T09:00:00.000Z',
  last_check_status: 'not_modified',
  last_check_error: null,
  last_applied_at: '2026-11-28T09:00:00.000Z',
  open_plan_id: null,
  created_at: '2026-11-28T09:00:00.000Z',
  updated_at: '2026-11-28T09:00:00.000Z',
};

const DETAIL: SourceDetail = {
  ...SOURCE_ROW,
  operations: [
    {
      key: 'op:findPets',
      operation_id: 'findPets',
      method: 'GET',
      path: '/pets',
      tool: { id: 't1', slug: 'findPets', name: 'findPets', status: 'active' },
      excluded: false,
      removed_upstream_at: null,
    },
    {
      key: 'op:deletePet',
      operation_id: 'deletePet',
      method: 'DELETE',
      path: '/pets/{}',
      tool: null,
      excluded: true,
      removed_upstream_at: null,
    },
  ],
};

describe('a server’s sources', () => {
  test('lists each tracked document; Check now makes a plan and opens it', async () => {
    const sent = routeFetch({
      [`GET ${base}`]: { body: [SOURCE_ROW] },
      [`POST ${base}/${SOURCE}/check`]: { body: { id: PLAN } },
    });
    render(<Sources server={server} rest={[]} />);
    const table = await screen.findByRole('table', { name: 'Sources of Pets' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Swagger Petstore');
    expect(row.textContent).toContain('https://petstore.example.com/openapi.yaml');
    expect(row.textContent).toContain('hourly');
    expect(row.textContent).toContain('not modified');
    fireEvent.click(within(row).getByRole('button', { name: 'Check now Swagger Petstore' }));
    await waitFor(() =>
      expect(window.location.hash).toBe(`#/servers/${SERVER}/sources/${SOURCE}/plans/${PLAN}`),
    );
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`GET ${base}`, `POST ${base}/${SOURCE}/check`]);
  });

  test('says where tracked sources come from when there are none', async () => {
    routeFetch({ [`GET ${base}`]: { body: [] } });
    render(<Sources server={server} rest={[]} />);
    expect((await screen.findByText(/No tracked source yet/)).textContent).toMatch(/Import/);
  });

  test('one source: its operations, and a schedule saved', async () => {
    const sent = routeFetch({
      [`GET ${base}/${SOURCE}`]: { body: DETAIL },
      [`PATCH ${base}/${SOURCE}`]: { body: { ...DETAIL, schedule_minutes: 1440 } },
    });
    render(<Sources server={server} rest={[SOURCE]} />);
    const ops = await screen.findByRole('table', { name: 'Operations of Swagger Petstore' });
    expect(
      within(ops)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['GET /petsfindPetsfindPets active', 'DELETE /pets/{}deletePetnot imported']);
    fireEvent.change(screen.getByLabelText('Check on a schedule'), { target: { value: '1440' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect((await screen.findByRole('status')).textContent).toBe('Schedule saved: daily.');
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({ schedule_minutes: 1440 });
  });

  test('a text source takes a new version of the document to check', async () => {
    const sent = routeFetch({
      [`GET ${base}/${SOURCE}`]: { body: { ...DETAIL, origin: 'text', url: null, schedule_minutes: null } },
      [`POST ${base}/${SOURCE}/check`]: { body: { id: PLAN } },
    });
    render(<Sources server={server} rest={[SOURCE]} />);
    fireEvent.change(await screen.findByLabelText('New version of the document'), {
      target: { value: 'openapi: 3.0.0' },
    });
    expect(screen.queryByLabelText('Check on a schedule')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(window.location.hash).toBe(`#/servers/${SERVER}/sources/${SOURCE}/plans/${PLAN}`),
    );
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ content: 'openapi: 3.0.0' });
  });
});
