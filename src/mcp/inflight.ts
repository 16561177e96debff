import type { Cancellation } from '../shared/cancellation.ts';
import { LinkedList, type ListNode } from '../shared/linked-list.ts';
import type { JsonRpcId } from './errors.ts';

interface Inflight {
  sessionId: string;
  id: JsonRpcId;
  cancel: Cancellation;
}

/**
 * The requests being answered, so `notifications/cancelled` can cancel the one it names. Every
 * request joins and leaves; a cancellation is rare, so finding one walks the list (a linked list
 * rather than a Map keyed by session and id: shared/linked-list.ts says why).
 */
export class InflightRequests {
  private readonly list = new LinkedList<Inflight>();

  add(sessionId: string, id: JsonRpcId, cancel: Cancellation): ListNode<Inflight> {
    return this.list.push({ sessionId, id, cancel });
  }

  remove(node: ListNode<Inflight>): void {
    this.list.remove(node);
  }

  /** Cancels the session's request with this id (ids compare by type and value), if it is running. */
  cancel(sessionId: string, id: JsonRpcId): void {
    this.list.find((r) => r.id === id && r.sessionId === sessionId)?.value.cancel.cancel();
  }

  get size(): number {
    return this.list.size;
  }
}
