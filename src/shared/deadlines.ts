import { LinkedList, type ListNode } from './linked-list.ts';

/*
 * Deadlines for many short-lived operations that share a few durations (an upstream exchange
 * waits as long as its tool's `timeout`). Node's setTimeout made a Timeout object per call (an
 * async id, a read of libuv's clock, a list insert) and clearTimeout unlinked it again. Here the
 * operation is its own list node: one list per duration, in deadline order by construction (every
 * entry of a list waits as long), and one timer, running only while anything waits, that
 * expires the heads that are due. A deadline fires up to TICK_MS late, never early.
 */

/** How often due deadlines are looked for while any is pending. */
export const TICK_MS = 20;

/** What waits for a deadline: its own list node, so waiting allocates nothing. */
export abstract class Waiting implements ListNode<Waiting> {
  deadlineAt = 0;
  prev: ListNode<Waiting> | null = null;
  next: ListNode<Waiting> | null = null;
  list: LinkedList<Waiting> | null = null;

  get value(): Waiting {
    return this;
  }

  /** Runs once, when the deadline passes while it still waits. */
  abstract expire(): void;
}

export class Deadlines {
  readonly #lists = new Map<number, LinkedList<Waiting>>();
  #timer: NodeJS.Timeout | null = null;
  #waiting = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** How many wait. */
  get waiting(): number {
    return this.#waiting;
  }

  /** True while the shared timer runs (only while something waits). */
  get ticking(): boolean {
    return this.#timer !== null;
  }

  /** `w` expires `ms` from now unless removed first. */
  add(w: Waiting, ms: number): void {
    let list = this.#lists.get(ms);
    if (!list) {
      list = new LinkedList<Waiting>();
      this.#lists.set(ms, list);
    }
    w.deadlineAt = this.now() + ms;
    list.append(w);
    this.#waiting++;
    if (!this.#timer) {
      // Ref'd, as a timer per exchange was: it runs only while something waits.
      this.#timer = setInterval(tickDeadlines, TICK_MS, this);
    }
  }

  /** Stops `w` waiting; nothing happens when it no longer waits. */
  remove(w: Waiting): void {
    if (!w.list) return;
    w.list.remove(w);
    this.#waiting--;
  }

  /** Expires every wait that is due (the timer calls it); the timer stops once nothing waits. */
  tick(): void {
    const t = this.now();
    for (const list of this.#lists.values())
      for (let n = list.head; n && n.value.deadlineAt <= t; n = list.head) {
        this.remove(n.value);
        n.value.expire();
      }
    if (this.#waiting === 0) this.#stop();
  }

  /** Drops every wait without expiring it. */
  close(): void {
    for (const list of this.#lists.values()) while (list.head) this.remove(list.head.value);
    this.#stop();
  }

  #stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}

function tickDeadlines(deadlines: Deadlines): void {
  deadlines.tick();
}
