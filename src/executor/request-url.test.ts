import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RequestUrl } from './request-url.ts';

/** What the WHATWG parser makes of `text`, in RequestUrl's terms. */
function parsed(text: string) {
  const url = new URL(text);
  return {
    href: url.href,
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    hostname: url.hostname,
    protocol: url.protocol,
  };
}

function partsOf(r: RequestUrl) {
  return { href: r.href, origin: r.origin, path: r.path, hostname: r.hostname, protocol: r.protocol };
}

describe('RequestUrl', () => {
  test('plain text is taken as it is only where the parser gives back the same URL', () => {
    const origins = [
      'http://h.test',
      'https://api.example.com',
      'http://127.0.0.1:8080',
      'http://[::1]:9000',
      'http://H.test',
      'http://h.test:80',
      'https://h.test:443',
      'http://u:p@h.test',
      'http://h.test.',
    ];
    // Characters a path, a path value or a query may hold, the awkward ones included.
    const alphabet = [
      'a',
      'Z',
      '0',
      '-',
      '_',
      '.',
      '~',
      '!',
      '$',
      '&',
      "'",
      '(',
      ')',
      '*',
      '+',
      ',',
      ';',
      '=',
      ':',
      '@',
      '/',
      '%',
      '%2e',
      '%2E',
      '%41',
      '?',
      '#',
      ' ',
      '\t',
      '\\',
      '|',
      '^',
      '`',
      '{',
      '}',
      '[',
      ']',
      '"',
      '<',
      '>',
      'é',
      '..',
      '/..',
      '/.',
      '\n',
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    let plain = 0;
    for (let i = 0; i < 20_000; i++) {
      let path = '/';
      for (let k = next(12); k > 0; k--) path += alphabet[next(alphabet.length)];
      const text = `${origins[next(origins.length)]}${path}`;
      const fast = RequestUrl.plain(text);
      if (!fast) continue;
      plain++;
      assert.deepEqual(partsOf(fast), parsed(text), text);
    }
    // The comparison ran on a real share of the inputs (a plain path that never applied would pass).
    assert.ok(plain > 1_000, `only ${plain} plain URLs`);
  });

  test('what the parser would rewrite is parsed', () => {
    for (const text of [
      'http://h.test/a/../b',
      'http://h.test/a/%2e%2E/b',
      'http://h.test/a?',
      'http://H.test/a',
      'http://h.test:80/a',
      'http://h.test/a b',
      'http://h.test/a#frag',
      'http://h.test',
      ' http://h.test/a',
      'ftp://h.test/a',
    ]) {
      assert.equal(RequestUrl.plain(text), undefined, text);
      assert.deepEqual(partsOf(RequestUrl.fromText(text)), parsed(text), text);
    }
    assert.equal(RequestUrl.fromText('http://h.test/a#frag').href, 'http://h.test/a#frag');
    assert.throws(() => RequestUrl.fromText('not a url'), TypeError);
  });

  test('the common tool URL is taken as it is, with its parts', () => {
    const url = RequestUrl.plain('http://127.0.0.1:18080/pets/12?verbose=true&tags=a%20b');
    assert.ok(url);
    assert.equal(url.origin, 'http://127.0.0.1:18080');
    assert.equal(url.path, '/pets/12?verbose=true&tags=a%20b');
    assert.equal(url.pathname, '/pets/12');
    assert.equal(url.search, '?verbose=true&tags=a%20b');
    assert.equal(url.hostname, '127.0.0.1');
    assert.equal(url.protocol, 'http:');
  });

  test('toURL gives a URL of its own each time', () => {
    const url = RequestUrl.fromText('https://h.test/a?x=1');
    const copy = url.toURL();
    copy.searchParams.set('key', 'secret');
    assert.equal(url.href, 'https://h.test/a?x=1');
    assert.equal(RequestUrl.of(copy).path, '/a?x=1&key=secret');
  });
});
