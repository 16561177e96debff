import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  call,
  makeServer,
  makeTool,
  startUpstream,
  type Upstream,
  useExecutorHarness,
} from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import type { ExecutionOutcome, Executor } from './types.ts';

/*
 * Issue 31, build point 3: the server's credentials go only to the origins they are bound to.
 * `up` is the API the credentials belong to; `elsewhere` is a host a tool editor controls.
 */

const reasonOf = (o: ExecutionOutcome) => (o.ok ? 'ok' : o.reason);
const messageOf = (o: ExecutionOutcome) => (o.ok ? '' : o.message);

describe('executor: credentials bound to origins', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  let elsewhere: Upstream;
  useExecutorHarness({}, (h) => {
    ({ t, up, ex } = h);
  });
  before(async () => {
    elsewhere = await startUpstream();
  });
  after(() => elsewhere.close());

  test('a tool whose URL has another origin is refused the credentials and nothing is sent', async () => {
    const server = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'prod-secret' }),
      auth_credentials_origins: [up.origin],
    });
    elsewhere.reset();
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${elsewhere.origin}/echo` })));
    assert.equal(reasonOf(out), 'origin_not_allowed');
    assert.equal(
      messageOf(out),
      `Credentials refused: the server's auth_credentials may not be sent to ${elsewhere.origin}, which is not in auth_credentials_origins; an administrator can add it. No request was sent.`,
    );
    assert.equal(out.result.isError, true);
    assert.equal(out.outbound, null);
    assert.equal(elsewhere.received.length, 0);
    assert.ok(!JSON.stringify(out).includes('prod-secret'));

    const allowed = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/me` })));
    assert.equal(allowed.ok, true);
    assert.equal(up.received[0]!.headers.authorization, 'Bearer prod-secret');
  });

  test('the check is on the URL as called: a host placeholder cannot lead the credentials away', async () => {
    const server = await makeServer(t, {
      outbound_auth_type: 'api-key',
      auth_credentials: JSON.stringify({ name: 'key', value: 'k-secret', location: 'query' }),
      auth_credentials_origins: [up.origin],
    });
    const port = new URL(up.origin).port;
    const tool = makeTool({
      endpoint_url: `http://{{host}}:${port}/data`,
      input_schema: { type: 'object', properties: { host: { type: 'string' } } },
    });
    const away = await ex.execute(call(server, tool, { host: 'localhost' }));
    assert.equal(reasonOf(away), 'origin_not_allowed');
    assert.match(messageOf(away), new RegExp(`sent to http://localhost:${port},`));
    assert.equal(up.received.length, 0);
    const home = await ex.execute(call(server, tool, { host: '127.0.0.1' }));
    assert.equal(home.ok, true);
    assert.equal(up.received[0]!.url, '/data?key=k-secret');
  });

  test('credentials saved with no origin (unbound) are sent nowhere, with a message saying how to bind them', async () => {
    const server = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'unbound-secret' }),
    });
    assert.equal(server.auth_credentials_origins, null);
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/me` })));
    assert.equal(reasonOf(out), 'origin_not_allowed');
    assert.match(messageOf(out), /auth_credentials are not bound to any origin yet/);
    assert.match(messageOf(out), /sets auth_credentials_origins/);
    assert.equal(up.received.length, 0);
  });

  test('test credentials follow their own list; falling back to production ones uses the production list', async () => {
    const both = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'prod' }),
      auth_credentials_origins: [up.origin],
      test_auth_credentials: JSON.stringify({ token: 'test' }),
      test_auth_credentials_origins: [elsewhere.origin],
    });
    const prodOnly = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'prod-only' }),
      auth_credentials_origins: [up.origin],
    });
    elsewhere.reset();
    const tool = makeTool({ endpoint_url: `${up.origin}/me` });
    const test = await ex.execute(call(both, tool, {}, { useTestCredentials: true }));
    assert.equal(reasonOf(test), 'origin_not_allowed');
    assert.match(messageOf(test), /test_auth_credentials may not be sent to/);
    const other = makeTool({ endpoint_url: `${elsewhere.origin}/me` });
    assert.equal((await ex.execute(call(both, other, {}, { useTestCredentials: true }))).ok, true);
    assert.equal(elsewhere.received[0]!.headers.authorization, 'Bearer test');
    assert.equal((await ex.execute(call(prodOnly, tool, {}, { useTestCredentials: true }))).ok, true);
    assert.equal(up.received[0]!.headers.authorization, 'Bearer prod-only');
  });

  test('OAuth2: the token is not even fetched for a tool outside the list', async () => {
    const server = await makeServer(t, {
      outbound_auth_type: 'oauth2-client-credentials',
      auth_credentials: JSON.stringify({
        token_url: `${up.origin}/token`,
        client_id: 'c',
        client_secret: 's',
      }),
      auth_credentials_origins: [up.origin],
    });
    elsewhere.reset();
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${elsewhere.origin}/api` })));
    assert.equal(reasonOf(out), 'origin_not_allowed');
    assert.equal(up.received.length, 0, 'no token request');
    assert.equal(elsewhere.received.length, 0);
  });

  test('a server without credentials calls any origin', async () => {
    const server = await makeServer(t);
    elsewhere.reset();
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${elsewhere.origin}/open` })));
    assert.equal(out.ok, true);
    assert.equal(elsewhere.received[0]!.headers.authorization, undefined);
  });
});
