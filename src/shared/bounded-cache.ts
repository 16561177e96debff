/**
 * A cache with a ceiling: at most `maxEntries` entries and, when `sizeOf` is given, at most
 * `maxBytes` of them by that measure. Past either bound the oldest entry goes first. "Oldest" is
 * the least recently used with `order: 'lru'` (a `get` hit moves the entry to the back), or the
 * first inserted with `order: 'fifo'` (reads cost nothing extra; for caches whose every key is
 * as likely to be read again, such as compiled per-tool text). Built on one Map, whose insertion
 * order is the eviction order, so `get`, `set` and `delete` are O(1) (amortized over evictions).
 *
 * Every module-level cache in Toolgate goes through this helper, so each has a bound a reader
 * can find in one place and none grows with what callers send.
 */
export interface BoundedCacheOptions<V, K = string> {
  /** The most entries kept (at least 1). */
  maxEntries: number;
  /** Which entry goes first past a bound; 'fifo' unless reads should keep an entry. */
  order?: 'lru' | 'fifo';
  /** The size of one entry; with `maxBytes`, bounds the entries' total. */
  sizeOf?: (value: V, key: K) => number;
  /** The most total size kept (needs `sizeOf`); an entry larger than this is not stored. */
  maxBytes?: number;
}

export class BoundedCache<V, K = string> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private readonly maxEntries: number;
  private readonly lru: boolean;
  private readonly sizeOf: ((value: V, key: K) => number) | undefined;
  private readonly maxBytes: number;
  private total = 0;

  constructor(options: BoundedCacheOptions<V, K>) {
    this.maxEntries = Math.max(1, options.maxEntries);
    this.lru = options.order === 'lru';
    this.sizeOf = options.sizeOf;
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Number of entries kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Total size of the entries kept, by `sizeOf` (0 without one). */
  get bytes(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.lru) {
      // Re-inserting moves the key to the back of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The key that goes first past a bound, or undefined when empty; reading it moves nothing. */
  oldest(): K | undefined {
    return this.entries.keys().next().value;
  }

  /** Stores `value`, evicting the oldest entries past a bound; false when it alone is too large. */
  set(key: K, value: V): boolean {
    const bytes = this.sizeOf ? this.sizeOf(value, key) : 0;
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.total + bytes > this.maxBytes)
    )
      this.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    return true;
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.total -= entry.bytes;
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
