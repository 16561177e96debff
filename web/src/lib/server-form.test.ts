import { describe, expect, test } from 'vitest';
import type { Server } from '../api/types.ts';
import {
  emptyServerForm,
  inboundLabel,
  serverBody,
  serverToForm,
  usesToolgateSignIn,
  validateServerForm,
} from './server-form.ts';

const stored: Server = {
  id: 1,
  uuid: '11111111-1111-4111-8111-111111111111',
  user_id: 1,
  access_list: null,
  name: 'Pets',
  slug: 'pets',
  server_id: '9f1c2b3a4d5e6f70',
  status: 'active',
  transport_type: 'streamable-http',
  auth_type: 'api-key',
  auth_config: { type: 'api-key', name: 'X-Key', location: 'header', value_set: true },
  outbound_auth_type: 'none',
  outbound_auth_config: null,
  per_user_auth: null,
  cors_origins: null,
  rate_limit_per_min: 60,
  settings: { description: 'pet API' },
  endpoint_url: 'http://gw.test/mcp/pets',
  tool_count: 0,
  prompt_count: 0,
  resource_count: 0,
  has_auth_credentials: false,
  has_test_credentials: true,
  auth_credentials_origins: null,
  test_auth_credentials_origins: null,
  tool_exposure: 'all',
  tools_list_tokens: { all: 0, current: 0, mode: 'all' },
  created_at: '',
  updated_at: '',
};

describe('server form validation', () => {
  test('needs a name and a whole-number rate limit', () => {
    const form = { ...emptyServerForm(), rate_limit_per_min: '1.5' };
    expect(validateServerForm(form)).toEqual({
      name: 'required',
      rate_limit_per_min: 'must be a whole number',
    });
    expect(validateServerForm({ ...form, name: 'ok', rate_limit_per_min: '0' })).toEqual({});
  });

  test('CORS origins must be origins (or *), not URLs with paths', () => {
    const form = { ...emptyServerForm(), name: 'x', cors_origins: 'https://a.test, https://b.test/app' };
    expect(validateServerForm(form).cors_origins).toMatch(/"https:\/\/b.test\/app" is not an origin/);
    expect(validateServerForm({ ...form, cors_origins: 'https://a.test, *' })).toEqual({});
  });

  test('a new inbound secret is required, but a stored one of the same type may stay blank', () => {
    const bearer = { ...emptyServerForm(), name: 'x', auth_type: 'bearer' as const };
    expect(validateServerForm(bearer)).toEqual({ 'auth_config.token': 'required' });
    const edit = serverToForm(stored);
    expect(validateServerForm(edit, stored)).toEqual({});
    expect(validateServerForm({ ...edit, auth_type: 'basic', auth_config: {} }, stored)).toEqual({
      'auth_config.username': 'required',
      'auth_config.password': 'required',
    });
  });

  test('credentials, once started, need every required field of their type', () => {
    const form = {
      ...emptyServerForm(),
      name: 'x',
      test_type: 'oauth2-client-credentials' as const,
      test_credentials: { token_url: 'ftp://x', client_id: 'id' },
    };
    expect(validateServerForm(form)).toEqual({
      'test_auth_credentials.client_secret': 'required',
      'test_auth_credentials.token_url': 'must be an http(s) URL',
    });
  });
});

describe('server form body', () => {
  test('a new server sends its fields, with credentials as a JSON string', () => {
    const form = {
      ...emptyServerForm(),
      name: ' Pets ',
      outbound_auth_type: 'bearer' as const,
      credentials: { token: 'prod' },
      test_type: 'api-key' as const,
      test_credentials: { name: 'X-Key', value: 'test' },
    };
    const body = serverBody(form);
    expect(body).toMatchObject({
      name: 'Pets',
      status: 'active',
      auth_type: 'none',
      outbound_auth_type: 'bearer',
      rate_limit_per_min: 60,
    });
    expect(JSON.parse(body.auth_credentials as string)).toEqual({ type: 'bearer', token: 'prod' });
    expect(JSON.parse(body.test_auth_credentials as string)).toEqual({
      type: 'api-key',
      name: 'X-Key',
      value: 'test',
      location: 'header',
    });
  });

  test('an edit sends only what changed and never resends a blank secret', () => {
    const form = serverToForm(stored);
    expect(serverBody(form, stored)).toEqual({});
    expect(serverBody({ ...form, description: 'new', rate_limit_per_min: '10' }, stored)).toEqual({
      description: 'new',
      rate_limit_per_min: 10,
    });
    expect(serverBody({ ...form, auth_config: { ...form.auth_config, value: 'k2' } }, stored)).toEqual({
      auth_type: 'api-key',
      auth_config: { name: 'X-Key', location: 'header', value: 'k2' },
    });
    expect(serverBody({ ...form, test_credentials_clear: true }, stored)).toEqual({
      test_auth_credentials: '',
    });
  });

  test('credential origins are read back, sent when changed (with or without the secret) and checked', () => {
    const bound: Server = { ...stored, test_auth_credentials_origins: ['https://api.example.com'] };
    const form = serverToForm(bound);
    expect(form.test_credentials_origins).toBe('https://api.example.com');
    expect(serverBody({ ...form, test_credentials_origins: 'HTTPS://api.example.com/' }, bound)).toEqual({});
    expect(
      serverBody({ ...form, test_credentials_origins: 'https://api.example.com, https://b.example' }, bound),
    ).toEqual({ test_auth_credentials_origins: ['https://api.example.com', 'https://b.example'] });
    // No production credentials stored or typed: nothing to bind.
    expect(serverBody({ ...form, credentials_origins: 'https://x.example' }, bound)).toEqual({});
    const created = serverBody({
      ...emptyServerForm(),
      name: 'New',
      outbound_auth_type: 'bearer',
      credentials: { token: 'prod' },
      credentials_origins: 'https://api.example.com',
    });
    expect(created.auth_credentials_origins).toEqual(['https://api.example.com']);
    expect(
      validateServerForm({ ...form, test_credentials_origins: 'https://api.example.com/v1' }, bound)
        .test_credentials_origins,
    ).toMatch(/is not an origin/);
  });
});

describe('discovery settings in the server body', () => {
  test('tool_exposure and typed limits are sent; untouched ones are not', () => {
    const existing = {
      uuid: 'u',
      name: 'S',
      status: 'active',
      auth_type: 'none',
      outbound_auth_type: 'none',
      rate_limit_per_min: 60,
      settings: { tool_name_limit: 64 },
      tool_exposure: 'auto',
    } as unknown as Server;
    const form = {
      ...serverToForm(existing),
      tool_exposure: 'discovery' as const,
      description_budget: '500',
    };
    expect(serverBody(form, existing)).toEqual({
      tool_exposure: 'discovery',
      settings: { description_budget: 500 },
    });
    expect(validateServerForm({ ...form, tool_name_limit: '10' })).toMatchObject({
      tool_name_limit: 'must be at least 20',
    });
  });

  test('the token budget is read from settings, sent when typed and checked', () => {
    const existing = {
      uuid: 'u',
      name: 'S',
      status: 'active',
      auth_type: 'none',
      outbound_auth_type: 'none',
      rate_limit_per_min: 60,
      settings: { token_budget: 5000 },
      tool_exposure: 'auto',
    } as unknown as Server;
    const form = serverToForm(existing);
    expect(form.token_budget).toBe('5000');
    expect(serverBody(form, existing)).toEqual({});
    expect(serverBody({ ...form, token_budget: '40000' }, existing)).toEqual({
      settings: { token_budget: 40000 },
    });
    expect(validateServerForm({ ...form, token_budget: 'lots' })).toMatchObject({
      token_budget: 'must be a whole number',
    });
  });
});

describe('sign-in through Toolgate and who may use the server', () => {
  const toolgate = {
    ...stored,
    auth_type: 'oauth',
    auth_config: {
      authorization_servers: [],
      issuer: null,
      audience: null,
      jwks_uri: null,
      required_scopes: [],
    },
  } as Server;
  const external = {
    ...stored,
    auth_type: 'oauth',
    auth_config: {
      authorization_servers: ['https://idp.example'],
      issuer: 'https://idp.example',
      required_scopes: ['mcp'],
    },
  } as Server;

  test('a new oauth server signs people in through Toolgate: no issuer required, none sent', () => {
    const form = { ...emptyServerForm(), name: 'Pets', auth_type: 'oauth' as const };
    expect(form.oauth_issuer).toBe('toolgate');
    expect(validateServerForm(form)).toEqual({});
    expect(serverBody(form)).toMatchObject({
      auth_type: 'oauth',
      auth_config: { authorization_servers: [], required_scopes: [] },
    });
    expect(serverBody(form)).not.toHaveProperty('access_list');
    expect(validateServerForm({ ...form, oauth_issuer: 'external' })).toEqual({
      'auth_config.authorization_servers': 'required',
    });
  });

  test('the servers list names Toolgate sign-in, and whether only listed people may use it', () => {
    expect(inboundLabel(stored)).toBe('api-key');
    expect(inboundLabel(external)).toBe('oauth');
    expect(inboundLabel(toolgate)).toBe('Toolgate sign-in');
    expect(inboundLabel({ ...toolgate, access_list: { users: [], groups: ['g-1'] } })).toBe(
      'Toolgate sign-in, listed people',
    );
  });

  test('a stored server reads back its issuer choice, access list and tool limit scope', () => {
    expect(usesToolgateSignIn(toolgate)).toBe(true);
    expect(usesToolgateSignIn(external)).toBe(false);
    expect(usesToolgateSignIn(stored)).toBe(false);
    expect(serverToForm(external).oauth_issuer).toBe('external');
    const listed = serverToForm({
      ...toolgate,
      access_list: { users: ['u-1'], groups: ['g-1'] },
      settings: { tool_limit_scope: 'user' },
    });
    expect(listed).toMatchObject({
      oauth_issuer: 'toolgate',
      access: 'listed',
      access_users: ['u-1'],
      access_groups: ['g-1'],
      tool_limit_scope: 'user',
    });
    expect(serverToForm(toolgate)).toMatchObject({ access: 'everyone', tool_limit_scope: 'tool' });
  });

  test('an unchanged Toolgate server sends nothing; a chosen list sends the access list alone', () => {
    const form = serverToForm(toolgate);
    expect(serverBody(form, toolgate)).toEqual({});
    expect(
      serverBody({ ...form, access: 'listed', access_users: ['u-1'], access_groups: [] }, toolgate),
    ).toEqual({ access_list: { users: ['u-1'], groups: [] } });
    const listedServer = { ...toolgate, access_list: { users: ['u-1'], groups: [] } };
    expect(serverBody({ ...serverToForm(listedServer), access: 'everyone' }, listedServer)).toEqual({
      access_list: null,
    });
  });

  test('switching an external server to Toolgate sends an empty issuer list, and back needs a URL', () => {
    const form = serverToForm(external);
    expect(serverBody(form, external)).toEqual({});
    expect(serverBody({ ...form, oauth_issuer: 'toolgate' }, external)).toEqual({
      auth_type: 'oauth',
      auth_config: { authorization_servers: [], required_scopes: ['mcp'] },
    });
    const back = { ...serverToForm(toolgate), oauth_issuer: 'external' as const };
    expect(validateServerForm(back, toolgate)).toEqual({ 'auth_config.authorization_servers': 'required' });
  });

  test('an external server never sends an access list, whatever the form holds', () => {
    const form = { ...serverToForm(external), access: 'listed' as const, access_users: ['u-1'] };
    expect(serverBody(form, external)).toEqual({});
  });

  test('the tool limit scope goes in settings only when it changes', () => {
    const form = serverToForm(stored);
    expect(serverBody({ ...form, tool_limit_scope: 'user' }, stored)).toEqual({
      settings: { tool_limit_scope: 'user' },
    });
    const perPerson = { ...stored, settings: { tool_limit_scope: 'user' } } as Server;
    expect(serverBody(serverToForm(perPerson), perPerson)).toEqual({});
    expect(serverBody({ ...serverToForm(perPerson), tool_limit_scope: 'tool' }, perPerson)).toEqual({
      settings: { tool_limit_scope: 'tool' },
    });
  });
});

describe('code mode settings', () => {
  const coded: Server = {
    ...stored,
    tool_exposure: 'code',
    settings: {
      description: 'pet API',
      code: { writes: 'listed', write_tools: ['create_pet'], cpu_ms: 500 },
    },
  };

  test('are read back, and an untouched form sends nothing of them', () => {
    const form = serverToForm(coded);
    expect(form.code_writes).toBe('listed');
    expect(form.code_write_tools).toEqual(['create_pet']);
    expect(form.code_limits.cpu_ms).toBe('500');
    expect(form.code_limits.wall_ms).toBe('');
    expect(serverBody(form, coded)).toEqual({});
  });

  test('a change sends settings.code with the values set, defaults left out (it is replaced whole)', () => {
    const form = serverToForm(coded);
    expect(serverBody({ ...form, code_limits: { ...form.code_limits, wall_ms: '5000' } }, coded)).toEqual({
      settings: { code: { writes: 'listed', write_tools: ['create_pet'], cpu_ms: 500, wall_ms: 5000 } },
    });
    // Back to reads only: `writes` and the list go (the default), the CPU limit set stays.
    expect(serverBody({ ...form, code_writes: 'none' }, coded)).toEqual({
      settings: { code: { cpu_ms: 500 } },
    });
    // A limit cleared: back to its default, so it is left out.
    expect(serverBody({ ...form, code_limits: { ...form.code_limits, cpu_ms: ' ' } }, coded)).toEqual({
      settings: { code: { writes: 'listed', write_tools: ['create_pet'] } },
    });
  });

  test('a new server in code mode sends nothing of settings.code until something differs from the defaults', () => {
    const form = { ...emptyServerForm(), name: 'Shop', tool_exposure: 'code' as const };
    expect(serverBody(form).settings).toBeUndefined();
    expect(serverBody({ ...form, code_writes: 'all' }).settings).toEqual({ code: { writes: 'all' } });
    expect(
      serverBody({ ...form, code_limits: { ...form.code_limits, max_calls: '20', log_lines: '0' } }).settings,
    ).toEqual({ code: { max_calls: 20, log_lines: 0 } });
  });

  test('limits out of their bounds and "reads and these writes" with none ticked are refused before sending', () => {
    const form = serverToForm(coded);
    expect(
      validateServerForm(
        {
          ...form,
          code_write_tools: [],
          code_limits: { ...form.code_limits, memory_mb: '4096', wall_ms: '10', max_inflight: '2.5' },
        },
        coded,
      ),
    ).toEqual({
      'settings.code.memory_mb': 'must be at most 512',
      'settings.code.wall_ms': 'must be at least 100',
      'settings.code.max_inflight': 'must be a whole number',
      'settings.code.write_tools': 'pick at least one tool, or choose Reads only',
    });
    expect(validateServerForm(form, coded)).toEqual({});
  });
});
