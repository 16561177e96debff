import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server } from '../api/types.ts';
import { PER_USER_NOTE } from '../components/per-user-auth-fields.tsx';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { stubFetch } from '../test-fetch.ts';
import { ServerFormView } from './server-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(server?: Server) {
  const saved = vi.fn();
  render(
    <AuthProvider
      auth={makeAuth(
        { name: 'a', role: 'administrator', capabilities: ['manage_options'], prefix: 'tg_' },
        () => {},
      )}
    >
      <ServerFormView server={server} onSaved={saved} />
    </AuthProvider>,
  );
  return saved;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const GITHUB = {
  uuid: 's1',
  name: 'GitHub',
  settings: {},
  status: 'active',
  auth_type: 'none',
  auth_config: null,
  outbound_auth_type: 'oauth2-authorization-code',
  outbound_auth_config: null,
  has_auth_credentials: true,
  has_test_credentials: false,
  auth_credentials_origins: ['https://api.github.com'],
  test_auth_credentials_origins: null,
  per_user_auth: {
    type: 'oauth2-authorization-code',
    authorization_url: 'https://github.com/login/oauth/authorize',
    token_url: 'https://github.com/login/oauth/access_token',
    client_id: 'Iv1.abc',
    scope: 'repo',
  },
  rate_limit_per_min: 60,
  tool_exposure: 'auto',
  endpoint_url: 'https://gw.example.com/mcp/github',
} as unknown as Server;

/** Creates a server named `name` with the outbound kind `kind` after `fill`, and returns the POST body. */
async function create(kind: string, fill: () => void): Promise<Record<string, unknown>> {
  const sent = stubFetch({ status: 201, body: { ...GITHUB, uuid: 'new' } });
  const saved = renderForm();
  type('Name *', 'Per user');
  type('Outbound auth type', kind);
  fill();
  fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
  await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  return sent[0]?.body as Record<string, unknown>;
}

describe('server form: per-user outbound auth', () => {
  test('the three per-user kinds are offered beside the shared ones', () => {
    stubFetch();
    renderForm();
    const select = screen.getByLabelText('Outbound auth type');
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.value),
    ]);
    expect(groups).toEqual([
      [
        'Shared: one credential for every caller',
        ['none', 'bearer', 'api-key', 'basic', 'oauth2-client-credentials'],
      ],
      [
        "Per user: each person's own credential",
        ['oauth2-authorization-code', 'personal-token', 'token-exchange'],
      ],
    ]);
  });

  test('authorization code: its fields, the note, the redirect URI, and the body it sends', async () => {
    const body = await create('oauth2-authorization-code', () => {
      expect(screen.getByText(PER_USER_NOTE)).toBeTruthy();
      expect(screen.getByTestId('needs-sign-in').textContent).toMatch(
        /^Callers must sign in: set the inbound auth/,
      );
      expect(screen.getByTestId('redirect-uri').textContent).toBe('http://localhost:3000/connect/callback');
      expect(screen.getByRole('button', { name: 'Copy redirect URI' })).toBeTruthy();
      expect(screen.getByLabelText(/^Client secret/).getAttribute('type')).toBe('password');
      type('Authorization URL', 'https://github.com/login/oauth/authorize');
      type('Token URL', 'https://github.com/login/oauth/access_token');
      type('Client ID *', 'Iv1.abc');
      type('Client secret *', 'shh');
      type('Scope', 'repo read:user');
    });
    expect(body.outbound_auth_type).toBeUndefined();
    expect(body.auth_credentials).toEqual({
      type: 'oauth2-authorization-code',
      authorization_url: 'https://github.com/login/oauth/authorize',
      token_url: 'https://github.com/login/oauth/access_token',
      client_id: 'Iv1.abc',
      client_secret: 'shh',
      scope: 'repo read:user',
      pkce: true,
    });
  });

  test('personal token: where the token goes and the instructions', async () => {
    const body = await create('personal-token', () => {
      expect(screen.queryByTestId('redirect-uri')).toBeNull();
      // A bearer token needs no name; a header or query parameter does.
      expect(screen.queryByLabelText('Header or query parameter name')).toBeNull();
      type('Token sent as', 'query');
      type('Header or query parameter name', 'access_token');
      type('Instructions', 'Create one under Settings → API');
    });
    expect(body.auth_credentials).toEqual({
      type: 'personal-token',
      location: 'query',
      name: 'access_token',
      instructions: 'Create one under Settings → API',
    });
  });

  test('token exchange: issuer discovery instead of a token URL', async () => {
    const body = await create('token-exchange', () => {
      type('Auth type', 'oauth');
      expect(screen.queryByTestId('needs-sign-in')).toBeNull();
      type('Issuer (discovery)', 'https://idp.example.com');
      type('Client ID *', 'toolgate');
      type('Client secret *', 'shh');
      type('Audience', 'wiki');
    });
    expect(body.auth_type).toBe('oauth');
    expect(body.auth_credentials).toEqual({
      type: 'token-exchange',
      issuer: 'https://idp.example.com',
      client_id: 'toolgate',
      client_secret: 'shh',
      audience: 'wiki',
    });
  });

  test('a new kind with a client secret refuses to go without it', () => {
    const sent = stubFetch();
    renderForm();
    type('Name *', 'Wiki');
    type('Outbound auth type', 'token-exchange');
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect([...screen.getByRole('alert').querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Token URL: required without an issuer',
      'Client ID: required',
      'Client secret: required',
    ]);
    expect(sent).toEqual([]);
  });

  test('editing: fields prefilled, secret blank keeps it; a change asks for the secret again', async () => {
    const sent = stubFetch({ body: GITHUB });
    renderForm(GITHUB);
    expect((screen.getByLabelText('Outbound auth type') as HTMLSelectElement).value).toBe(
      'oauth2-authorization-code',
    );
    expect((screen.getByLabelText('Client ID') as HTMLInputElement).value).toBe('Iv1.abc');
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('redirect-uri').textContent).toBe('https://gw.example.com/connect/callback');
    expect(screen.getByText("(not set: the Test action uses the tester's own connection)")).toBeTruthy();
    const secret = screen.getByLabelText('Client secret');
    const hint = document.getElementById(secret.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(hint?.textContent).toMatch(/type it again to save any change here/);
    type('Scope', 'repo read:user');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('link', { name: 'Client secret: required again to save a change' })).toBeTruthy();
    expect(sent).toEqual([]);
    type('Client secret', 'again');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.method).toBe('PATCH');
    expect(sent[0]?.body).toEqual({
      auth_credentials: {
        type: 'oauth2-authorization-code',
        authorization_url: 'https://github.com/login/oauth/authorize',
        token_url: 'https://github.com/login/oauth/access_token',
        client_id: 'Iv1.abc',
        client_secret: 'again',
        scope: 'repo read:user',
        pkce: true,
      },
    });
  });

  test('editing something else of a per-user server leaves its configuration alone', async () => {
    const sent = stubFetch({ body: GITHUB });
    renderForm(GITHUB);
    type('Name *', 'GitHub (work)');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ name: 'GitHub (work)' });
    expect(within(screen.getByRole('form', { name: 'Edit server' })).getByText('(configured)')).toBeTruthy();
  });
});
