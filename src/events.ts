import { EventEmitter } from 'node:events';

/** Changes that MCP sessions must hear about (DESIGN §5). */
export type GatewayEvent =
  | { type: 'tools_changed'; serverId: number }
  | { type: 'prompts_changed'; serverId: number }
  | { type: 'resources_changed'; serverId: number }
  | { type: 'resource_updated'; serverId: number; uri: string }
  /** Any change to a server row (settings, auth, CORS, rate limit, status, slug, credentials, deletion). */
  | { type: 'server_changed'; serverId: number }
  /** An MCP session was ended (DELETE, stream close, expiry): every instance stops serving it. */
  | { type: 'session_ended'; sessionId: string };

/**
 * Publishes gateway events to every instance. The in-process bus serves one instance; the
 * Redis-backed one (scale-out) implements the same interface.
 */
export interface EventBus {
  publish(event: GatewayEvent): void;
  subscribe(handler: (event: GatewayEvent) => void): () => void;
  close(): Promise<void>;
}

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
