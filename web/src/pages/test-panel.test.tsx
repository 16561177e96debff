import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server, Tool } from '../api/types.ts';
import { stubFetch } from '../test-fetch.ts';
import { TestPanel } from './test-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const server = { uuid: 's1' } as Server;
const tool = {
  uuid: 't1',
  status: 'active',
  input_schema: {
    type: 'object',
    properties: {
      city: { type: 'string', examples: ['Paris'] },
      units: { type: 'string', enum: ['metric', 'imperial'] },
      days: { type: 'integer' },
    },
    required: ['city', 'units'],
  },
} as unknown as Tool;

describe('TestPanel', () => {
  test('generates the argument form from the schema and refuses a missing required argument', () => {
    const sent = stubFetch();
    render(<TestPanel server={server} tool={tool} onTested={() => undefined} />);
    expect((screen.getByLabelText('city * (string)') as HTMLInputElement).value).toBe('Paris');
    expect(screen.getByLabelText('units * (one of)').tagName).toBe('SELECT');
    fireEvent.click(screen.getByRole('button', { name: 'Run test' }));
    expect(screen.getByText('required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test('sends typed arguments and the credentials switch, then shows request, response and MCP output', async () => {
    const sent = stubFetch({
      body: {
        outbound_request: {
          method: 'GET',
          url: 'https://api.test/w?city=Paris',
          headers: { authorization: 'Bearer ****' },
          body: null,
        },
        raw_response: { status_code: 200, headers: {}, body: '{"t":21}' },
        mcp_output: { content: [{ type: 'text', text: '{"t": 21}' }], isError: false },
        timing: { total_ms: 42 },
      },
    });
    render(<TestPanel server={server} tool={tool} onTested={() => undefined} />);
    fireEvent.change(screen.getByLabelText('units * (one of)'), { target: { value: 'metric' } });
    fireEvent.change(screen.getByLabelText('days (integer)'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText("Use the server's test credentials"));
    fireEvent.click(screen.getByRole('button', { name: 'Run test' }));
    expect(await screen.findByText(/Success · 42 ms · upstream 200/)).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '../api/svc/v1/servers/s1/tools/t1/test',
      body: { arguments: { city: 'Paris', units: 'metric', days: 3 }, use_test_credentials: false },
    });
    expect(screen.getByTestId('outbound-request').textContent).toContain('authorization: Bearer ****');
    expect(screen.getByTestId('mcp-output').textContent).toBe('{"t": 21}');
  });
});
