import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { redeemStateNonce } from '../store/request-states.repo.ts';
import { nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import {
  endSessionRow,
  findSessions,
  insertSession,
  type SessionRecord,
  setSessionLogLevel,
  setSessionSubscriptions,
  touchSession,
} from '../store/sessions.repo.ts';
import { NO_LOG_LINES } from './protocol.ts';
import { type Cached, recordCache } from './record-cache.ts';

/*
 * MCP sessions live in the store (`mcp_sessions`), so a restarted process or another instance
 * behind the same load balancer continues them. Idle sessions expire after
 * `config.sessionTtlMinutes`; `last_seen_at` is refreshed at most every TOUCH_EVERY_MS so a busy
 * session does not turn every call into a write. Reads go through the record cache
 * (record-cache.ts); ending a session drops it there and publishes `session_ended` so other
 * instances drop it too.
 *
 * With the record cache, this is the part of mcp/ that touches the store: the rows an MCP
 * conversation keeps (sessions, and the one-time nonces of multi-round request states) are read
 * and written here, so the methods and the transport never call a repository themselves.
 */

const TOUCH_EVERY_MS = 30_000;

/** 32 random bytes, base64url: visible ASCII (0x21–0x7E) as the transport spec requires. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Characters of JSON a session's client capabilities may take: they are stored with the session
 * and held in the record cache. Real clients send well under 1 KB; `experimental` is where a
 * client could put anything, so `initialize` refuses more (-32602) rather than store it.
 * `clientInfo` is not stored whole: its name and version are kept, cut to 200 and 100 characters.
 */
export const MAX_CLIENT_CAPABILITIES_CHARS = 16 * 1024;

/**
 * True when `value` (parsed JSON) as JSON text is longer than `limit` characters. Counts a lower
 * bound of the text while walking, stopping as soon as it passes the limit (so a huge value costs
 * no more than the limit's worth of walking), then measures exactly what passed: within the bound,
 * stringifying is cheap.
 */
export function jsonLongerThan(value: unknown, limit: number): boolean {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= limit) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length + 2;
    else if (v === null || typeof v !== 'object') size += String(v).length;
    else if (Array.isArray(v)) {
      size += 1 + Math.max(1, v.length); // brackets and commas
      for (let i = 0; i < v.length && size <= limit; i++) stack.push(v[i]);
    } else {
      let empty = true;
      size += 1;
      for (const key in v) {
        empty = false;
        size += key.length + 4; // quotes, colon, and a comma or the closing brace
        if (size > limit) break;
        stack.push((v as Record<string, unknown>)[key]);
      }
      if (empty) size += 1;
    }
  }
  return size > limit || (JSON.stringify(value) ?? '').length > limit;
}

export interface NewSessionInput {
  protocolVersion: string;
  clientName?: string | null;
  clientVersion?: string | null;
  capabilities?: Record<string, unknown> | null;
  /** The signed-in person opening the session. */
  userUuid?: string | null;
}

export async function createSession(
  ctx: AppContext,
  server: ServerRecord,
  input: NewSessionInput,
): Promise<SessionRecord> {
  const now = nowIso();
  const session: SessionRecord = {
    id: newSessionId(),
    server_id: server.id,
    protocol_version: input.protocolVersion,
    client_name: input.clientName ? input.clientName.slice(0, 200) : null,
    client_version: input.clientVersion ? input.clientVersion.slice(0, 100) : null,
    client_capabilities: input.capabilities ?? null,
    log_level: NO_LOG_LINES,
    subscriptions: [],
    user_uuid: input.userUuid ?? null,
    created_at: now,
    last_seen_at: now,
    ended_at: null,
  };
  await insertSession(ctx.store.db, session);
  return session;
}

/**
 * The live session with this id on this server, or undefined when it is unknown, ended,
 * expired (ended here, once) or belongs to another server — all of which the transport
 * answers with 404.
 */
export function loadSession(
  ctx: AppContext,
  server: ServerRecord,
  id: string,
  now = Date.now(),
): Cached<SessionRecord | undefined> {
  if (id.length === 0 || id.length > 200) return undefined;
  const session = recordCache(ctx).session(id);
  return session instanceof Promise
    ? session.then((s) => judgeSession(ctx, server, id, s, now))
    : judgeSession(ctx, server, id, session, now);
}

/** Parsed `last_seen_at` per session record and text: every call of a session asks, and parsing a date string is not free. */
const lastSeen = new WeakMap<SessionRecord, { text: string; ms: number }>();

function lastSeenMs(session: SessionRecord): number {
  const known = lastSeen.get(session);
  if (known && known.text === session.last_seen_at) return known.ms;
  const ms = Date.parse(session.last_seen_at);
  lastSeen.set(session, { text: session.last_seen_at, ms });
  return ms;
}

/** The session if it is this server's and live; expired ones are ended, stale ones touched (then a promise). */
function judgeSession(
  ctx: AppContext,
  server: ServerRecord,
  id: string,
  session: SessionRecord | undefined,
  now: number,
): Cached<SessionRecord | undefined> {
  if (!session || session.server_id !== server.id || session.ended_at) return undefined;
  const idleMs = now - lastSeenMs(session);
  if (idleMs > ctx.config.sessionTtlMinutes * 60_000)
    return endSession(ctx, id, new Date(now).toISOString()).then(() => undefined);
  if (idleMs > TOUCH_EVERY_MS) {
    session.last_seen_at = new Date(now).toISOString();
    return touchSession(ctx.store.db, id, session.last_seen_at).then(() => session);
  }
  return session;
}

export async function endSession(ctx: AppContext, id: string, at = nowIso()): Promise<boolean> {
  recordCache(ctx).dropSession(id);
  const ended = await endSessionRow(ctx.store.db, id, at);
  // Awaited: once the DELETE answers, every instance was sent the event (and one whose bus is
  // down trusts no cached session, see record-cache.ts), so the session is refused everywhere.
  if (ended) await ctx.events.publish({ type: 'session_ended', sessionId: id });
  return ended;
}

/** Stores the session's `logging/setLevel` level. */
export async function saveSessionLogLevel(
  ctx: Pick<AppContext, 'store'>,
  id: string,
  level: string,
): Promise<void> {
  await setSessionLogLevel(ctx.store.db, id, level);
}

/** Stores the session's resource subscriptions. */
export async function saveSessionSubscriptions(
  ctx: Pick<AppContext, 'store'>,
  id: string,
  uris: string[],
): Promise<void> {
  await setSessionSubscriptions(ctx.store.db, id, uris);
}

/** Records that the session was seen at `at` (a transport that holds it open without calls). */
export async function keepSessionAlive(
  ctx: Pick<AppContext, 'store'>,
  id: string,
  at: string,
): Promise<void> {
  await touchSession(ctx.store.db, id, at);
}

/** The ids among `sessionIds` whose stored subscriptions include `uri` (any instance may have written them). */
export async function findSubscribers(
  ctx: Pick<AppContext, 'store'>,
  sessionIds: string[],
  uri: string,
): Promise<Set<string>> {
  const rows = await findSessions(ctx.store.db, sessionIds);
  return new Set(rows.filter((r) => r.subscriptions.includes(uri)).map((r) => r.id));
}

/**
 * Spends a request state's nonce: true the first time on any instance (an atomic store write),
 * false once it was used. The nonce is kept until `expiresAt`, after which the state is refused anyway.
 */
export function spendStateNonce(
  ctx: Pick<AppContext, 'store'>,
  nonce: string,
  expiresAt: string,
): Promise<boolean> {
  return redeemStateNonce(ctx.store.db, nonce, expiresAt);
}
