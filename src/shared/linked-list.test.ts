import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LinkedList } from './linked-list.ts';

const values = <T>(list: LinkedList<T>): T[] => {
  const out: T[] = [];
  for (let n = list.head; n; n = n.next) out.push(n.value);
  return out;
};

describe('LinkedList', () => {
  it('keeps insertion order and unlinks head, middle and tail', () => {
    const list = new LinkedList<string>();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((v) => list.push(v));
    list.remove(b!);
    assert.deepEqual(values(list), ['a', 'c', 'd']);
    list.remove(a!);
    list.remove(d!);
    assert.deepEqual(values(list), ['c']);
    assert.equal(list.head, c);
    assert.equal(list.tail, c);
    assert.equal(list.size, 1);
  });

  it('ignores a node removed twice or from another list', () => {
    const one = new LinkedList<number>();
    const other = new LinkedList<number>();
    const n = one.push(1);
    one.push(2);
    other.remove(n);
    assert.deepEqual(values(one), [1, 2]);
    one.remove(n);
    one.remove(n);
    assert.deepEqual(values(one), [2]);
    assert.equal(one.size, 1);
    assert.equal(n.next, null);
  });

  it('finds the oldest match and clears every node', () => {
    const list = new LinkedList<{ id: number }>();
    list.push({ id: 1 });
    const second = list.push({ id: 2 });
    list.push({ id: 2 });
    assert.equal(
      list.find((v) => v.id === 2),
      second,
    );
    assert.equal(
      list.find((v) => v.id === 9),
      undefined,
    );
    list.clear();
    assert.equal(list.size, 0);
    assert.equal(list.head, null);
    assert.equal(second.list, null);
    list.remove(second);
    assert.equal(list.size, 0);
  });
});
