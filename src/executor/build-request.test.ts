import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BuildError, buildRequest } from './build-request.ts';
import { makeTool } from './test-support.ts';

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
