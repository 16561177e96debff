import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server } from '../api/types.ts';
import { type Sent, stubFetch } from '../test-fetch.ts';
import { ToolEditor } from './tool-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const server = { uuid: 's1', slug: 'pets' } as Server;

describe('ToolEditor', () => {
  test('a submit with errors puts the summary at the top of the form, marks each field and focuses the first', async () => {
    const sent = stubFetch();
    render(<ToolEditor server={server} toolId="new" onChanged={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Endpoint URL *'), { target: { value: 'nope' } });
    fireEvent.change(screen.getByLabelText('Timeout (s)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create tool' }));
    const form = screen.getByRole('form', { name: 'Tool' });
    const summary = screen.getByRole('alert');
    // before the first fieldset, not below 2,700 px of fields
    expect(summary.compareDocumentPosition(form.querySelector('fieldset') as Node)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(summary.querySelector('h2')?.textContent).toBe('3 fields need attention');
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Name: required',
      'Endpoint URL: an absolute http(s) URL; {{name}} placeholders allowed',
      'Timeout (s): must be at least 1',
    ]);
    for (const label of ['Name *', 'Endpoint URL *', 'Timeout (s)'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name *')));
    fireEvent.click(screen.getByRole('link', { name: 'Timeout (s): must be at least 1' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Timeout (s)'));
    expect(sent).toEqual([]);
  });

  test('fixed fields clear from the summary at once, and Save stays enabled', () => {
    stubFetch();
    render(<ToolEditor server={server} toolId="new" onChanged={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create tool' }));
    expect(screen.getByRole('alert').querySelector('h2')?.textContent).toBe('2 fields need attention');
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Get pet' } });
    expect(screen.getByLabelText('Name *').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').querySelector('h2')?.textContent).toBe('1 field needs attention');
    fireEvent.change(screen.getByLabelText('Endpoint URL *'), { target: { value: 'https://api.test/pets' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create tool' }).hasAttribute('disabled')).toBe(false);
  });

  test('an existing tool offers a jump to its Test panel that focuses the panel', async () => {
    stubFetch({
      body: {
        uuid: 't1',
        name: 'Get pet',
        slug: 'get_pet',
        status: 'active',
        endpoint_url: 'https://api.test/pets',
        http_method: 'GET',
        input_schema: { type: 'object', properties: {} },
        parameter_mapping: {},
        response_mapping: { selector: '', format: 'json', template: '' },
        timeout: 30,
        cache_ttl: 0,
        retry_count: 0,
        retry_backoff: 'none',
        tags: [],
        updated_at: '2026-01-01T00:00:00Z',
      },
    });
    render(<ToolEditor server={server} toolId="t1" onChanged={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Go to Test panel' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Test' }));
  });

  test('Risk is sent as chosen, and derived sends null', async () => {
    const tool = {
      uuid: 't1',
      name: 'Delete pet',
      slug: 'delete_pet',
      status: 'active',
      endpoint_url: 'https://api.test/pets/{{id}}',
      http_method: 'DELETE',
      input_schema: { type: 'object', properties: {} },
      parameter_mapping: {},
      response_mapping: { selector: '', format: 'json', template: '' },
      timeout: 30,
      cache_ttl: 0,
      retry_count: 0,
      retry_backoff: 'none',
      rate_limit_per_min: 60,
      sort_order: 0,
      tags: [],
      risk: 'write',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const sent = stubFetch({ body: tool }, { body: { ...tool, risk: 'destructive' } }, { body: tool });
    render(<ToolEditor server={server} toolId="t1" onChanged={() => undefined} />);
    const risk = (await screen.findByLabelText('Risk')) as HTMLSelectElement;
    expect(risk.value).toBe('write');
    fireEvent.change(risk, { target: { value: 'destructive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tool' }));
    await waitFor(() => expect(sent.map((s) => s.method)).toContain('PATCH'));
    expect(sent[1]).toMatchObject({ method: 'PATCH', url: expect.stringContaining('/servers/s1/tools/t1') });
    expect(sent[1]?.body).toMatchObject({ risk: 'destructive' });
    fireEvent.change(screen.getByLabelText('Risk'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tool' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.body).toMatchObject({ risk: null });
  });
});

describe('the Long-running section', () => {
  const stored = (execution: Record<string, unknown> | null) => ({
    uuid: 't1',
    name: 'Export report',
    slug: 'export_report',
    status: 'active',
    endpoint_url: 'https://api.test/reports',
    http_method: 'POST',
    input_schema: { type: 'object', properties: {} },
    parameter_mapping: {},
    response_mapping: { selector: '', format: 'json', template: '' },
    timeout: 30,
    cache_ttl: 0,
    retry_count: 0,
    retry_backoff: 'none',
    rate_limit_per_min: 60,
    sort_order: 0,
    tags: [],
    execution,
    updated_at: '2026-01-01T00:00:00Z',
  });
  const TICK = 'This API is slow or asynchronous (run calls as MCP tasks)';
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save tool' }));
  const executionIn = (s: Sent | undefined) => (s?.body as { execution?: unknown } | undefined)?.execution;

  test('ticking it sends the settings without their defaults, and the defaults show as placeholders', async () => {
    const sent = stubFetch({ body: stored(null) }, { body: stored({ task: 'required' }) });
    render(<ToolEditor server={server} toolId="t1" onChanged={() => undefined} />);
    expect(screen.queryByRole('radiogroup', { name: 'Task support' })).toBeNull();
    fireEvent.click(await screen.findByLabelText(TICK));
    expect((screen.getByLabelText('Poll interval (ms)') as HTMLInputElement).placeholder).toBe('2000');
    expect((screen.getByLabelText('Keep result (s)') as HTMLInputElement).placeholder).toBe('3600');
    expect(
      (screen.getByLabelText('Follow 202 Accepted: poll the Location the API names') as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(screen.getByLabelText('Only as a task (clients without tasks get an error)'));
    fireEvent.click(screen.getByLabelText("Ask this tool's questions inside the task"));
    fireEvent.change(screen.getByLabelText('Max wait (s)'), { target: { value: '600' } });
    fireEvent.change(screen.getByLabelText('Clients without tasks: "continues" after (ms)'), {
      target: { value: '20000' },
    });
    save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(executionIn(sent[1])).toEqual({
      task: 'required',
      ask_in_task: true,
      max_wait_s: 600,
      continue_after_ms: 20000,
    });
  });

  test('ticked with every default it sends an empty object; unticking a long-running tool sends null', async () => {
    const sent = stubFetch(
      { body: stored(null) },
      { body: stored({}) },
      { body: stored({ poll: false, ttl_s: 120 }) },
      { body: stored(null) },
    );
    render(<ToolEditor server={server} toolId="t1" onChanged={() => undefined} />);
    fireEvent.click(await screen.findByLabelText(TICK));
    save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(executionIn(sent[1])).toEqual({});
    fireEvent.click(screen.getByLabelText('Follow 202 Accepted: poll the Location the API names'));
    fireEvent.change(screen.getByLabelText('Keep result (s)'), { target: { value: '120' } });
    save();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(executionIn(sent[2])).toEqual({ poll: false, ttl_s: 120 });
    await screen.findByText('Saved.');
    expect((screen.getByLabelText('Keep result (s)') as HTMLInputElement).value).toBe('120');
    fireEvent.click(screen.getByLabelText(TICK));
    expect(screen.queryByLabelText('Keep result (s)')).toBeNull();
    save();
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(executionIn(sent[3])).toBeNull();
  });

  test('out-of-bound values are refused beside their fields and nothing is sent', async () => {
    const sent = stubFetch({ body: stored(null) });
    render(<ToolEditor server={server} toolId="t1" onChanged={() => undefined} />);
    fireEvent.click(await screen.findByLabelText(TICK));
    fireEvent.change(screen.getByLabelText('Poll interval (ms)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Keep result (s)'), { target: { value: '604801' } });
    fireEvent.change(screen.getByLabelText('Clients without tasks: "continues" after (ms)'), {
      target: { value: 'soon' },
    });
    save();
    const poll = screen.getByLabelText('Poll interval (ms)');
    expect(poll.getAttribute('aria-invalid')).toBe('true');
    expect(poll.closest('.field')?.querySelector('.field-error')?.textContent).toBe('must be at least 100');
    expect(
      screen.getByLabelText('Keep result (s)').closest('.field')?.querySelector('.field-error')?.textContent,
    ).toBe('must be at most 604800');
    expect(
      screen
        .getByLabelText('Clients without tasks: "continues" after (ms)')
        .closest('.field')
        ?.querySelector('.field-error')?.textContent,
    ).toBe('must be a whole number');
    expect(screen.getByRole('alert').querySelector('h2')?.textContent).toBe('3 fields need attention');
    expect(sent).toHaveLength(1);
  });

  test('an untouched section sends no execution, nor one ticked and unticked again', async () => {
    const sent = stubFetch(
      { body: stored({ task: 'required', poll: true, ttl_s: 120 }) },
      { body: stored({ task: 'required', ttl_s: 120 }) },
      { body: stored(null) },
    );
    render(<ToolEditor server={server} toolId="t1" onChanged={() => undefined} />);
    const taskOnly = await screen.findByLabelText('Only as a task (clients without tasks get an error)');
    expect((taskOnly as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Keep result (s)') as HTMLInputElement).value).toBe('120');
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Export the report' } });
    save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ name: 'Export the report' });
    expect(sent[1]?.body).not.toHaveProperty('execution');
    cleanup();
    render(<ToolEditor server={server} toolId="new" onChanged={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Export report' } });
    fireEvent.change(screen.getByLabelText('Endpoint URL *'), { target: { value: 'https://api.test/r' } });
    fireEvent.click(screen.getByLabelText(TICK));
    fireEvent.click(screen.getByLabelText(TICK));
    fireEvent.click(screen.getByRole('button', { name: 'Create tool' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.method).toBe('POST');
    expect(sent[2]?.body).not.toHaveProperty('execution');
  });
});
