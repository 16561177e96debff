import type { AppContext } from '../context.ts';
import type { GatewayEvent } from '../events.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import { findServerBySlug, type ServerRecord } from '../store/servers.repo.ts';
import { findSession, type SessionRecord } from '../store/sessions.repo.ts';
import { listAllTools } from '../store/tools.repo.ts';
import type { ActiveTools } from '../tools/mcp-view.ts';

/*
 * The records every MCP request needs (server by slug, the server's active tools, the session),
 * held in memory so `tools/call` does not run three queries per call (DECISIONS: MCP record
 * cache). Gateway events drop entries at once on every instance the bus reaches
 * (`server_changed`, `tools_changed`, `session_ended`); the TTLs are the safety net for writes
 * that publish nothing (another process without a shared bus, direct SQL). Misses are not
 * cached, so a newly created server or session is found by the next request.
 */

/** Servers and tools: re-read at least this often. */
export const RECORD_TTL_MS = 5_000;
/** Sessions: re-read at least this often, so one ended elsewhere is refused within this bound. */
export const SESSION_RECHECK_MS = 2_000;
/** Sessions the cache holds at most; past it (or past the bytes) those read from the store longest ago go first. */
export const MAX_CACHED_SESSIONS = 10_000;
/**
 * Bytes of cached sessions (their JSON, measured once when read) held at most. Capabilities are
 * capped at initialize (sessions.ts), so 10,000 ordinary sessions fit many times over.
 */
export const MAX_CACHED_SESSION_BYTES = 32 * 1024 * 1024;

interface Entry<T> {
  at: number;
  value: T;
  /** The event bus's epoch when read: trusted only while it is still the bus's epoch. */
  epoch: number;
}

interface SessionEntry extends Entry<SessionRecord> {
  bytes: number;
}

/**
 * A cached record is returned as it is, a store read as a promise: a hit costs no promise, no
 * async frame and no microtask on the hot path (`await` takes either).
 */
export type Cached<T> = T | Promise<T>;

export interface RecordCache {
  server(slug: string): Cached<ServerRecord | undefined>;
  /** The server's active tools in `tools/list` order. */
  activeTools(serverId: number): Cached<ActiveTools>;
  /** The stored session (ended or not); the caller judges it. */
  session(id: string): Cached<SessionRecord | undefined>;
  dropSession(id: string): void;
  /** Forgets a server's active tools (a tool the store has active, missing here: its event is late). */
  dropTools(serverId: number): void;
  /** Forgets everything (tests that write the store directly). */
  clear(): void;
  /** How many sessions are held, and their bytes. */
  sessionUse(): { count: number; bytes: number };
}

const caches = new WeakMap<AppContext, RecordCache>();

/** The context's cache, created (and subscribed to its event bus) on first use. */
export function recordCache(ctx: AppContext): RecordCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createRecordCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}

/** Drops this context's cached records; for code (tests) that changed the store behind the API. */
export function forgetCachedRecords(ctx: AppContext): void {
  caches.get(ctx)?.clear();
}

/** The session bounds (tests make them small). */
export interface SessionLimits {
  maxSessions: number;
  maxBytes: number;
}

export function createRecordCache(
  ctx: AppContext,
  { maxSessions, maxBytes }: SessionLimits = {
    maxSessions: MAX_CACHED_SESSIONS,
    maxBytes: MAX_CACHED_SESSION_BYTES,
  },
): RecordCache {
  // Plain Maps, bounded by the store: only a slug or id that found a server is kept.
  const servers = new Map<string, Entry<ServerRecord>>();
  const tools = new Map<number, Entry<ActiveTools>>();
  // Insertion order is store-read order: each read re-inserts its session, the first is the oldest.
  const sessions = new BoundedCache<SessionEntry>({
    maxEntries: maxSessions,
    maxBytes,
    sizeOf: (entry) => entry.bytes,
  });
  let sweptAt = 0;
  // Bumped by every invalidation: a read that started before one must not store its answer.
  let generation = 0;

  function dropServer(serverId: number): void {
    for (const [slug, e] of servers) if (e.value.id === serverId) servers.delete(slug);
    tools.delete(serverId);
  }

  function onEvent(event: GatewayEvent): void {
    generation++;
    if (event.type === 'server_changed') dropServer(event.serverId);
    else if (event.type === 'tools_changed') tools.delete(event.serverId);
    else if (event.type === 'session_ended') sessions.delete(event.sessionId);
  }
  const unsubscribe = ctx.events.subscribe(onEvent);
  ctx.onClose.push(unsubscribe);

  // Fresh, and read while the bus still delivers every event (defect: a DELETE elsewhere missed
  // before the Redis subscription was up went unheard for the whole TTL).
  const trusted = <T>(e: Entry<T> | undefined, now: number, ttl: number): e is Entry<T> =>
    !!e && now - e.at < ttl && e.epoch !== 0 && e.epoch === ctx.events.epoch();

  /**
   * Entries past SESSION_RECHECK_MS are never trusted again (the next request reads the store),
   * so they go at the first read after that long, not only when the cache is full. The oldest
   * read comes first, so the sweep stops at the first entry still fresh.
   */
  function sweepSessions(now: number): void {
    sweptAt = now;
    for (let id = sessions.oldest(); id !== undefined; id = sessions.oldest()) {
      const e = sessions.get(id);
      if (e && now - e.at < SESSION_RECHECK_MS) return;
      sessions.delete(id);
    }
  }

  async function readServer(slug: string, now: number): Promise<ServerRecord | undefined> {
    const gen = generation;
    const epoch = ctx.events.epoch();
    const server = await findServerBySlug(ctx.store.db, slug);
    if (!server) servers.delete(slug);
    else if (gen === generation) servers.set(slug, { at: now, value: server, epoch });
    return server;
  }

  async function readTools(serverId: number, now: number): Promise<ActiveTools> {
    const gen = generation;
    const epoch = ctx.events.epoch();
    const list = await listAllTools(ctx.store.db, serverId, 'active');
    const value = { list, bySlug: new Map(list.map((t) => [t.slug, t])) };
    if (gen === generation) tools.set(serverId, { at: now, value, epoch });
    return value;
  }

  async function readSession(id: string, now: number): Promise<SessionRecord | undefined> {
    const gen = generation;
    const epoch = ctx.events.epoch();
    const session = await findSession(ctx.store.db, id);
    if (now - sweptAt >= SESSION_RECHECK_MS) sweepSessions(now);
    if (!session || session.ended_at) sessions.delete(id);
    else if (gen === generation)
      sessions.set(id, { at: now, value: session, epoch, bytes: JSON.stringify(session).length });
    return session;
  }

  /** Redis mode: a DELETE answered elsewhere published its event before answering; the bus's barrier delivers it here first. */
  async function settleThenSession(id: string, hit: SessionEntry): Promise<SessionRecord | undefined> {
    await ctx.events.settle();
    const still = sessions.get(id);
    if (still === hit && trusted(still, Date.now(), SESSION_RECHECK_MS)) return still.value;
    return readSession(id, Date.now());
  }

  return {
    server(slug) {
      // No server has one, and PostgreSQL refuses U+0000 in text.
      if (slug.includes('\u0000')) return undefined;
      const now = Date.now();
      const hit = servers.get(slug);
      return trusted(hit, now, RECORD_TTL_MS) ? hit.value : readServer(slug, now);
    },
    activeTools(serverId) {
      const now = Date.now();
      const hit = tools.get(serverId);
      return trusted(hit, now, RECORD_TTL_MS) ? hit.value : readTools(serverId, now);
    },
    session(id) {
      const now = Date.now();
      const hit = sessions.get(id);
      if (!trusted(hit, now, SESSION_RECHECK_MS)) return readSession(id, now);
      // One instance: its own DELETE dropped the entry.
      return ctx.config.redisUrl ? settleThenSession(id, hit) : hit.value;
    },
    dropSession(id) {
      generation++;
      sessions.delete(id);
    },
    dropTools(serverId) {
      generation++;
      tools.delete(serverId);
    },
    clear() {
      generation++;
      servers.clear();
      tools.clear();
      sessions.clear();
    },
    sessionUse() {
      return { count: sessions.size, bytes: sessions.bytes };
    },
  };
}
