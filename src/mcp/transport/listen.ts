import type { GatewayEvent } from '../../events.ts';
import type { JsonRpcId } from '../errors.ts';
import { META_SUBSCRIPTION_ID } from '../protocol.ts';
import type { SseSink } from './streams.ts';

/*
 * `subscriptions/listen` (2026-07-28, basic/patterns/subscriptions): a POST whose SSE response
 * stays open and carries the change notifications the client opted in to, each tagged with the
 * listen request's id. Events come from the gateway event bus, so a change made through the
 * management API of any instance reaches listeners on every instance (Redis bus in scale-out).
 */

/** The filter a client sends; the acknowledgment repeats the subset honoured (all of these). */
export interface ListenFilter {
  toolsListChanged?: true;
  promptsListChanged?: true;
  resourcesListChanged?: true;
  resourceSubscriptions?: string[];
  /** Tasks extension: `notifications/tasks` for these tasks (the caller's own, checked on open). */
  taskIds?: string[];
}

interface Listener {
  id: JsonRpcId;
  filter: ListenFilter;
  uris: Set<string> | null;
  tasks: Set<string> | null;
  sink: SseSink;
}

const MAX_URIS = 1000;
const MAX_TASK_IDS = 100;
/** SSE comment lines keep idle listen streams from being cut by proxies and client timeouts. */
const KEEPALIVE_MS = 25_000;

/** Reads `params.notifications`; null when it is not an object (the caller answers -32602). */
export function readListenFilter(raw: unknown): ListenFilter | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const n = raw as Record<string, unknown>;
  const filter: ListenFilter = {};
  if (n.toolsListChanged === true) filter.toolsListChanged = true;
  if (n.promptsListChanged === true) filter.promptsListChanged = true;
  if (n.resourcesListChanged === true) filter.resourcesListChanged = true;
  if (Array.isArray(n.resourceSubscriptions)) {
    const uris = n.resourceSubscriptions.filter((u): u is string => typeof u === 'string').slice(0, MAX_URIS);
    filter.resourceSubscriptions = uris;
  }
  if (Array.isArray(n.taskIds))
    filter.taskIds = n.taskIds
      .filter((t): t is string => typeof t === 'string' && t.length <= 200)
      .slice(0, MAX_TASK_IDS);
  return filter;
}

const LIST_CHANGED: Partial<Record<GatewayEvent['type'], [keyof ListenFilter, string]>> = {
  tools_changed: ['toolsListChanged', 'notifications/tools/list_changed'],
  prompts_changed: ['promptsListChanged', 'notifications/prompts/list_changed'],
  resources_changed: ['resourcesListChanged', 'notifications/resources/list_changed'],
};

function frame(method: string, id: JsonRpcId, params: Record<string, unknown> = {}): string {
  const message = { jsonrpc: '2.0', method, params: { ...params, _meta: { [META_SUBSCRIPTION_ID]: id } } };
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

export interface ListenHub {
  /** Registers a stream and sends its acknowledgment; returns the function that removes it. */
  open(serverId: number, id: JsonRpcId, filter: ListenFilter, sink: SseSink): () => void;
  deliver(event: GatewayEvent): void;
  /** Ends every stream with its graceful-closure response (shutdown). */
  close(): void;
}

/**
 * `presentTask` reads a task as `notifications/tasks` carries it (a DetailedTask), or undefined
 * when it is gone; without it task notifications are not sent.
 */
export function createListenHub(
  presentTask?: (taskId: string) => Promise<Record<string, unknown> | undefined>,
): ListenHub {
  const byServer = new Map<number, Set<Listener>>();
  const timer = setInterval(() => {
    for (const set of byServer.values()) for (const l of set) l.sink.write(':\n\n');
  }, KEEPALIVE_MS);
  timer.unref();

  /** The task's state, read once for every stream that follows it. */
  const sendTask = (set: Set<Listener>, taskId: string) => {
    const following = [...set].filter((l) => l.tasks?.has(taskId));
    if (following.length === 0 || !presentTask) return;
    void presentTask(taskId).then(
      (task) => {
        if (task) for (const l of following) l.sink.write(frame('notifications/tasks', l.id, task));
      },
      () => undefined,
    );
  };

  return {
    open(serverId, id, filter, sink) {
      const listener: Listener = {
        id,
        filter,
        uris: filter.resourceSubscriptions ? new Set(filter.resourceSubscriptions) : null,
        tasks: filter.taskIds?.length ? new Set(filter.taskIds) : null,
        sink,
      };
      sink.write(frame('notifications/subscriptions/acknowledged', id, { notifications: filter }));
      const set = byServer.get(serverId) ?? new Set<Listener>();
      byServer.set(serverId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byServer.get(serverId) === set) byServer.delete(serverId);
      };
    },
    deliver(event) {
      if (!('serverId' in event)) return;
      const set = byServer.get(event.serverId);
      if (!set) return;
      if (event.type === 'task_changed') return sendTask(set, event.taskId);
      const list = LIST_CHANGED[event.type];
      for (const l of set) {
        if (list && l.filter[list[0]] === true) l.sink.write(frame(list[1], l.id));
        else if (event.type === 'resource_updated' && l.uris?.has(event.uri))
          l.sink.write(frame('notifications/resources/updated', l.id, { uri: event.uri }));
      }
    },
    close() {
      clearInterval(timer);
      for (const set of byServer.values())
        for (const l of set) {
          const done = {
            jsonrpc: '2.0',
            id: l.id,
            result: { resultType: 'complete', _meta: { [META_SUBSCRIPTION_ID]: l.id } },
          };
          l.sink.write(`event: message\ndata: ${JSON.stringify(done)}\n\n`);
          l.sink.end();
        }
      byServer.clear();
    },
  };
}
