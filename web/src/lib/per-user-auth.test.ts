import { describe, expect, test } from 'vitest';
import type { Server } from '../api/types.ts';
import {
  perUserCredentials,
  perUserValues,
  redirectUri,
  sendsPerUser,
  validatePerUser,
} from './per-user-auth.ts';
import { emptyServerForm, serverBody, serverToForm, validateServerForm } from './server-form.ts';

const OAUTH = {
  type: 'oauth2-authorization-code',
  authorization_url: 'https://github.com/login/oauth/authorize',
  token_url: 'https://github.com/login/oauth/access_token',
  client_id: 'Iv1.abc',
  scope: 'repo',
  pkce: false,
};

const stored = (per_user_auth: Record<string, unknown> | null, over: Partial<Server> = {}) =>
  ({
    uuid: 's1',
    name: 'GitHub',
    settings: {},
    status: 'active',
    auth_type: 'none',
    auth_config: null,
    outbound_auth_type: per_user_auth?.type ?? 'none',
    outbound_auth_config: null,
    has_auth_credentials: per_user_auth !== null,
    has_test_credentials: false,
    auth_credentials_origins: null,
    test_auth_credentials_origins: null,
    per_user_auth,
    rate_limit_per_min: 60,
    tool_exposure: 'auto',
    endpoint_url: 'https://gw.example.com/tg/mcp/github',
    ...over,
  }) as unknown as Server;

describe('per-user values', () => {
  test('a stored configuration fills the form, its secret blank and PKCE as on/off', () => {
    expect(perUserValues(OAUTH)).toEqual({
      authorization_url: OAUTH.authorization_url,
      token_url: OAUTH.token_url,
      client_id: 'Iv1.abc',
      scope: 'repo',
      pkce: 'off',
    });
    expect(perUserValues({ type: 'oauth2-authorization-code', client_id: 'x' }).pkce).toBeUndefined();
  });

  test('each kind sends its typed fields, trimmed, and nothing blank', () => {
    expect(
      perUserCredentials('oauth2-authorization-code', {
        issuer: ' https://accounts.google.com ',
        client_id: 'c',
        client_secret: 's',
        scope: '',
      }),
    ).toEqual({
      type: 'oauth2-authorization-code',
      issuer: 'https://accounts.google.com',
      client_id: 'c',
      client_secret: 's',
      pkce: true,
    });
    expect(perUserCredentials('personal-token', {})).toEqual({ type: 'personal-token', location: 'bearer' });
    // A name left from "header" is not sent once the token goes as a bearer token.
    expect(perUserCredentials('personal-token', { location: 'bearer', name: 'X-Token' })).toEqual({
      type: 'personal-token',
      location: 'bearer',
    });
    expect(
      perUserCredentials('token-exchange', {
        token_url: 'https://idp.example.com/token',
        client_id: 'tg',
        client_secret: 'shh',
        audience: 'wiki',
      }),
    ).toEqual({
      type: 'token-exchange',
      token_url: 'https://idp.example.com/token',
      client_id: 'tg',
      client_secret: 'shh',
      audience: 'wiki',
    });
  });
});

describe('per-user validation', () => {
  test('the authorization code kind needs a client, and both endpoints or an issuer', () => {
    expect(validatePerUser('oauth2-authorization-code', {})).toEqual({
      'auth_credentials.client_id': 'required',
      'auth_credentials.token_url': 'required without an issuer',
      'auth_credentials.authorization_url': 'required without an issuer',
      'auth_credentials.client_secret': 'required',
    });
    expect(
      validatePerUser('oauth2-authorization-code', {
        issuer: 'https://idp.example.com',
        client_id: 'c',
        client_secret: 's',
      }),
    ).toEqual({});
    expect(
      validatePerUser('token-exchange', { issuer: 'idp.example.com', client_id: 'c', client_secret: 's' }),
    ).toEqual({ 'auth_credentials.issuer': 'must be an http(s) URL' });
  });

  test('a personal token in a header or query names it', () => {
    expect(validatePerUser('personal-token', { location: 'header' })).toEqual({
      'auth_credentials.name': 'names the header that carries the token',
    });
    expect(validatePerUser('personal-token', { location: 'bearer' })).toEqual({});
  });

  test('editing a stored configuration: unchanged keeps the secret, a change needs it again', () => {
    const server = stored(OAUTH);
    const values = perUserValues(OAUTH);
    expect(validatePerUser('oauth2-authorization-code', values, server)).toEqual({});
    expect(sendsPerUser('oauth2-authorization-code', values, server)).toBe(false);
    const changed = { ...values, scope: 'repo read:user' };
    expect(validatePerUser('oauth2-authorization-code', changed, server)).toEqual({
      'auth_credentials.client_secret': 'required again to save a change',
    });
    expect(sendsPerUser('oauth2-authorization-code', { ...values, client_secret: 'new' }, server)).toBe(true);
  });
});

describe('the server body for per-user kinds', () => {
  test('a new server sends the kind in auth_credentials, never as outbound_auth_type', () => {
    const form = {
      ...emptyServerForm(),
      name: 'Linear',
      outbound_auth_type: 'personal-token' as const,
      credentials: { location: 'header', name: 'Authorization-Token', instructions: 'Settings → API' },
    };
    expect(validateServerForm(form)).toEqual({});
    const body = serverBody(form);
    expect(body.outbound_auth_type).toBeUndefined();
    expect(body.auth_credentials).toEqual({
      type: 'personal-token',
      location: 'header',
      name: 'Authorization-Token',
      instructions: 'Settings → API',
    });
  });

  test('an unchanged per-user server sends no credentials; a changed one sends them whole', () => {
    const server = stored(OAUTH);
    const form = serverToForm(server);
    expect(form.outbound_auth_type).toBe('oauth2-authorization-code');
    expect(form.credentials.client_id).toBe('Iv1.abc');
    expect(form.test_type).toBe('bearer');
    expect(serverBody(form, server)).toEqual({});
    const body = serverBody(
      { ...form, credentials: { ...form.credentials, scope: 'repo read:user', client_secret: 'again' } },
      server,
    );
    expect(body).toEqual({
      auth_credentials: { ...OAUTH, scope: 'repo read:user', client_secret: 'again' },
    });
  });

  test('leaving a per-user kind for a shared one clears the per-user configuration', () => {
    const server = stored({ type: 'personal-token', location: 'bearer' });
    const none = serverBody({ ...serverToForm(server), outbound_auth_type: 'none', credentials: {} }, server);
    expect(none).toEqual({ outbound_auth_type: 'none', auth_credentials: '' });
    const bearer = serverBody(
      { ...serverToForm(server), outbound_auth_type: 'bearer', credentials: { token: 'sk_1' } },
      server,
    );
    expect(bearer).toEqual({
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ type: 'bearer', token: 'sk_1' }),
    });
  });
});

describe('the redirect URI', () => {
  test('is /connect/callback at the base URL of the server endpoint', () => {
    expect(redirectUri('https://gw.example.com/tg/mcp/github')).toBe(
      'https://gw.example.com/tg/connect/callback',
    );
  });

  test('for a new server, beside the admin UI', () => {
    expect(redirectUri(undefined, 'https://gw.example.com/tg/admin/#/servers')).toBe(
      'https://gw.example.com/tg/connect/callback',
    );
  });
});
