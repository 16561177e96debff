import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { makeTool } from '../../test/executor-kit.ts';
import { BuildError, buildRequest, replaceEvery } from './build-request.ts';

/** The URL the request goes to, for a GET tool at `endpoint` called with `args`. */
function urlOf(endpoint: string, args: Record<string, unknown>): string {
  return buildRequest(makeTool({ endpoint_url: endpoint }), args).url.href;
}

describe('buildRequest URL', () => {
  test('adds query pairs after the ones the endpoint already has, encoded once', () => {
    assert.equal(urlOf('http://h.test/a/{{id}}', { id: 'x y', q: 'a&b' }), 'http://h.test/a/x%20y?q=a%26b');
    assert.equal(urlOf('http://h.test/a?fixed=1', { q: 2 }), 'http://h.test/a?fixed=1&q=2');
    assert.equal(urlOf('http://h.test/a?', { q: 2 }), 'http://h.test/a?q=2');
    assert.equal(urlOf('http://h.test/a?s=a b', { q: 'é' }), 'http://h.test/a?s=a%20b&q=%C3%A9');
    assert.equal(urlOf('http://h.test/a', { tags: ['x', 'y'] }), 'http://h.test/a?tags=x&tags=y');
  });

  test('keeps a fragment after the query and ignores edge whitespace', () => {
    assert.equal(urlOf('http://h.test/a?k=1#top', { q: 2 }), 'http://h.test/a?k=1&q=2#top');
    assert.equal(urlOf('  http://h.test/a  ', { q: 2 }), 'http://h.test/a?q=2');
  });

  test('refuses URLs that do not parse or are not http(s)', () => {
    assert.throws(() => urlOf('not a url/{{id}}', { id: 1, q: 2 }), BuildError);
    assert.throws(() => urlOf('ftp://h.test/a', { q: 2 }), /must be http or https, not ftp:/);
  });
});

describe('buildRequest OpenAPI styles', () => {
  const tool = (mapping: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    makeTool({ endpoint_url: 'http://h.test/p/{{ids}}', parameter_mapping: mapping as never, ...extra });

  test('query parameters of every style, explode on and off', () => {
    const arr = ['a b', 'c'];
    const obj = { role: 'admin', n: 2 };
    const q = (style: string | undefined, value: unknown) =>
      buildRequest(
        makeTool({
          endpoint_url: 'http://h.test/q',
          parameter_mapping: { v: { target: 'query', key: 'v', ...(style ? { style } : {}) } } as never,
        }),
        { v: value },
      ).url.search;
    assert.equal(q('form', arr), '?v=a%20b&v=c');
    assert.equal(q('form', obj), '?role=admin&n=2');
    assert.equal(q('comma', arr), '?v=a%20b,c');
    assert.equal(q('comma', obj), '?v=role,admin,n,2');
    assert.equal(q('spaceDelimited', arr), '?v=a%20b%20c');
    assert.equal(q('pipeDelimited', arr), '?v=a%20b|c');
    assert.equal(q('deepObject', obj), '?v[role]=admin&v[n]=2');
    assert.equal(q('deepObject', { a: [{ b: 1 }] }), '?v[a][0][b]=1');
    assert.equal(q(undefined, arr), '?v=a%20b&v=c');
  });

  test('form bodies follow each field style: Stripe deepObject arrays are indexed', () => {
    const req = buildRequest(
      makeTool({
        endpoint_url: 'http://h.test/v1/invoices',
        http_method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        parameter_mapping: {
          discounts: { target: 'body', key: 'discounts', style: 'deepObject' },
          account_tax_ids: { target: 'body', key: 'account_tax_ids', style: 'deepObject' },
          expand: { target: 'body', key: 'expand', style: 'comma' },
          customer: { target: 'body', key: 'customer' },
        } as never,
      }),
      { discounts: [{ coupon: 'C1' }], account_tax_ids: ['t1', 't2'], expand: ['a', 'b'], customer: 'cus 1' },
    );
    assert.equal(
      req.body,
      'discounts[0][coupon]=C1&account_tax_ids[0]=t1&account_tax_ids[1]=t2&expand=a,b&customer=cus+1',
    );
    assert.equal(req.headers['content-type'], 'application/x-www-form-urlencoded');
  });

  test('path and header arrays use the simple style; a raw string body under a form type is sent as is', () => {
    const req = buildRequest(
      tool({ ids: { target: 'path', key: 'ids' }, tags: { target: 'header', key: 'X-Tags' } }),
      { ids: ['1', 'a/b'], tags: ['x', 'y'] },
    );
    assert.equal(req.url.pathname, '/p/1,a%2Fb');
    assert.equal(req.headers['x-tags'], 'x,y');
    const raw = buildRequest(
      makeTool({
        endpoint_url: 'http://h.test/n',
        http_method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        parameter_mapping: { body: { target: 'body', key: '$' } },
      }),
      { body: '123' },
    );
    assert.equal(raw.body, '123');
  });

  test('multipart: a deepObject field becomes bracketed parts, another object one JSON part', () => {
    const req = buildRequest(
      makeTool({
        endpoint_url: 'http://h.test/v1/files',
        http_method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data' },
        parameter_mapping: {
          file_link_data: { target: 'body', key: 'file_link_data', style: 'deepObject' },
          meta: { target: 'body', key: 'meta' },
        } as never,
      }),
      { file_link_data: { create: true, tags: ['a'] }, meta: { k: 1 } },
    );
    const names = [...req.body!.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)/g)].map((m) => `${m[1]}=${m[2]}`);
    assert.deepEqual(names, ['file_link_data[create]=true', 'file_link_data[tags][0]=a', 'meta={"k":1}']);
  });

  test('custom method tokens are sent as written, standard ones upper-cased', () => {
    assert.equal(
      buildRequest(makeTool({ endpoint_url: 'http://h.test/', http_method: 'wHat' }), {}).method,
      'wHat',
    );
    assert.equal(
      buildRequest(makeTool({ endpoint_url: 'http://h.test/', http_method: 'purge' }), {}).method,
      'purge',
    );
    assert.equal(
      buildRequest(makeTool({ endpoint_url: 'http://h.test/', http_method: 'post' }), {}).method,
      'POST',
    );
  });
});

describe('replaceEvery', () => {
  test('replaces every occurrence literally, overlapping marks left to right, none when absent', () => {
    assert.equal(replaceEvery('/a/{id}/b/{id}', '{id}', '7'), '/a/7/b/7');
    assert.equal(replaceEvery('/x', '{id}', '7'), '/x');
    assert.equal(replaceEvery('{id}', '{id}', '$&$1'), '$&$1');
    assert.equal(replaceEvery('{{id}}', '{id}', 'v'), '{v}');
    assert.equal(replaceEvery('aaa', 'aa', 'b'), 'ba');
    for (const [text, mark, value] of [
      ['/p/{{k}}/{{k}}{{k}}', '{{k}}', 'x%2F'],
      ['', '{a}', 'z'],
      ['{a}{a}', '{a}', ''],
    ] as const)
      assert.equal(replaceEvery(text, mark, value), text.split(mark).join(value));
  });
});
