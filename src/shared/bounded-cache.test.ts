import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BoundedCache } from './bounded-cache.ts';

describe('bounded cache', () => {
  test('keeps at most maxEntries, dropping the first inserted in FIFO order even after a read', () => {
    const cache = new BoundedCache<number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1);
    cache.set('c', 3);
    assert.equal(cache.size, 2);
    assert.equal(cache.get('a'), undefined, 'oldest insert goes, reads do not keep it');
    assert.equal(cache.get('b'), 2);
    assert.equal(cache.get('c'), 3);
  });

  test('in LRU order a read keeps an entry and the least recently used goes', () => {
    const cache = new BoundedCache<number>({ maxEntries: 2, order: 'lru' });
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1);
    cache.set('c', 3);
    assert.deepEqual([cache.get('a'), cache.get('b'), cache.get('c')], [1, undefined, 3]);
  });

  test('replacing a key does not evict another one', () => {
    const cache = new BoundedCache<string>({ maxEntries: 2 });
    cache.set('a', 'one');
    cache.set('b', 'two');
    cache.set('a', 'uno');
    assert.equal(cache.size, 2);
    assert.equal(cache.get('a'), 'uno');
    assert.equal(cache.get('b'), 'two');
  });

  test('bounds the total size, evicting oldest first and refusing an entry larger than the bound', () => {
    const cache = new BoundedCache<string>({ maxEntries: 100, maxBytes: 10, sizeOf: (v) => v.length });
    assert.equal(cache.set('a', 'xxxx'), true);
    assert.equal(cache.set('b', 'yyyy'), true);
    assert.equal(cache.bytes, 8);
    cache.set('c', 'zzzz');
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.bytes, 8);
    assert.equal(cache.set('huge', 'x'.repeat(11)), false);
    assert.equal(cache.get('huge'), undefined);
    assert.equal(cache.bytes, 8, 'a refused entry evicts nothing');
  });

  test('delete and clear give back the size they held', () => {
    const cache = new BoundedCache<string>({ maxEntries: 10, maxBytes: 100, sizeOf: (v) => v.length });
    cache.set('a', 'abc');
    cache.set('b', 'de');
    assert.equal(cache.delete('a'), true);
    assert.equal(cache.delete('a'), false);
    assert.equal(cache.bytes, 2);
    assert.equal(cache.has('b'), true);
    cache.clear();
    assert.equal(cache.size, 0);
    assert.equal(cache.bytes, 0);
    assert.equal(cache.get('b'), undefined);
  });

  test('a cache of 20,000 distinct keys stays at its bound', () => {
    const cache = new BoundedCache<number>({ maxEntries: 1_000 });
    for (let i = 0; i < 20_000; i++) cache.set(`key ${i}`, i);
    assert.equal(cache.size, 1_000);
    assert.equal(cache.get('key 19999'), 19_999);
    assert.equal(cache.get('key 18999'), undefined);
  });

  test('oldest() names the entry that goes next, without moving it', () => {
    const cache = new BoundedCache<number>({ maxEntries: 3, order: 'lru' });
    assert.equal(cache.oldest(), undefined);
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.oldest(), 'a');
    cache.get('a');
    assert.equal(cache.oldest(), 'b');
    cache.set('c', 3);
    cache.set('d', 4);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.oldest(), 'a');
  });
});
