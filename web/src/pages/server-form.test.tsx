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

  test('refuses an inbound token under 16 characters and Generate fills a random 32-byte base64url one', async () => {
    const sent = stubFetch({
      status: 201,
      body: {
        uuid: 'u1',
        name: 'Pets',
        settings: {},
        status: 'active',
        auth_type: 'bearer',
        auth_config: { token_set: true },
        outbound_auth_type: 'none',
        rate_limit_per_min: 0,
      },
    });
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Pets' } });
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'bearer' } });
    const token = screen.getByLabelText('Token clients must send *') as HTMLInputElement;
    expect(token.type).toBe('password');
    expect(document.getElementById(`${token.id}-hint`)?.textContent).toBe(
      'stored as a hash; at least 16 characters',
    );
    fireEvent.change(token, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect(screen.getByText('at least 16 characters').className).toBe('field-error');
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(token.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.type).toBe('text'); // shown so it can be copied before it is hashed
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const second = token.value;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ auth_type: 'bearer', auth_config: { token: second } });
  });

  test('the API key value field offers Generate too', () => {
    stubFetch();
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'api-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((screen.getByLabelText('Key value *') as HTMLInputElement).value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
