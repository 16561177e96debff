import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server, SourcePlan } from '../api/types.ts';
import { routeFetch } from '../test-fetch.ts';
import { SourcePlanView } from './source-plan.tsx';

afterEach(() => vi.unstubAllGlobals());

const SERVER = 'b0000000-0000-4000-8000-000000000001';
const SOURCE = 'd0000000-0000-4000-8000-000000000001';
const PLAN = 'e0000000-0000-4000-8000-000000000001';
const NEXT = 'e0000000-0000-4000-8000-000000000002';
const server = { uuid: SERVER, name: 'Pets' } as unknown as Server;
const base = `/servers/${SERVER}/sources/${SOURCE}`;

const tool = (slug: string) => ({ id: `t-${slug}`, slug, name: slug, status: 'active' });
const op = (key: string, method: string, path: string) => ({ key, operation_id: key.slice(3), method, path });

const PLAN_BODY = {
  id: PLAN,
  source_id: SOURCE,
  status: 'open',
  trigger: 'manual',
  upstream: 'changed',
  document: { title: 'Swagger Petstore', version: '2.0.0' },
  summary: {
    add: 1,
    change: 1,
    move: 1,
    remove: 1,
    conflicts: 1,
    breaking: 1,
    unchanged: 2,
    excluded: 0,
    flagged: 0,
  },
  summary_text: '1 to add, 1 to change, 1 to move, 1 conflict, 1 to remove',
  computed_against: { source_revision: 1, content_hash: 'abc', tools: {} },
  warnings: [],
  created_at: '2026-11-29T10:00:00.000Z',
  applied_at: null,
  entries: [
    {
      id: 'e1',
      action: 'move',
      operation: op('op:findPets', 'GET', '/pets/search'),
      previous: op('op:findPets', 'GET', '/pets'),
      tool: tool('findPets'),
      fields: [
        {
          field: 'description',
          base: 'All pets',
          ours: 'Our words',
          theirs: 'Pets by tag',
          outcome: 'conflict',
        },
        {
          field: 'endpoint_url',
          base: 'https://p.test/pets',
          ours: 'https://p.test/pets',
          theirs: 'https://p.test/pets/search',
          outcome: 'take_theirs',
        },
      ],
      breaking: [],
      problems: [],
    },
    {
      id: 'e2',
      action: 'change',
      operation: op('op:updatePet', 'PUT', '/pets/{}'),
      tool: tool('updatePet'),
      fields: [
        {
          field: 'input_schema.properties',
          key: 'version',
          theirs: { type: 'integer' },
          outcome: 'take_theirs',
        },
      ],
      breaking: [
        { kind: 'argument_required', argument: 'version', detail: 'new required argument "version"' },
      ],
      problems: [],
    },
    {
      id: 'e3',
      action: 'add',
      operation: op('op:adoptPet', 'POST', '/adoptions'),
      tool: null,
      candidate: {
        name: 'adoptPet',
        slug: 'adoptPet',
        description: 'Adopts a pet',
        http_method: 'POST',
        endpoint_url: 'https://p.test/adoptions',
        arguments: ['pet_id'],
        required: ['pet_id'],
      },
      fields: [],
      breaking: [],
      problems: [],
    },
    {
      id: 'e4',
      action: 'remove',
      operation: op('op:deletePet', 'DELETE', '/pets/{}'),
      tool: tool('deletePet'),
      fields: [],
      breaking: [{ kind: 'tool_removed', detail: 'tool "deletePet" is gone from the document' }],
      problems: [],
    },
  ],
} as unknown as SourcePlan;

const APPLIED = {
  plan: { ...PLAN_BODY, status: 'applied' },
  created: [{ uuid: 'n1', slug: 'adoptPet', name: 'adoptPet' }],
  changed: [{ uuid: 't-findPets', slug: 'findPets' }],
  removed: [{ uuid: 't-deletePet', slug: 'deletePet', action: 'flag' }],
  skipped: [],
  list_changed: true,
};

describe('a source plan', () => {
  test('reads as a diff: the summary line, each tool with its sign, fields three ways, breaking changes', async () => {
    routeFetch({ [`GET ${base}/plans/${PLAN}`]: { body: PLAN_BODY } });
    render(<SourcePlanView server={server} sourceId={SOURCE} planId={PLAN} />);
    expect((await screen.findByTestId('plan-line')).textContent).toBe(
      'Plan: 1 to add, 1 to change, 1 to move, 1 conflict, 1 to remove.',
    );
    const move = screen.getByRole('article', { name: /move findPets/ });
    expect(move.textContent).toContain('GET /pets → GET /pets/search');
    expect(within(move).getByText('Our words')).toBeTruthy();
    expect(within(move).getByText('Pets by tag')).toBeTruthy();
    expect(within(move).getByText('conflict')).toBeTruthy();
    const change = screen.getByRole('article', { name: /change updatePet/ });
    expect(within(change).getByText('new required argument "version"')).toBeTruthy();
    expect(within(change).getByText('argument version')).toBeTruthy();
    expect(screen.getByRole('article', { name: /add adoptPet/ }).textContent).toContain('Adopts a pet');
    expect(screen.getByRole('article', { name: /remove deletePet/ })).toBeTruthy();
    expect(
      within(screen.getByTestId('plan-open'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'findPets: description is a conflict',
      'deletePet: choose what to do with the removed operation',
    ]);
    expect((screen.getByRole('button', { name: 'Apply plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('applies with the choices made: a value for the conflict, flag for the removal, an addition left out', async () => {
    const sent = routeFetch({
      [`GET ${base}/plans/${PLAN}`]: { body: PLAN_BODY },
      [`POST ${base}/plans/${PLAN}/apply`]: { body: APPLIED },
    });
    render(<SourcePlanView server={server} sourceId={SOURCE} planId={PLAN} />);
    const move = await screen.findByRole('article', { name: /move findPets/ });
    fireEvent.click(within(move).getByLabelText('Write a value'));
    const value = within(move).getByLabelText('Value for description');
    expect((value as HTMLTextAreaElement).value).toBe('Our words');
    fireEvent.change(value, { target: { value: 'Pets, by tag, in our words' } });
    const removal = screen.getByRole('article', { name: /remove deletePet/ });
    fireEvent.click(within(removal).getByLabelText('Flag'));
    fireEvent.click(
      within(screen.getByRole('article', { name: /add adoptPet/ })).getByLabelText('Add this tool'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply plan' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Applied: 1 added, 1 changed, 1 removed (deletePet: flag). MCP clients were told the tool list changed.',
    );
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      resolutions: [
        { entry: 'e1', field: 'description', choice: 'value', value: 'Pets, by tag, in our words' },
      ],
      removals: [{ entry: 'e4', action: 'flag' }],
      skip: ['e3'],
    });
  });

  test('a 409 says the plan is stale; Check again makes a new plan and opens it', async () => {
    const sent = routeFetch({
      [`GET ${base}/plans/${PLAN}`]: { body: PLAN_BODY },
      [`POST ${base}/plans/${PLAN}/apply`]: {
        status: 409,
        body: {
          code: 'rest_conflict',
          message: 'The plan is stale (tool "findPets" changed since): check the source again.',
          data: { status: 409, reason: 'plan_stale' },
        },
      },
      [`POST ${base}/check`]: { body: { ...PLAN_BODY, id: NEXT } },
    });
    render(<SourcePlanView server={server} sourceId={SOURCE} planId={PLAN} />);
    const move = await screen.findByRole('article', { name: /move findPets/ });
    fireEvent.click(within(move).getByLabelText('Keep yours'));
    fireEvent.click(
      within(screen.getByRole('article', { name: /remove deletePet/ })).getByLabelText('Detach'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The plan is stale — check again\./);
    fireEvent.click(within(alert).getByRole('button', { name: 'Check again' }));
    await waitFor(() =>
      expect(window.location.hash).toBe(`#/servers/${SERVER}/sources/${SOURCE}/plans/${NEXT}`),
    );
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual([
      `${base}/plans/${PLAN}/apply`,
      `${base}/check`,
    ]);
  });
});
