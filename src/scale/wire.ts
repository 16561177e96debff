import type { GatewayEvent } from '../events.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import type { Store } from '../store/db.ts';
import { findServerIdentity } from '../store/servers.repo.ts';
import type { EventCodec } from './redis-bus.ts';

/*
 * Events between instances name servers by UUID, not by this database's numeric id: an event
 * that reaches an instance of another deployment (a shared channel, a misconfigured prefix)
 * names no server there and is dropped instead of clearing caches and notifying sessions of
 * whichever server happens to have the same number.
 */

type ServerEvent = Extract<GatewayEvent, { serverId: number }>;
type WireEvent =
  | (Omit<ServerEvent, 'serverId'> & { server: string })
  // A server deleted before its uuid was known here: only the namespaced channel vouches for it.
  | ServerEvent
  | Extract<GatewayEvent, { type: 'session_ended' }>
  | Extract<GatewayEvent, { type: 'connection_changed' }>
  | Extract<GatewayEvent, { type: 'policies_changed' }>
  | Extract<GatewayEvent, { type: 'approval_decided' }>
  | Extract<GatewayEvent, { type: 'task_cancel_requested' }>;

const MEMO_LIMIT = 10_000;

export function createUuidCodec(store: Store): EventCodec {
  const uuidById = new BoundedCache<string, number>({ maxEntries: MEMO_LIMIT });
  const idByUuid = new BoundedCache<number>({ maxEntries: MEMO_LIMIT });
  const remember = (id: number, uuid: string) => {
    uuidById.set(id, uuid);
    idByUuid.set(uuid, id);
  };

  return {
    async encode(event) {
      if (!('serverId' in event)) return event;
      let uuid = uuidById.get(event.serverId);
      if (!uuid) {
        const row = await findServerIdentity(store.db, { id: event.serverId });
        if (!row) return event;
        uuid = row.uuid;
        remember(row.id, row.uuid);
      }
      const { serverId: _id, ...rest } = event;
      return { ...rest, server: uuid };
    },
    async decode(wire) {
      if (!wire || typeof wire !== 'object') return undefined;
      const w = wire as WireEvent;
      if (w.type === 'session_ended') return typeof w.sessionId === 'string' ? w : undefined;
      // A person's connection: named by UUIDs already, forgotten wherever it is kept.
      if (w.type === 'policies_changed') return { type: 'policies_changed' };
      if (w.type === 'approval_decided')
        return typeof w.approvalId === 'string'
          ? { type: 'approval_decided', approvalId: w.approvalId }
          : undefined;
      if (w.type === 'task_cancel_requested')
        return typeof w.taskId === 'string' ? { type: 'task_cancel_requested', taskId: w.taskId } : undefined;
      if (w.type === 'connection_changed')
        return typeof w.userUuid === 'string' && typeof w.serverUuid === 'string' ? w : undefined;
      if ('serverId' in w) return typeof w.serverId === 'number' ? w : undefined;
      if (typeof w.server !== 'string') return undefined;
      let id = idByUuid.get(w.server);
      if (id === undefined) {
        const row = await findServerIdentity(store.db, { uuid: w.server });
        if (!row) return undefined;
        id = row.id;
        remember(id, row.uuid);
      }
      const { server: _uuid, ...rest } = w;
      return { ...rest, serverId: id } as GatewayEvent;
    },
  };
}
