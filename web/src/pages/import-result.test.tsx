import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CommitResponse, Server } from '../api/types.ts';
import { stubFetch } from '../test-fetch.ts';
import { ImportResult } from './import-result.tsx';

afterEach(() => vi.unstubAllGlobals());

const server = { uuid: 's1', slug: 'pets', endpoint_url: 'http://localhost:8080/mcp/pets' } as Server;
const result: CommitResponse = {
  created: [
    { tool_id: 1, uuid: 't1', name: 'List pets', slug: 'listPets' },
    { tool_id: 2, uuid: 't2', name: 'Show pet', slug: 'showPet' },
  ],
  skipped: [],
  failed: [],
};

describe('ImportResult', () => {
  test('says the new tools are drafts MCP clients do not see, and activates them all in one click', async () => {
    const sent = stubFetch({ body: {} }, { body: {} });
    const activated = vi.fn();
    render(
      <ImportResult
        server={server}
        result={result}
        status="draft"
        onAgain={() => undefined}
        onActivated={activated}
      />,
    );
    expect(screen.getByTestId('draft-notice').textContent).toContain(
      'The 2 new tools are drafts (status draft): MCP clients do not see them until they are active.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Activate all 2' }));
    await screen.findByText(/The 2 new tools are active: MCP clients on/);
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PATCH', '../api/svc/v1/servers/s1/tools/t1', { status: 'active' }],
      ['PATCH', '../api/svc/v1/servers/s1/tools/t2', { status: 'active' }],
    ]);
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    expect(activated).toHaveBeenCalledTimes(1);
  });

  test('a failed activation names the error and offers the rest again', async () => {
    stubFetch(
      { body: {} },
      { status: 422, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): status' } },
    );
    render(
      <ImportResult
        server={server}
        result={result}
        status="draft"
        onAgain={() => undefined}
        onActivated={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Activate all 2' }));
    await screen.findByText(/Invalid parameter\(s\): status/);
    expect(screen.getByTestId('draft-notice').textContent).toContain('1 of the new tools is still a draft');
    expect(screen.getByRole('button', { name: 'Activate it' })).toBeTruthy();
  });

  test('tools imported as active are said to be live, with no activation offered', () => {
    render(
      <ImportResult
        server={server}
        result={result}
        status="active"
        onAgain={() => undefined}
        onActivated={() => undefined}
      />,
    );
    expect(screen.getByText(/The 2 new tools are active/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Activate/ })).toBeNull();
  });
});
