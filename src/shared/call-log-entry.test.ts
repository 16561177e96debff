import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  capLoggedResponse,
  MAX_LOGGED_ARGS_CHARS,
  redactSecrets,
  serializeLoggedArgs,
} from './call-log-entry.ts';

test('redacts values under secret-looking keys at any depth', () => {
  const stored = serializeLoggedArgs({
    q: 'x',
    api_key: 'k',
    list: [{ password: 'p', keep: 1 }],
    Token: 't',
  });
  assert.deepEqual(JSON.parse(stored ?? ''), {
    q: 'x',
    api_key: '[redacted]',
    list: [{ password: '[redacted]', keep: 1 }],
    Token: '[redacted]',
  });
  assert.equal(serializeLoggedArgs(undefined), null);
});

test('arguments over the cap become a valid JSON marker within the cap, quotes and backslashes included', () => {
  for (const filler of ['a', '"', '\\', 'é', '\n']) {
    const args = { text: filler.repeat(20_000), secret: 's' };
    const stored = serializeLoggedArgs(args) ?? '';
    assert.ok(stored.length <= MAX_LOGGED_ARGS_CHARS, `${JSON.stringify(filler)}: ${stored.length}`);
    const marker = JSON.parse(stored);
    assert.equal(marker.truncated, true);
    assert.equal(
      marker.original_length,
      JSON.stringify({ text: filler.repeat(20_000), secret: '[redacted]' }).length,
    );
    assert.ok(marker.preview.startsWith('{"text":"'));
  }
});

test('cuts a logged response on a UTF-8 character boundary', () => {
  assert.equal(capLoggedResponse('hello', 64), 'hello');
  assert.equal(capLoggedResponse('aé', 2), 'a');
  assert.equal(capLoggedResponse('€€', 4), '€');
  assert.equal(capLoggedResponse('abc', 0), null);
});

test('redaction copies only what it changes and leaves the arguments as they were', () => {
  const clean = { q: 'x', list: [{ keep: 1 }, 'a'], nested: { deep: { n: 2 } } };
  assert.equal(redactSecrets(clean), clean, 'nothing to redact: the value itself');
  const args = { q: 'x', list: [{ keep: 1 }, { token: 't' }], other: { n: 1 } };
  const redacted = redactSecrets(args) as typeof args;
  assert.deepEqual(redacted, { q: 'x', list: [{ keep: 1 }, { token: '[redacted]' }], other: { n: 1 } });
  assert.deepEqual(args.list[1], { token: 't' }, 'the input is not changed');
  assert.equal(redacted.other, args.other, 'unchanged branches are shared');
});

test('redaction keeps the copy rules for __proto__ keys and objects that are not plain', () => {
  const args = JSON.parse('{"__proto__":{"a":1},"q":"x"}') as Record<string, unknown>;
  assert.equal(JSON.stringify(redactSecrets(args)), '{"q":"x"}', 'as the copy always did');
  assert.equal(serializeLoggedArgs({ at: new Date(0), q: 'x' }), '{"at":{},"q":"x"}');
});
