import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server } from '../api/types.ts';
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
    expect(screen.getByText('must be a whole number')).toBeTruthy();
    const summary = screen.getByRole('alert');
    expect(summary.querySelector('h2')?.textContent).toBe('3 fields need attention');
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Name: required',
      'Token clients must send: required',
      'Rate limit per minute: must be a whole number',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name *')));
    expect(sent).toEqual([]);
  });

  test('every invalid control is marked, a summary link focuses its field, and a fixed field clears at once', async () => {
    stubFetch();
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('CORS origins'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    const name = screen.getByLabelText('Name *');
    const cors = screen.getByLabelText('CORS origins');
    for (const el of [name, cors]) expect(el.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(cors.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toBe('"nope" is not an origin such as https://app.example.com');
    fireEvent.click(screen.getByRole('link', { name: /^CORS origins:/ }));
    expect(document.activeElement).toBe(cors);
    fireEvent.change(name, { target: { value: 'Pets' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').querySelector('h2')?.textContent).toBe('1 field needs attention');
    fireEvent.change(cors, { target: { value: 'https://app.example.com' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create server' }).hasAttribute('disabled')).toBe(false);
  });

  test('a new server starts with the basics: advanced settings closed, no test credentials', () => {
    stubFetch();
    render(<ServerFormView onSaved={() => undefined} />);
    const advanced = screen.getByText('Advanced settings').closest('details') as HTMLDetailsElement;
    expect(advanced.open).toBe(false);
    expect(advanced.contains(screen.getByLabelText('Rate limit per minute'))).toBe(true);
    expect(advanced.contains(screen.getByLabelText('Name *'))).toBe(false);
    expect(advanced.contains(screen.getByLabelText('Outbound auth type'))).toBe(false);
    expect(screen.queryByText(/Test credentials/)).toBeNull();
    expect(screen.queryByLabelText('Test credential type')).toBeNull();
  });

  test('an error inside the closed advanced settings opens them and focuses the field', async () => {
    const sent = stubFetch();
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Pets' } });
    fireEvent.change(screen.getByLabelText('Tool name limit'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    const advanced = screen.getByText('Advanced settings').closest('details') as HTMLDetailsElement;
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Tool name limit')));
    expect(advanced.open).toBe(true);
    expect(sent).toEqual([]);
  });

  test("inbound auth's required fields stay up front and its optional details wait in Advanced", async () => {
    stubFetch();
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Pets' } });
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'oauth' } });
    const advanced = screen.getByText('Advanced settings').closest('details') as HTMLDetailsElement;
    expect(advanced.contains(screen.getByLabelText('Authorization server URLs *'))).toBe(false);
    const jwks = screen.getByLabelText('JWKS URL');
    expect(advanced.contains(jwks)).toBe(true);
    fireEvent.change(screen.getByLabelText('Authorization server URLs *'), {
      target: { value: 'https://issuer.example' },
    });
    fireEvent.change(jwks, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(document.activeElement).toBe(jwks));
    expect(advanced.open).toBe(true);
    expect(screen.getByRole('link', { name: 'JWKS URL: must be an http(s) URL' })).toBeTruthy();
  });

  test("an existing server's settings show the advanced settings open and its test credentials", () => {
    stubFetch();
    const server = {
      uuid: 'u1',
      name: 'Pets',
      settings: {},
      status: 'active',
      auth_type: 'none',
      outbound_auth_type: 'bearer',
      rate_limit_per_min: 60,
      has_test_credentials: false,
    } as unknown as Server;
    render(<ServerFormView server={server} onSaved={() => undefined} />);
    expect((screen.getByText('Advanced settings').closest('details') as HTMLDetailsElement).open).toBe(true);
    expect(screen.getByLabelText('Test credential type')).toBeTruthy();
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

  test('shows the fields the API names in the summary and beside each field', async () => {
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
    // in the summary as a link to the field, and beside it; editing the field clears it
    expect(await screen.findByRole('link', { name: 'CORS origins: not allowed here' })).toBeTruthy();
    expect(screen.getByText('not allowed here').className).toBe('field-error');
    expect(screen.getByRole('alert').textContent).toContain(
      'Invalid parameter(s): cors_origins (400 rest_invalid_param)',
    );
    fireEvent.change(screen.getByLabelText('CORS origins'), { target: { value: 'https://a.example' } });
    expect(screen.queryByText('not allowed here')).toBeNull();
    expect(screen.queryByRole('link', { name: /CORS origins/ })).toBeNull();
    expect(screen.queryByText('Invalid parameter(s): cors_origins')).toBeNull();
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
