import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { Executor } from './types.ts';

describe('executor: building the outbound request', () => {
  let up: Upstream;
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness({}, (h) => {
    ({ up, ex, server } = h);
  });

  test('fills path placeholders URL-encoded and sends unmapped GET arguments as the query', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/users/{{user_id}}/posts/{section}?fixed=1`,
      parameter_mapping: { section: { target: 'path', key: 'section' } },
      input_schema: {
        type: 'object',
        properties: { user_id: { type: 'string' }, section: { type: 'string' }, q: { type: 'string' } },
      },
    });
    const out = await ex.execute(call(server, tool, { user_id: 'a b/c', section: 'x&y', q: 'hello world' }));
    assert.equal(out.ok, true);
    const r = up.received[0]!;
    assert.equal(r.method, 'GET');
    assert.equal(r.url, '/users/a%20b%2Fc/posts/x%26y?fixed=1&q=hello%20world');
    assert.equal(r.body, '');
    assert.equal(out.outbound?.url, `${up.origin}/users/a%20b%2Fc/posts/x%26y?fixed=1&q=hello%20world`);
  });

  test('sends mapped query, header and cookie targets and the rest as a JSON body for POST', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/items`,
      http_method: 'POST',
      headers: { 'X-Client': 'toolgate {{tenant}}', Cookie: 'theme=dark' },
      parameter_mapping: {
        page: { target: 'query', key: 'p' },
        trace: { target: 'header', key: 'X-Trace-Id' },
        session: { target: 'cookie', key: 'sid' },
        title: { target: 'body', key: 'name' },
      },
      input_schema: {
        type: 'object',
        properties: {
          page: { type: 'integer' },
          trace: { type: 'string' },
          session: { type: 'string' },
          title: { type: 'string' },
          tenant: { type: 'string' },
          count: { type: 'integer' },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['title'],
      },
    });
    const out = await ex.execute(
      call(server, tool, {
        page: 2,
        trace: 'abc\r\nInjected: 1',
        session: 's 1;',
        title: 'Lamp',
        tenant: 'acme',
        count: 3,
        tags: ['a', 'b'],
      }),
    );
    assert.equal(out.ok, true, out.ok ? '' : out.message);
    const r = up.received[0]!;
    assert.equal(r.method, 'POST');
    assert.equal(r.url, '/items?p=2');
    assert.equal(r.headers['x-trace-id'], 'abc Injected: 1');
    assert.equal(r.headers.injected, undefined);
    assert.equal(r.headers['x-client'], 'toolgate acme');
    assert.equal(r.headers.cookie, 'theme=dark; sid=s%201%3B');
    assert.equal(r.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(r.body), { name: 'Lamp', count: 3, tags: ['a', 'b'] });
  });

  test('sends unmapped arguments of DELETE to the query and of PUT/PATCH to the body', async () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' }, force: { type: 'boolean' } } };
    const del = makeTool({ endpoint_url: `${up.origin}/x`, http_method: 'DELETE', input_schema: schema });
    await ex.execute(call(server, del, { id: 7, force: true }));
    const patch = makeTool({ endpoint_url: `${up.origin}/x`, http_method: 'PATCH', input_schema: schema });
    await ex.execute(call(server, patch, { id: 7, force: true }));
    assert.equal(up.received[0]!.method, 'DELETE');
    assert.equal(up.received[0]!.url, '/x?id=7&force=true');
    assert.equal(up.received[0]!.body, '');
    assert.equal(up.received[1]!.method, 'PATCH');
    assert.equal(up.received[1]!.url, '/x');
    assert.deepEqual(JSON.parse(up.received[1]!.body), { id: 7, force: true });
  });

  test('serialises arrays and objects in the query by style: repeat, comma, deepObject', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/search`,
      parameter_mapping: {
        ids: { target: 'query', key: 'id' },
        tags: { target: 'query', key: 'tags', style: 'comma' },
        filter: { target: 'query', key: 'filter', style: 'deepObject' },
        sort: { target: 'query', key: 'sort' },
      },
      input_schema: {
        type: 'object',
        properties: {
          ids: { type: 'array' },
          tags: { type: 'array' },
          filter: { type: 'object' },
          sort: { type: 'object' },
        },
      },
    });
    await ex.execute(
      call(server, tool, {
        ids: [1, 2],
        tags: ['x y', 'z'],
        filter: { status: 'open', owner: { name: 'ann' } },
        sort: { by: 'date' },
      }),
    );
    assert.equal(
      up.received[0]!.url,
      '/search?id=1&id=2&tags=x%20y,z&filter[status]=open&filter[owner][name]=ann&sort[by]=date',
    );
  });

  test('form targets and a form Content-Type send a form-encoded body', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/login`,
      http_method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      input_schema: { type: 'object', properties: { user: { type: 'string' }, note: { type: 'string' } } },
    });
    await ex.execute(call(server, tool, { user: 'ann', note: 'a b&c' }));
    assert.equal(up.received[0]!.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(up.received[0]!.body, 'user=ann&note=a+b%26c');

    const mapped = makeTool({
      endpoint_url: `${up.origin}/form`,
      http_method: 'POST',
      parameter_mapping: { a: { target: 'form', key: 'field_a' } },
      input_schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } },
    });
    await ex.execute(call(server, mapped, { a: 'x', b: 2 }));
    assert.equal(up.received[1]!.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(up.received[1]!.body, 'b=2&field_a=x');
  });

  test('a multipart Content-Type sends multipart/form-data fields', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/upload`,
      http_method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      input_schema: { type: 'object', properties: { title: { type: 'string' } } },
    });
    await ex.execute(call(server, tool, { title: 'Hello' }));
    const r = up.received[0]!;
    const boundary = /boundary=(\S+)/.exec(String(r.headers['content-type']))![1]!;
    assert.equal(
      r.body,
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--${boundary}--\r\n`,
    );
  });

  test('a body mapping with key "$" sends the argument as the whole body, e.g. a JSON array', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/bulk`,
      http_method: 'POST',
      parameter_mapping: { items: { target: 'body', key: '$' } },
      input_schema: {
        type: 'object',
        properties: { items: { type: 'array', items: { type: 'object' } } },
        required: ['items'],
      },
    });
    await ex.execute(call(server, tool, { items: [{ id: 1 }, { id: 2 }] }));
    assert.deepEqual(JSON.parse(up.received[0]!.body), [{ id: 1 }, { id: 2 }]);
    assert.equal(up.received[0]!.headers['content-type'], 'application/json');
  });

  test('renders a JSON body template keeping types, and a text template raw', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/tpl`,
      http_method: 'POST',
      body_template: '{"query":"{{q}}","limit":"{{limit}}","label":"item-{{q}}"}',
      input_schema: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } },
    });
    await ex.execute(call(server, tool, { q: 'say "hi"', limit: 5 }));
    assert.deepEqual(JSON.parse(up.received[0]!.body), {
      query: 'say "hi"',
      limit: 5,
      label: 'item-say "hi"',
    });
    const xml = makeTool({
      endpoint_url: `${up.origin}/xml`,
      http_method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body_template: '<q>{{q}}</q>',
      input_schema: { type: 'object', properties: { q: { type: 'string' } } },
    });
    await ex.execute(call(server, xml, { q: 'lamp' }));
    assert.equal(up.received[1]!.body, '<q>lamp</q>');
    assert.equal(up.received[1]!.url, '/xml');
  });

  test('rejects invalid arguments naming each bad field, without sending anything', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/v`,
      input_schema: {
        type: 'object',
        properties: { count: { type: 'integer' }, email: { type: 'string', format: 'email' } },
        required: ['city'],
      },
    });
    const out = await ex.execute(call(server, tool, { count: 'two', email: 'nope' }));
    assert.equal(out.ok, false);
    assert.equal(out.ok ? '' : out.reason, 'invalid_arguments');
    assert.equal(out.result.isError, true);
    const text = (out.result.content[0] as { text: string }).text;
    assert.match(text, /city is required/);
    assert.match(text, /count must be integer/);
    assert.match(text, /email must match format "email"/);
    assert.equal(out.outbound, null);
    assert.equal(up.received.length, 0);
  });

  test('reads draft-07 and 2020-12 schemas by their $schema and applies defaults', async () => {
    const d7 = makeTool({
      endpoint_url: `${up.origin}/d7`,
      input_schema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] } },
      },
    });
    const bad7 = await ex.execute(call(server, d7, { pair: ['a', 'b'] }));
    assert.equal(bad7.ok, false);
    assert.match((bad7.result.content[0] as { text: string }).text, /pair\.1 must be integer/);
    const d2020 = makeTool({
      endpoint_url: `${up.origin}/d2020`,
      input_schema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
          lang: { type: 'string', default: 'en' },
        },
      },
    });
    const bad2020 = await ex.execute(call(server, d2020, { pair: ['a', 'b'] }));
    assert.match((bad2020.result.content[0] as { text: string }).text, /pair\.1 must be integer/);
    const good = await ex.execute(call(server, d2020, { pair: ['a', 1] }));
    assert.equal(good.ok, true);
    assert.equal(up.received[0]!.url, '/d2020?pair=a&pair=1&lang=en');
  });
});
