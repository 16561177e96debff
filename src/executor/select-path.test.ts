import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JSONPath } from 'jsonpath-plus';
import { select } from './select-path.ts';

const doc = {
  data: {
    items: [
      { id: 1, name: 'Lamp', tags: ['a', 'b'] },
      { id: 2, name: 'Desk', tags: [] },
      { id: 3, tags: ['c'] },
    ],
    total: 3,
    'odd key': { x: null },
    star: { '*': 'literal', other: 1 },
  },
  list: [[1, 2], [3]],
  text: 'hello',
  zero: 0,
};

/** What the selector gave before the fast path: jsonpath-plus alone. */
function reference(value: unknown, selector: string): unknown {
  const path = selector.startsWith('$') ? selector : `$.${selector.replace(/^\./, '')}`;
  const matches = JSONPath({ path, json: value as object, wrap: true, eval: 'safe' }) as unknown[];
  const many = /\*|\.\.|\?\(|\[[^\]]*[:,][^\]]*\]/.test(path);
  return many ? matches : (matches[0] ?? null);
}

describe('select (JSONPath)', () => {
  const selectors = [
    '$.data.items[*].name',
    '$.data.items[0]',
    '$.data.items[1].name',
    '$.data.items[7].name',
    '$.data.items.*.id',
    '$.data.items[*].tags[*]',
    "$.data['odd key']",
    '$.data["odd key"].x',
    '$.data.star.*',
    '$.data.star[*]',
    '$.data.*',
    '$.list[*][*]',
    '$.list[0][1]',
    '$.text.length',
    '$.text[0]',
    '$.zero.x',
    '$.missing.deeper',
    'data.total',
    '.data.total',
    '$..name',
    '$.data.items[?(@.id > 1)].name',
    '$.data.items[0:2].id',
    '$.data.items[0,2].id',
    '$.data.items[-1:]',
  ];
  for (const selector of selectors)
    test(`${selector} matches jsonpath-plus`, () => {
      assert.deepEqual(select(doc, selector), reference(doc, selector));
    });

  test('gives definite paths one value and wildcards an array', () => {
    assert.deepEqual(select(doc, '$.data.items[*].name'), ['Lamp', 'Desk']);
    assert.equal(select(doc, '$.data.items[1].name'), 'Desk');
    assert.equal(select(doc, '$.data.nothing'), null);
    assert.deepEqual(select([{ a: 1 }, 'x', { a: 2 }], '$[*].a'), [1, 2]);
  });
});
