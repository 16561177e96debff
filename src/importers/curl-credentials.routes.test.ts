import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type RawEcho, startRawEcho } from '../../test/kit/raw-echo.ts';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';

/*
 * Issue 31, item 8: a cURL import finds credentials where they really are (form and JSON body
 * fields, query parameters, key and token headers, cookies), saves them as the server's test
 * credentials only (with `_notice`), and leaves no secret in the tool, `tools/list` or an export.
 * The Test action then sends each one where the command had it.
 */
const REPROS: Array<{
  name: string;
  command: (origin: string) => string;
  secrets: string[];
  expect: unknown;
}> = [
  {
    name: 'form body client_secret',
    command: (o) => `curl ${o}/oauth/token -d 'grant_type=client_credentials&client_secret=cs-SECRET-form-1'`,
    secrets: ['cs-SECRET-form-1'],
    expect: { type: 'api-key', name: 'client_secret', value: 'cs-SECRET-form-1', location: 'body' },
  },
  {
    name: 'query private_token',
    command: (o) => `curl '${o}/api/v4/projects?per_page=5&private_token=glpat-SECRET-query-2'`,
    secrets: ['glpat-SECRET-query-2'],
    expect: { type: 'api-key', name: 'private_token', value: 'glpat-SECRET-query-2', location: 'query' },
  },
  {
    name: 'JSON body api_key',
    command: (o) => `curl ${o}/v1/search --json '{"api_key":"ak-SECRET-json-3","q":"cats"}'`,
    secrets: ['ak-SECRET-json-3'],
    expect: { type: 'api-key', name: 'api_key', value: 'ak-SECRET-json-3', location: 'body' },
  },
  {
    name: 'X-RapidAPI-Key header',
    command: (o) =>
      `curl ${o}/v1/quote -H 'X-RapidAPI-Key: rk-SECRET-header-4' -H 'X-RapidAPI-Host: quotes.example'`,
    secrets: ['rk-SECRET-header-4'],
    expect: { type: 'api-key', name: 'X-RapidAPI-Key', value: 'rk-SECRET-header-4', location: 'header' },
  },
  {
    name: 'cookie -b',
    command: (o) => `curl ${o}/v1/me -b 'sid=sid-SECRET-cookie-5'`,
    secrets: ['sid-SECRET-cookie-5'],
    expect: { type: 'api-key', name: 'Cookie', value: 'sid=sid-SECRET-cookie-5', location: 'header' },
  },
  {
    name: 'several at once',
    command: (o) =>
      `curl '${o}/1/cards?key=k-SECRET-6a&token=t-SECRET-6b' -H 'Authorization: Bearer b-SECRET-6c' -H 'Ocp-Apim-Subscription-Key: sub-SECRET-6d' -d 'name=card&password=pw-SECRET-6e'`,
    secrets: ['k-SECRET-6a', 't-SECRET-6b', 'b-SECRET-6c', 'sub-SECRET-6d', 'pw-SECRET-6e'],
    expect: {
      type: 'bearer',
      token: 'b-SECRET-6c',
      extra_keys: [
        { name: 'Ocp-Apim-Subscription-Key', value: 'sub-SECRET-6d', location: 'header' },
        { name: 'key', value: 'k-SECRET-6a', location: 'query' },
        { name: 'token', value: 't-SECRET-6b', location: 'query' },
        { name: 'password', value: 'pw-SECRET-6e', location: 'body' },
      ],
    },
  },
];

const ALL_SECRETS = REPROS.flatMap((r) => r.secrets);

describe('cURL import moves every secret into the test credentials', () => {
  let kit: McpKit;
  let echo: RawEcho;
  const imported: Array<{ uuid: string; name: string }> = [];
  before(async () => {
    kit = await createMcpKit({}, {}, 'inject');
    echo = await startRawEcho();
  });
  after(async () => {
    await echo.close();
    await kit.close();
  });

  for (const repro of REPROS)
    test(`${repro.name}: _notice, the secret only in the test credentials, not in the tool`, async () => {
      const res = await kit.t.api('POST', `/servers/${kit.serverUuid}/tools/import-curl`, {
        curl_command: repro.command(echo.origin),
        status: 'active',
        name: repro.name,
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.match(res.json()._notice, /saved as this server's test credentials only/);
      for (const secret of repro.secrets) assert.ok(!res.body.includes(secret), `answer holds ${secret}`);
      const tool = (await kit.t.api('GET', `/servers/${kit.serverUuid}/tools/${res.json().uuid}`)).body;
      for (const secret of repro.secrets) assert.ok(!tool.includes(secret), `tool holds ${secret}`);
      const creds = (await kit.t.api('GET', `/servers/${kit.serverUuid}/credentials`)).json();
      assert.deepEqual(creds.test_auth_credentials, repro.expect);
      assert.equal(creds.auth_credentials, null);
      imported.push({ uuid: res.json().uuid, name: repro.name });
    });

  test('no secret in tools/list (no inbound auth on this server) nor in the export', async () => {
    assert.equal(imported.length, REPROS.length);
    const sid = await kit.initialize();
    const list = await kit.rpc(sid, 'tools/list');
    assert.equal(list.statusCode, 200);
    assert.equal(list.json().result.tools.length, REPROS.length);
    const exported = await kit.t.api('POST', `/servers/${kit.serverUuid}/tools/export`);
    assert.equal(exported.statusCode, 200);
    assert.equal(exported.json().tools.length, REPROS.length);
    for (const secret of ALL_SECRETS) {
      assert.ok(!list.body.includes(secret), `tools/list holds ${secret}`);
      assert.ok(!exported.body.includes(secret), `export holds ${secret}`);
    }
  });

  test('the Test action sends every detected secret where the command had it and shows none', async () => {
    const several = imported.find((i) => i.name === 'several at once')!;
    echo.requests.length = 0;
    const res = await kit.t.api('POST', `/servers/${kit.serverUuid}/tools/${several.uuid}/test`, {
      arguments: { name: 'card' },
    });
    assert.equal(res.statusCode, 200, res.body);
    for (const secret of ALL_SECRETS) assert.ok(!res.body.includes(secret), `Test answer holds ${secret}`);
    const sent = echo.requests[0]!;
    const header = (n: string) => sent.headers.find(([k]) => k.toLowerCase() === n)?.[1];
    assert.equal(sent.target, '/1/cards?key=k-SECRET-6a&token=t-SECRET-6b');
    assert.equal(header('authorization'), 'Bearer b-SECRET-6c');
    assert.equal(header('ocp-apim-subscription-key'), 'sub-SECRET-6d');
    assert.equal(sent.body.toString(), 'name=card&password=pw-SECRET-6e');
    const shown = res.json().outbound_request;
    assert.equal(shown.body, 'name=card&password=****');
    assert.match(shown.url, /key=\*{4}&token=\*{4}$/);
  });

  test('an unbalanced quote is a 400 that names the quote, not the URL', async () => {
    const res = await kit.t.api('POST', `/servers/${kit.serverUuid}/tools/import-curl`, {
      curl_command: `curl https://api.example.com/v1 -H 'Authorization: Bearer sk-unclosed`,
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'svc_invalid_curl');
    assert.match(res.json().message, /unclosed single quote \('\) at character 36, in the value of -H/);
    assert.ok(!res.body.includes('sk-unclosed'));
  });
});
