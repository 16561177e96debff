import { EventEmitter } from 'node:events';

/** Changes that MCP sessions must hear about. */
export type GatewayEvent =
  | { type: 'tools_changed'; serverId: number }
  | { type: 'prompts_changed'; serverId: number }
  | { type: 'resources_changed'; serverId: number }
  | { type: 'resource_updated'; serverId: number; uri: string }
  /** Any change to a server row (settings, auth, CORS, rate limit, status, slug, credentials, deletion). */
  | { type: 'server_changed'; serverId: number }
  /** An MCP session was ended (DELETE, stream close, expiry): every instance stops serving it. */
  | { type: 'session_ended'; sessionId: string }
  /** A person's upstream connection changed (connected, refreshed, revoked): opened tokens are forgotten. */
  | { type: 'connection_changed'; userUuid: string; serverUuid: string }
  /** A policy was saved or deleted: every instance reads its policy sets again. */
  | { type: 'policies_changed' }
  /** A call waiting for an approver was approved, denied or expired: the instance holding it answers. */
  | { type: 'approval_decided'; approvalId: string }
  /** A client asked to cancel a task: the instance running it stops its work. */
  | { type: 'task_cancel_requested'; taskId: string }
  /** A task's status changed (subscriptions/listen streams send `notifications/tasks`). */
  | { type: 'task_changed'; taskId: string; serverId: number };

/**
 * Publishes gateway events to every instance. The in-process bus serves one instance; the
 * Redis-backed one (scale-out) implements the same interface.
 */
export interface EventBus {
  /**
   * Delivers to this instance's subscribers at once; the promise settles once every other
   * instance was sent the event (callers that need "refused everywhere" await it).
   */
  publish(event: GatewayEvent): Promise<void>;
  subscribe(handler: (event: GatewayEvent) => void): () => void;
  /**
   * Non-zero while every event published elsewhere is sure to reach this instance; it changes
   * whenever that guarantee was lost and regained (a Redis reconnect), and is 0 while it is lost.
   * Caches keep an entry only for the epoch they read it in.
   */
  epoch(): number;
  /**
   * Settles once every event any instance published before the call has been delivered here
   * (a barrier: a cache hit checked after it cannot be stale by an event already published).
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    epoch: () => 1,
    settle: async () => undefined,
    async close() {
      emitter.removeAllListeners();
    },
  };
}
