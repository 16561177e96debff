/**
 * A doubly linked list whose nodes the caller keeps, for registries that every request joins
 * and leaves (pending answers, in-flight requests). Why not a Map or a Set: V8 reallocates a
 * hash table's storage as entries come and go, and a discarded table that had reached the old
 * generation still points at the request objects it held, so each scavenge promoted whole
 * request graphs (measured: ~1 MB per scavenge under tools/call load, a tenth of all allocation,
 * and the major collections and GC threads to match). Unlinking a node overwrites the only
 * references there are.
 */
export interface ListNode<T> {
  readonly value: T;
  prev: ListNode<T> | null;
  next: ListNode<T> | null;
  /** The list the node is on; null once removed. */
  list: LinkedList<T> | null;
}

export class LinkedList<T> {
  head: ListNode<T> | null = null;
  tail: ListNode<T> | null = null;
  size = 0;

  /** Appends `value`; the node removes it again. */
  push(value: T): ListNode<T> {
    return this.append({ value, prev: null, next: null, list: null });
  }

  /** Appends a node the caller made (an object that is its own node allocates nothing to wait). */
  append(node: ListNode<T>): ListNode<T> {
    node.prev = this.tail;
    node.next = null;
    node.list = this;
    if (this.tail) this.tail.next = node;
    else this.head = node;
    this.tail = node;
    this.size++;
    return node;
  }

  /** Unlinks `node`; a node already removed (or of another list) is left alone. */
  remove(node: ListNode<T>): void {
    if (node.list !== this) return;
    if (node.prev) node.prev.next = node.next;
    else this.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.tail = node.prev;
    node.prev = null;
    node.next = null;
    node.list = null;
    this.size--;
  }

  /** The first node whose value passes `test`, from the oldest. */
  find(test: (value: T) => boolean): ListNode<T> | undefined {
    for (let n = this.head; n; n = n.next) if (test(n.value)) return n;
    return undefined;
  }

  clear(): void {
    for (let n = this.head; n; ) {
      const next = n.next;
      n.prev = null;
      n.next = null;
      n.list = null;
      n = next;
    }
    this.head = null;
    this.tail = null;
    this.size = 0;
  }
}
