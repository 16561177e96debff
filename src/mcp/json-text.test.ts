import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stringifyMessage, withJsonText } from './json-text.ts';

test('a response whose result has a kept text is written with that text, added fields appended', () => {
  const page = { tools: [{ name: 'a' }], nextCursor: 'x' };
  const result = withJsonText({ ...page }, JSON.stringify(page));
  const plain = { jsonrpc: '2.0', id: 7, result: { ...page } };
  assert.equal(stringifyMessage({ jsonrpc: '2.0', id: 7, result }), JSON.stringify(plain));
  Object.assign(result, { resultType: 'complete', ttlMs: 300000 });
  const decorated = { jsonrpc: '2.0', id: 'q', result: { ...page, resultType: 'complete', ttlMs: 300000 } };
  assert.deepEqual(JSON.parse(stringifyMessage({ jsonrpc: '2.0', id: 'q', result })), decorated);
});

test('the kept text is what is written (proof it is not serialized again), batches and plain messages too', () => {
  const result = withJsonText({ tools: [] as unknown[] }, '{"tools":["kept"]}');
  assert.equal(
    stringifyMessage({ jsonrpc: '2.0', id: 1, result }),
    '{"jsonrpc":"2.0","id":1,"result":{"tools":["kept"]}}',
  );
  const empty: Record<string, unknown> = withJsonText({}, '{}');
  empty.ttlMs = 0;
  assert.equal(
    stringifyMessage({ jsonrpc: '2.0', id: 2, result: empty }),
    '{"jsonrpc":"2.0","id":2,"result":{"ttlMs":0}}',
  );
  const batch = [
    { jsonrpc: '2.0', id: 3, result },
    { jsonrpc: '2.0', id: 4, error: { code: -1, message: 'm' } },
  ];
  assert.deepEqual(JSON.parse(stringifyMessage(batch)), [
    { jsonrpc: '2.0', id: 3, result: { tools: ['kept'] } },
    { jsonrpc: '2.0', id: 4, error: { code: -1, message: 'm' } },
  ]);
});
