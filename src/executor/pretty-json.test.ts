import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { prettyJsonText } from './pretty-json.ts';

/** What prettyJsonText must equal whenever it answers. */
const roundTrip = (body: string | Buffer) => JSON.stringify(JSON.parse(body.toString()), null, 2);

const pretty = (text: string) => prettyJsonText(Buffer.from(text));

/** The body's answer, checked: undefined, or exactly the round trip of valid JSON. */
function check(body: string | Buffer): string | undefined {
  const fast = prettyJsonText(Buffer.from(body));
  if (fast !== undefined) assert.equal(fast, roundTrip(body), `for ${JSON.stringify(body.toString())}`);
  return fast;
}

test('re-indents a compact object exactly as the parse and pretty-print round trip does', () => {
  const body =
    '{"id":7,"name":"pet-7","tags":["friendly","vaccinated"],"owner":{"id":1007,"email":"o@x.test"},' +
    '"price":9.99,"ok":true,"gone":false,"note":null,"empty":{},"none":[],"quote":"a \\"b\\" \\\\ \\n\\t"}';
  assert.equal(
    check(body),
    [
      '{',
      '  "id": 7,',
      '  "name": "pet-7",',
      '  "tags": [',
      '    "friendly",',
      '    "vaccinated"',
      '  ],',
      '  "owner": {',
      '    "id": 1007,',
      '    "email": "o@x.test"',
      '  },',
      '  "price": 9.99,',
      '  "ok": true,',
      '  "gone": false,',
      '  "note": null,',
      '  "empty": {},',
      '  "none": [],',
      '  "quote": "a \\"b\\" \\\\ \\n\\t"',
      '}',
    ].join('\n'),
  );
});

test('re-indents already indented text, scalars and empty containers with inner space', () => {
  assert.equal(
    check('{\r\n\t"a" : [ 1 , 2 ] ,\n "b" : { }  }\n'),
    '{\n  "a": [\n    1,\n    2\n  ],\n  "b": {}\n}',
  );
  assert.equal(check(' "text" '), '"text"');
  assert.equal(check('-0.0125'), '-0.0125');
  assert.equal(check('123456789012345678901'), undefined);
  assert.equal(check('100000000000000000000'), '100000000000000000000');
  assert.equal(check('[ ]'), '[]');
  assert.equal(check('"emoji 😀 and é"'), '"emoji 😀 and é"');
  assert.equal(check('{"__proto__":{"x":1}}'), '{\n  "__proto__": {\n    "x": 1\n  }\n}');
});

test('leaves to the round trip what it would write differently', () => {
  for (const text of [
    '{"a":1,"a":2}', // JSON.parse keeps the last value at the first place
    '{"b":1,"2":2}', // array-index keys come first
    '-0',
    '1.0',
    '1e3',
    '0.10',
    '12345678901234567', // rounds in a double
    '1e400',
    '"a\\/b"',
    '"\\u0041"',
    '"\\ud800"',
    '{"k\\n":1}',
  ]) {
    assert.equal(pretty(text), undefined, text);
    assert.doesNotThrow(() => roundTrip(text));
  }
  assert.equal(pretty(`${'['.repeat(70)}1${']'.repeat(70)}`), undefined, 'deeper than the fixed stack');
  const wide = `{${Array.from({ length: 65 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
  assert.equal(pretty(wide), undefined, 'more keys than are compared');
  assert.equal(typeof check(wide.replace(',"k64":64', '')), 'string');
});

test('answers for invalid UTF-8 inside strings as the decoded text does (U+FFFD)', () => {
  const quoted = (bytes: number[]) => Buffer.from([0x5b, 0x22, ...bytes, 0x22, 0x2c, 0x31, 0x5d]);
  for (const bytes of [
    [0xed, 0xa0, 0x80],
    [0xe2, 0x82],
    [0xff],
    [0xc3],
    [0xf0, 0x9f, 0x98, 0x80],
    [0xc3, 0xa9],
  ])
    assert.equal(typeof check(quoted(bytes)), 'string', bytes.join(' '));
  assert.equal(
    check(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])),
    undefined,
    'a byte order mark is not JSON',
  );
});

test('never answers for text that is not JSON', () => {
  for (const text of [
    '',
    ' ',
    '{',
    '{"a":1,}',
    '[1,]',
    '[1 2]',
    '{"a" 1}',
    '{a:1}',
    '01',
    '-',
    '1.',
    '.5',
    '1e',
    '+1',
    'tru',
    'nulls',
    '"open',
    '"tab\there"',
    '\ufeff{}',
    '{} {}',
    '[1]]',
    '{"a":1]',
    '"\\x"',
  ])
    assert.equal(pretty(text), undefined, JSON.stringify(text));
});

test('matches the round trip on generated JSON, compact, indented and spaced out', () => {
  const spaced = fc
    .tuple(
      fc.jsonValue(),
      fc.constantFrom(0, 1, 2, 4, '\t'),
      fc.array(fc.constantFrom(' ', '\n', '\r', '\t'), { maxLength: 3 }),
    )
    .map(([value, indent, pad]) => `${pad.join('')}${JSON.stringify(value, null, indent)}${pad.join('')}`);
  let answered = 0;
  fc.assert(
    fc.property(spaced, (text) => {
      if (check(text) !== undefined) answered++;
    }),
    { numRuns: 2_000 },
  );
  // Most generated values take the one-pass way (the rest hold keys or numbers it leaves alone).
  assert.ok(answered > 500, `only ${answered} of 2,000 answered`);
});

test('never answers differently from JSON.parse on near-JSON text', () => {
  const piece = fc.constantFrom(
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    ' ',
    '"a"',
    '"b"',
    '1',
    '-0',
    '0.5',
    'true',
    'null',
    '"\\n"',
    '"\\u0041"',
    '2e2',
    '"1"',
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
      check(pieces.join(''));
    }),
    { numRuns: 20_000 },
  );
});
