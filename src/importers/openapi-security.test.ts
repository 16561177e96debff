import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { corpusFile } from '../../test/kit/corpus.ts';
import { parseOpenApi } from './openapi.ts';
import { chooseAuthHint } from './openapi-security.ts';

async function hintOf(file: string) {
  const parsed = await parseOpenApi(corpusFile('openapi', 'valid', file));
  return { parsed, hint: chooseAuthHint(parsed.candidates, parsed.security) };
}

/** A minimal 3.1 document with these schemes, one operation per requirement list. */
function document(
  schemes: Record<string, unknown>,
  operations: Array<unknown[] | undefined>,
  global?: unknown[],
) {
  const paths: Record<string, unknown> = {};
  operations.forEach((security, i) => {
    paths[`/op${i}`] = {
      get: {
        operationId: `op${i}`,
        responses: { 200: { description: 'ok' } },
        ...(security ? { security } : {}),
      },
    };
  });
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'auth', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: { securitySchemes: schemes },
    ...(global ? { security: global } : {}),
  });
}

describe('OpenAPI security schemes → outbound auth hint', () => {
  test('Stripe: basic and bearer alternatives on every operation; basic comes first', async () => {
    const { parsed, hint } = await hintOf('stripe-spec3.json');
    assert.deepEqual(hint, { type: 'basic', scheme: 'basicAuth' });
    assert.deepEqual(parsed.security!.schemes, [
      { scheme: 'basicAuth', type: 'http', maps_to: 'basic', operations: 417 },
      { scheme: 'bearerAuth', type: 'http', maps_to: 'bearer', operations: 417 },
    ]);
    assert.deepEqual(parsed.candidates[0]!.security, ['basicAuth', 'bearerAuth']);
  });

  test('OpenAI: global ApiKeyAuth bearer; admin operations carry their own scheme', async () => {
    const { parsed, hint } = await hintOf('openai-openapi.yaml');
    assert.deepEqual(hint, { type: 'bearer', scheme: 'ApiKeyAuth' });
    assert.deepEqual(parsed.security!.schemes, [
      { scheme: 'ApiKeyAuth', type: 'http', maps_to: 'bearer', operations: 169 },
      { scheme: 'AdminApiKeyAuth', type: 'http', maps_to: 'bearer', operations: 119 },
    ]);
    const admin = parsed.candidates.filter((c) => c.security?.[0] === 'AdminApiKeyAuth');
    assert.equal(admin.length, 119);
    // Chosen operations decide: only admin ones give the admin scheme.
    assert.deepEqual(chooseAuthHint(admin, parsed.security), { type: 'bearer', scheme: 'AdminApiKeyAuth' });
  });

  test('Twilio basic, 1Password and Nordigen bearer, 3.1 bearer with role scopes; petstore none', async () => {
    assert.deepEqual((await hintOf('twilio_accounts_v1.json')).hint, {
      type: 'basic',
      scheme: 'accountSid_authToken',
    });
    const onePassword = await hintOf('apisguru-1password.local-connect.json');
    assert.deepEqual(onePassword.hint, { type: 'bearer', scheme: 'ConnectToken' });
    // Heartbeat, health and metrics need no auth.
    assert.equal(onePassword.parsed.candidates.filter((c) => c.security === undefined).length, 3);
    assert.deepEqual((await hintOf('apisguru-nordigen.com.json')).hint, {
      type: 'bearer',
      scheme: 'jwtAuth',
    });
    assert.deepEqual((await hintOf('oai-v3.1-non-oauth-scopes.json')).hint, {
      type: 'bearer',
      scheme: 'bearerAuth',
    });
    const petstore = await hintOf('oai-v3.0-petstore.yaml');
    assert.equal(petstore.hint, null);
    assert.deepEqual(petstore.parsed.security!.schemes, []);
  });

  test('apiKey in header or query maps with name and location; in a cookie it is reported', async () => {
    const parsed = await parseOpenApi(
      document(
        {
          Header: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          Query: { type: 'apiKey', in: 'query', name: 'api_key' },
          Cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        },
        [[{ Header: [] }], [{ Header: [] }], [{ Query: [] }], [{ Cookie: [] }]],
      ),
    );
    assert.deepEqual(chooseAuthHint(parsed.candidates, parsed.security), {
      type: 'api-key',
      scheme: 'Header',
      name: 'X-API-Key',
      location: 'header',
    });
    assert.deepEqual(chooseAuthHint(parsed.candidates.slice(2, 3), parsed.security), {
      type: 'api-key',
      scheme: 'Query',
      name: 'api_key',
      location: 'query',
    });
    assert.equal(chooseAuthHint(parsed.candidates.slice(3), parsed.security), null);
    assert.deepEqual(parsed.security!.schemes[2], {
      scheme: 'Cookie',
      type: 'apiKey',
      maps_to: null,
      operations: 1,
      note: 'API keys sent in a cookie are not supported as outbound auth',
    });
    assert.match(parsed.warnings!.join(' '), /Cookie \(API keys sent in a cookie.*configure it by hand/);
  });

  test('OAuth2 client credentials give token_url and the scopes operations ask for; other flows are reported', async () => {
    const parsed = await parseOpenApi(
      document(
        {
          Machine: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: 'https://auth.example.com/token',
                scopes: { 'read:items': '', 'write:items': '', admin: '' },
              },
            },
          },
          User: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: 'https://auth.example.com/authorize',
                tokenUrl: 'https://auth.example.com/token',
                scopes: {},
              },
            },
          },
          Oidc: {
            type: 'openIdConnect',
            openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration',
          },
          Mtls: { type: 'mutualTLS' },
          Digest: { type: 'http', scheme: 'digest' },
        },
        [
          [{ User: [] }, { Machine: ['read:items'] }],
          [{ Machine: ['write:items'] }],
          [{ Oidc: [] }],
          [{ Mtls: [] }],
        ],
        [{ Digest: [] }],
      ),
    );
    assert.deepEqual(chooseAuthHint(parsed.candidates, parsed.security), {
      type: 'oauth2-client-credentials',
      scheme: 'Machine',
      token_url: 'https://auth.example.com/token',
      scopes: ['read:items', 'write:items'],
    });
    assert.deepEqual(parsed.candidates[0]!.security, ['User', 'Machine']);
    assert.deepEqual(
      parsed.security!.schemes.map((s) => [s.scheme, s.maps_to, s.operations, s.note]),
      [
        ['Machine', 'oauth2-client-credentials', 2, undefined],
        [
          'User',
          null,
          1,
          'OAuth2 without a client-credentials flow (flows: authorizationCode) needs a user to sign in',
        ],
        ['Oidc', null, 1, 'OpenID Connect needs a user to sign in'],
        ['Mtls', null, 1, 'mutual TLS client certificates are not supported'],
        ['Digest', null, 0, 'HTTP "digest" authentication is not an outbound auth type'],
      ],
    );
    assert.equal(chooseAuthHint(parsed.candidates.slice(2), parsed.security), null);
  });

  test('an operation without its own security inherits the global one; security: [] means none', async () => {
    const parsed = await parseOpenApi(
      document(
        { Bearer: { type: 'http', scheme: 'Bearer' }, Key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
        [undefined, [], [{ Key: [], Bearer: [] }]],
        [{ Bearer: [] }],
      ),
    );
    assert.deepEqual(
      parsed.candidates.map((c) => c.security),
      [['Bearer'], undefined, ['Key', 'Bearer']],
    );
    assert.deepEqual(chooseAuthHint(parsed.candidates.slice(0, 1), parsed.security), {
      type: 'bearer',
      scheme: 'Bearer',
    });
    assert.match(parsed.warnings!.join(' '), /several security schemes together \(Key \+ Bearer\)/);
  });
});
