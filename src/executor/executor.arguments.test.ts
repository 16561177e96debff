import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, makeServer, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ExecutionOutcome, Executor } from './types.ts';

/*
 * Issue 31, repros 6 and 7: arguments cannot override what a tool fixes, and path arguments
 * cannot walk the path. Each refusal is a tool error before any request; `up` records what the
 * upstream received.
 */

const messageOf = (o: ExecutionOutcome) => (o.ok ? '' : o.message);

describe('executor: arguments a tool does not take', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness({}, (h) => {
    ({ t, up, ex } = h);
  });

  test('repro 7: an undeclared "model" cannot replace the body template\'s fixed model', async () => {
    server ??= await makeServer(t);
    const tool = makeTool({
      endpoint_url: `${up.origin}/complete`,
      http_method: 'POST',
      body_template: '{"model":"cheap","prompt":"{{prompt}}"}',
      input_schema: { type: 'object', properties: { prompt: { type: 'string' } } },
    });
    const out = await ex.execute(call(server, tool, { prompt: 'hi', model: 'expensive' }));
    assert.equal(out.ok, false);
    assert.equal(out.ok ? '' : out.reason, 'invalid_arguments');
    assert.equal(messageOf(out), 'Invalid arguments: "model" is not declared in input_schema.properties');
    assert.equal(out.result.isError, true);
    assert.equal(up.received.length, 0);
    assert.equal((await ex.execute(call(server, tool, { prompt: 'hi' }))).ok, true);
    assert.deepEqual(JSON.parse(up.received[0]!.body), { model: 'cheap', prompt: 'hi' });
  });

  test('repro 7: undeclared tenant and limit cannot replace the query the endpoint_url fixes', async () => {
    server ??= await makeServer(t);
    const tool = makeTool({
      endpoint_url: `${up.origin}/reports?tenant=acme&limit=10`,
      input_schema: { type: 'object', properties: { q: { type: 'string' } } },
    });
    const out = await ex.execute(call(server, tool, { q: 'x', tenant: 'victim', limit: 100000 }));
    assert.match(messageOf(out), /^Invalid arguments: "tenant" is not declared .*; "limit" is not declared/);
    assert.equal(up.received.length, 0);
    await ex.execute(call(server, tool, { q: 'x' }));
    assert.equal(up.received[0]!.url, '/reports?tenant=acme&limit=10&q=x');
  });

  test('a schema without properties takes no arguments at all', async () => {
    server ??= await makeServer(t);
    const tool = makeTool({ endpoint_url: `${up.origin}/p`, input_schema: { type: 'object' } });
    assert.match(messageOf(await ex.execute(call(server, tool, { a: 1 }))), /"a" is not declared/);
    assert.equal(up.received.length, 0);
  });

  test('additionalProperties true takes extra arguments, never one named like a value the tool fixes', async () => {
    server ??= await makeServer(t);
    const open = {
      type: 'object',
      properties: { prompt: { type: 'string' }, q: { type: 'string' } },
      additionalProperties: true,
    };
    const get = makeTool({
      endpoint_url: `${up.origin}/list?tenant=acme`,
      input_schema: open,
      parameter_mapping: { q: { target: 'query', key: 'search' } },
    });
    assert.equal((await ex.execute(call(server, get, { color: 'red' }))).ok, true);
    assert.equal(up.received[0]!.url, '/list?tenant=acme&color=red');
    for (const name of ['tenant', 'search']) {
      const out = await ex.execute(call(server, get, { [name]: 'x' }));
      assert.equal(
        messageOf(out),
        `Invalid arguments: "${name}" is not declared in input_schema and would replace the value the tool fixes for "${name}"`,
      );
    }
    const post = makeTool({
      endpoint_url: `${up.origin}/complete`,
      http_method: 'POST',
      body_template: '{"model":"cheap","prompt":"{{prompt}}","n":{{n}}}',
      input_schema: open,
    });
    assert.match(messageOf(await ex.execute(call(server, post, { model: 'x' }))), /fixes for "model"/);
    // `n` is one of the tool's own placeholders: it exists to be filled.
    assert.equal((await ex.execute(call(server, post, { prompt: 'p', n: 2, temperature: 1 }))).ok, true);
    assert.deepEqual(JSON.parse(up.received.at(-1)!.body), {
      model: 'cheap',
      prompt: 'p',
      n: 2,
      temperature: 1,
    });
    assert.equal(up.received.length, 2);
  });

  test('a declared argument named like a fixed query key replaces it once; absent, the fixed value stays', async () => {
    server ??= await makeServer(t);
    const tool = makeTool({
      endpoint_url: `${up.origin}/items?limit=10&sort=name`,
      input_schema: { type: 'object', properties: { limit: { type: 'integer' } } },
    });
    await ex.execute(call(server, tool, { limit: 5 }));
    await ex.execute(call(server, tool, {}));
    assert.deepEqual(
      up.received.map((r) => r.url),
      ['/items?sort=name&limit=5', '/items?limit=10&sort=name'],
    );
  });
});

describe('executor: path arguments that would be dot segments (repro 6)', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  useExecutorHarness({}, (h) => {
    ({ t, up, ex } = h);
  });

  const schema = { type: 'object', properties: { id: { type: 'string' } } };

  test('"..", "." and their encoded forms are refused in {{placeholders}} and path mappings, before any request', async () => {
    const server = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'prod-secret' }),
      auth_credentials_origins: [up.origin],
    });
    const placeholder = makeTool({ endpoint_url: `${up.origin}/users/{{id}}/profile`, input_schema: schema });
    const mapped = makeTool({
      endpoint_url: `${up.origin}/users/{user}/profile`,
      input_schema: schema,
      parameter_mapping: { id: { target: 'path', key: 'user' } },
    });
    for (const tool of [placeholder, mapped])
      for (const id of ['..', '.', '%2e%2e', '.%2E', '%2E', '%252e%252e', '..%2F..', '..\\..', 'a/../..']) {
        const out = await ex.execute(call(server, tool, { id }));
        assert.equal(out.ok ? '' : out.reason, 'invalid_arguments', `${id} is refused`);
        assert.match(
          messageOf(out),
          /^Cannot build the request: a path argument makes the path segment .* "\." or "\.\."/,
        );
      }
    assert.equal(up.received.length, 0, 'nothing was sent');
  });

  test('values with dots that are not dot segments pass: "...", "v1.2", "a..b", ".hidden"', async () => {
    const server = await makeServer(t);
    const tool = makeTool({ endpoint_url: `${up.origin}/users/{{id}}/profile`, input_schema: schema });
    for (const id of ['...', 'v1.2', 'a..b', '.hidden'])
      assert.equal((await ex.execute(call(server, tool, { id }))).ok, true, id);
    assert.deepEqual(
      up.received.map((r) => r.url),
      ['/users/.../profile', '/users/v1.2/profile', '/users/a..b/profile', '/users/.hidden/profile'],
    );
  });

  test('two placeholders of one segment cannot make ".." together', async () => {
    const server = await makeServer(t);
    const tool = makeTool({
      endpoint_url: `${up.origin}/files/{{a}}{{b}}/x`,
      input_schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    });
    assert.match(messageOf(await ex.execute(call(server, tool, { a: '.', b: '.' }))), /path segment "\.\."/);
    assert.equal(up.received.length, 0);
  });
});
