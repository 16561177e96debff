import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { OPEN_SERVER_NOTE } from '../components/open-server-note.tsx';
import { stubFetch } from '../test-fetch.ts';
import { ServerFormView } from './server-form.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ServerFormView', () => {
  test('shows each invalid field beside it and sends nothing', async () => {
    const sent = stubFetch();
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Rate limit per minute'), { target: { value: 'fast' } });
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'bearer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect(screen.getByLabelText('Name *').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name *').getAttribute('aria-describedby')).toMatch(/-error$/);
    expect(screen.getByText('a whole number from 0 (unlimited) to 1000000')).toBeTruthy();
    expect(screen.getByText('Fix the 3 highlighted field(s).')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test('creates a server with the typed body and hands the result back', async () => {
    const sent = stubFetch({
      status: 201,
      body: {
        uuid: 'u1',
        name: 'Pets',
        settings: {},
        status: 'active',
        auth_type: 'none',
        outbound_auth_type: 'none',
        rate_limit_per_min: 30,
      },
    });
    const saved = vi.fn();
    render(<ServerFormView onSaved={saved} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Pets' } });
    fireEvent.change(screen.getByLabelText('Rate limit per minute'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('../api/svc/v1/servers');
    expect(sent[0]?.body).toMatchObject({
      name: 'Pets',
      rate_limit_per_min: 30,
      auth_type: 'none',
      status: 'active',
      tool_exposure: 'auto',
    });
  });

  test("shows the API's message and the fields it names", async () => {
    stubFetch({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): cors_origins',
        data: { status: 400, params: { cors_origins: 'not allowed here' } },
      },
    });
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Pets' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await screen.findByText('Invalid parameter(s): cors_origins');
    expect(screen.getByText('(400 rest_invalid_param)')).toBeTruthy();
    // beside the field, and in the notice's list of named fields
    expect(screen.getByText('not allowed here').className).toBe('field-error');
    expect(screen.getByRole('listitem').textContent).toBe('cors_origins: not allowed here');
  });

  test('says what an open server means while inbound auth is none, and not otherwise', () => {
    stubFetch();
    render(<ServerFormView onSaved={() => undefined} />);
    expect(screen.getByText(OPEN_SERVER_NOTE)).toBeTruthy();
    expect(OPEN_SERVER_NOTE).toMatch(
      /^Open server: no inbound authentication — anyone who can reach the gateway/,
    );
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'bearer' } });
    expect(screen.queryByText(OPEN_SERVER_NOTE)).toBeNull();
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'none' } });
    expect(screen.getByText(OPEN_SERVER_NOTE)).toBeTruthy();
  });
});
