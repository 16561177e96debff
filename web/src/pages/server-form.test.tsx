import { fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Me, Server } from '../api/types.ts';
import { OPEN_SERVER_NOTE } from '../components/open-server-note.tsx';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { stubFetch } from '../test-fetch.ts';
import { aGroup, aUser } from '../test-people.ts';
import { ServerFormView } from './server-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const ADMIN: Me = { name: 'admin', role: 'administrator', capabilities: ['manage_options'], prefix: 'tg_' };
const EDITOR: Me = {
  name: 'Eve',
  role: 'editor',
  capabilities: ['svc_manage_servers', 'svc_view_analytics'],
  prefix: '',
};

/** The form as the app renders it: inside a signed-in role (an administrator's key unless told). */
function render(ui: ReactElement, me: Me = ADMIN, user = null as ReturnType<typeof aUser> | null) {
  return renderBare(
    <AuthProvider auth={makeAuth(me, () => undefined, { via: user ? 'session' : 'key', user })}>
      {ui}
    </AuthProvider>,
  );
}

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
    fireEvent.click(screen.getByLabelText('External authorization server'));
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

  test('a new oauth server signs people in through Toolgate and an administrator picks who may use it', async () => {
    const created = {
      uuid: 'u1',
      name: 'Pets',
      settings: {},
      status: 'active',
      auth_type: 'oauth',
      auth_config: { authorization_servers: [], required_scopes: [] },
      access_list: { users: ['u-1'], groups: ['g-1'] },
      outbound_auth_type: 'none',
      rate_limit_per_min: 60,
    };
    const sent = stubFetch(
      { body: [aUser(), aUser({ id: 'u-2', email: 'bo@example.com', display_name: '' })] },
      { body: [aGroup()] },
      { status: 201, body: created },
    );
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Pets' } });
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'oauth' } });
    expect((screen.getByLabelText('Sign-in through Toolgate') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Authorization server URLs *')).toBeNull();
    const access = screen.getByRole('radiogroup', { name: 'Who may use this server' });
    expect((within(access).getByLabelText('Everyone who signs in') as HTMLInputElement).checked).toBe(true);
    expect(sent).toEqual([]);

    fireEvent.click(within(access).getByLabelText('Only these people and groups'));
    const people = await screen.findByRole('group', { name: 'People' });
    expect(sent.map((s) => s.url)).toEqual([
      '../api/svc/v1/users?per_page=100',
      '../api/svc/v1/groups?per_page=100',
    ]);
    expect(
      within(people)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Ana ana@example.com', 'bo@example.com']);
    fireEvent.click(within(people).getByLabelText('Ana ana@example.com'));
    fireEvent.click(within(screen.getByRole('group', { name: 'Groups' })).getByLabelText('Ops'));
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.body).toMatchObject({
      auth_type: 'oauth',
      auth_config: { authorization_servers: [], required_scopes: [] },
      access_list: { users: ['u-1'], groups: ['g-1'] },
    });
  });

  test('an unknown person the API names is shown beside the people list', async () => {
    stubFetch(
      { body: [aUser()] },
      { body: [] },
      {
        status: 400,
        body: {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): access_list.users',
          data: { status: 400, params: { 'access_list.users': 'no user u-1' } },
        },
      },
    );
    render(<ServerFormView onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Pets' } });
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'oauth' } });
    fireEvent.click(screen.getByLabelText('Only these people and groups'));
    fireEvent.click(await screen.findByLabelText('Ana ana@example.com'));
    expect(screen.getByText('None yet.')).toBeTruthy(); // no groups
    fireEvent.click(screen.getByRole('button', { name: 'Create server' }));
    const link = await screen.findByRole('link', { name: 'People: no user u-1' });
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'People' }));
    expect(screen.getByText('no user u-1', { selector: '.field-error' })).toBeTruthy();
  });

  test('someone who is not an administrator sees who may use the server, read-only, without asking for /users', () => {
    const sent = stubFetch();
    const eve = aUser({ id: 'u-eve', email: 'eve@example.com', display_name: 'Eve', role: 'editor' });
    const server = {
      uuid: 'u1',
      name: 'Pets',
      settings: {},
      status: 'active',
      auth_type: 'oauth',
      auth_config: { authorization_servers: [], required_scopes: [] },
      access_list: { users: ['u-eve', '0b7c9e52-0000-4000-8000-000000000001'], groups: ['g-9'] },
      outbound_auth_type: 'none',
      rate_limit_per_min: 60,
    } as unknown as Server;
    render(<ServerFormView server={server} onSaved={() => undefined} />, EDITOR, eve);
    const section = screen.getByTestId('access-list');
    const radios = within(section).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.checked, r.disabled])).toEqual([
      [false, true],
      [true, true],
    ]);
    expect(section.textContent).toContain('Only an administrator can change who may use this server.');
    expect(section.querySelector('dl')?.textContent).toBe(
      'PeopleEve, 0b7c9e52-0000-4000-8000-000000000001Groupsg-9',
    );
    expect(within(section).queryAllByRole('checkbox')).toEqual([]);
    expect(sent).toEqual([]);
  });

  test('an external issuer shows no access list; the tool limit scope is sent in settings', async () => {
    const server = {
      uuid: 'u1',
      name: 'Pets',
      settings: {},
      status: 'active',
      auth_type: 'oauth',
      auth_config: { authorization_servers: ['https://idp.example'], issuer: 'https://idp.example' },
      access_list: null,
      outbound_auth_type: 'none',
      rate_limit_per_min: 60,
      has_test_credentials: false,
    } as unknown as Server;
    const sent = stubFetch({ body: { ...server, settings: { tool_limit_scope: 'user' } } });
    render(<ServerFormView server={server} onSaved={() => undefined} />);
    expect((screen.getByLabelText('External authorization server') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('access-list')).toBeNull();
    const scope = screen.getByLabelText('Tool rate limits count') as HTMLSelectElement;
    expect(scope.value).toBe('tool');
    fireEvent.change(scope, { target: { value: 'user' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.method).toBe('PATCH');
    expect(sent[0]?.body).toEqual({ settings: { tool_limit_scope: 'user' } });
  });
});
