import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type OutboundCredentials, parseCredentials } from '../servers/credentials.ts';
import type { PreparedRequest } from './build-request.ts';
import { encodeMultipart } from './encode.ts';
import { applyCredentials } from './outbound-auth.ts';
import { RequestUrl } from './request-url.ts';
import { viewRequest } from './request-view.ts';

function request(
  body: string | null,
  headers: Record<string, string> = {},
  url = 'https://api.example/x?a=1',
): PreparedRequest {
  return { method: 'POST', url: RequestUrl.fromText(url), headers, body };
}

function send(req: PreparedRequest, creds: OutboundCredentials) {
  const masks = applyCredentials(req, creds);
  return { req, view: viewRequest(req, masks) };
}

describe('API keys in a cookie, a body field, or several at once', () => {
  test('a body key joins a JSON object body, a form body, an empty body (JSON) and a multipart body; the view masks it', () => {
    const key = { type: 'api-key', name: 'client_secret', value: 'cs-1', location: 'body' } as const;
    const json = send(request('{"q":"cats"}', { 'content-type': 'application/json' }), key);
    assert.equal(json.req.body, '{"q":"cats","client_secret":"cs-1"}');
    assert.equal(json.view.body, '{"q":"cats","client_secret":"****"}');
    const form = send(request('q=cats', { 'content-type': 'application/x-www-form-urlencoded' }), key);
    assert.equal(form.req.body, 'q=cats&client_secret=cs-1');
    assert.equal(form.view.body, 'q=cats&client_secret=****');
    const empty = send(request(null), key);
    assert.equal(empty.req.body, '{"client_secret":"cs-1"}');
    assert.equal(empty.req.headers['content-type'], 'application/json');
    const parts = encodeMultipart({ q: 'cats' }, {}, 'b0undary');
    const multi = send(request(parts.body, { 'content-type': parts.contentType }), key);
    assert.equal(
      multi.req.body,
      '--b0undary\r\nContent-Disposition: form-data; name="q"\r\n\r\ncats\r\n' +
        '--b0undary\r\nContent-Disposition: form-data; name="client_secret"\r\n\r\ncs-1\r\n--b0undary--\r\n',
    );
    assert.ok(!multi.view.body?.includes('cs-1'));
    // A body that has no fields (an array) is left as it is.
    assert.equal(send(request('[1]', { 'content-type': 'application/json' }), key).req.body, '[1]');
  });

  test('a cookie key joins the cookies the tool sends, replacing one of its name; a Cookie header key is appended', () => {
    const cookie = send(request(null, { cookie: 'theme=dark; sid=old' }), {
      type: 'api-key',
      name: 'sid',
      value: 's-1',
      location: 'cookie',
    });
    assert.equal(cookie.req.headers.cookie, 'theme=dark; sid=s-1');
    assert.equal(cookie.view.headers.cookie, 'theme=dark; sid=****');
    const header = send(request(null, { cookie: 'theme=dark' }), {
      type: 'bearer',
      token: 't-1',
      extra_keys: [{ name: 'Cookie', value: 'sid=s-2', location: 'header' }],
    });
    assert.equal(header.req.headers.cookie, 'theme=dark; sid=s-2');
    assert.equal(header.req.headers.authorization, 'Bearer t-1');
    assert.equal(header.view.headers.cookie, 'theme=dark; ****');
    assert.equal(header.view.headers.authorization, 'Bearer ****');
  });

  test('extra query keys replace the tool pair of their name, repeat a name given twice, and are masked', () => {
    const { req, view } = send(request(null, {}, 'https://api.example/x?key=tool&a=1'), {
      type: 'api-key',
      name: 'key',
      value: 'k-1',
      location: 'query',
      extra_keys: [
        { name: 'key', value: 'k-2', location: 'query' },
        { name: 'X-Key', value: 'h-1', location: 'header' },
      ],
    });
    assert.equal(req.url.href, 'https://api.example/x?key=k-1&a=1&key=k-2');
    assert.equal(req.headers['x-key'], 'h-1');
    assert.ok(!view.url.includes('k-1') && !view.url.includes('k-2'));
    assert.equal(view.headers['x-key'], '****');
  });

  test('saved credentials accept cookie and body locations and extra_keys; a bad entry is 400 naming it, never its value', () => {
    assert.deepEqual(parseCredentials('c', { name: 'sid', value: 'v', location: 'cookie' }), {
      type: 'api-key',
      name: 'sid',
      value: 'v',
      location: 'cookie',
    });
    assert.deepEqual(
      parseCredentials('c', { token: 't', extra_keys: [{ name: 'password', value: 'p', location: 'body' }] }),
      { type: 'bearer', token: 't', extra_keys: [{ name: 'password', value: 'p', location: 'body' }] },
    );
    assert.throws(
      () =>
        parseCredentials('c', {
          token: 't',
          extra_keys: [{ name: 'x', value: 'secret-v', location: 'path' }],
        }),
      (err: Error & { data?: { params?: Record<string, string> } }) =>
        'c.extra_keys[0]' in (err.data?.params ?? {}) && !JSON.stringify(err.data).includes('secret-v'),
    );
    assert.throws(() => parseCredentials('c', { name: 'k', value: 'v', location: 'path' }));
  });
});
