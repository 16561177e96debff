import type { AppContext } from '../context.ts';
import type { GatewayEvent } from '../events.ts';
import { findSubscribers } from './sessions.ts';
import type { ListenHub } from './transport/listen.ts';
import type { StreamHub } from './transport/streams.ts';

const LIST_CHANGED: Partial<Record<GatewayEvent['type'], string>> = {
  tools_changed: 'notifications/tools/list_changed',
  prompts_changed: 'notifications/prompts/list_changed',
  resources_changed: 'notifications/resources/list_changed',
};

/**
 * Relays gateway events (published by any API on any instance) to the `subscriptions/listen`
 * streams (2026-07-28) and the GET streams this instance holds: list changes to every session of the server, resource updates to the sessions
 * subscribed to that URI (subscriptions are read from the store, where any instance wrote them).
 * Returns the unsubscribe function.
 */
export function relayEvents(
  ctx: AppContext,
  hub: StreamHub,
  listeners: ListenHub,
  onError: (err: unknown) => void,
): () => void {
  return ctx.events.subscribe((event) => {
    listeners.deliver(event);
    const method = LIST_CHANGED[event.type];
    if (method && 'serverId' in event) {
      hub.broadcast(event.serverId, { jsonrpc: '2.0', method });
      return;
    }
    if (event.type !== 'resource_updated') return;
    const listening = hub.listeningSessions(event.serverId);
    if (listening.length === 0) return;
    findSubscribers(ctx, listening, event.uri)
      .then((subscribed) => {
        if (subscribed.size === 0) return;
        hub.broadcast(
          event.serverId,
          { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: event.uri } },
          (id) => subscribed.has(id),
        );
      })
      .catch(onError);
  });
}
