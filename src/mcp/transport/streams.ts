import { randomBytes } from 'node:crypto';
import { stringifyMessage } from '../json-text.ts';

/*
 * Server-to-client SSE streams of this instance, per session: the GET stream (server-initiated
 * notifications) and the POST streams of requests answered as SSE. Every event gets an id
 * unique within the session (`<streamId>_<seq>`, the stream part random so two instances never
 * collide) and is kept in a bounded in-memory log, so a client whose connection dropped resumes
 * with GET + `Last-Event-ID` and receives what it missed — including the response of a call
 * that finished while it was away (a dropped connection is not a cancellation).
 */

/** Where SSE text goes: an HTTP response body, or a test double. */
export interface SseSink {
  write(text: string): void;
  end(): void;
}

interface LoggedEvent {
  id: string;
  streamId: string;
  /** JSON of the message; '' for a priming event (never replayed). */
  data: string;
}

interface StreamState {
  id: string;
  standalone: boolean;
  /** A 2024-11-05 HTTP+SSE stream: events without ids, not logged (that transport cannot resume). */
  legacy: boolean;
  sink: SseSink | null;
  done: boolean;
}

interface SessionStreams {
  serverId: number;
  seq: number;
  events: LoggedEvent[];
  streams: Map<string, StreamState>;
  lastUsed: number;
}

export interface HubOptions {
  /** Events kept per session for resumption. */
  maxEvents?: number;
  /** Bytes of event data kept across all sessions; the least recently used session's go first. */
  maxBytes?: number;
  /** A session without a live stream is forgotten after this long (its events with it). */
  idleMs?: number;
  /** Sessions tracked by this instance; the least recently used idle one is dropped first. */
  maxSessions?: number;
  /** `retry` (ms) announced in priming events. */
  retryMs?: number;
  keepAliveMs?: number;
  now?: () => number;
}

export type ResumeResult = 'ok' | 'unknown' | 'conflict';

export interface RequestStream {
  /** Sends a notification related to the request (progress, log lines). */
  send(message: unknown): void;
  /** Sends the response and ends the stream (the log keeps it for a resuming client). */
  finish(response: unknown): void;
}

export interface StreamHub {
  openRequestStream(sessionId: string, serverId: number, sink: SseSink, priming: boolean): RequestStream;
  /** Opens the session's GET stream; `conflict` when one is already open (409). */
  openStandalone(sessionId: string, serverId: number, sink: SseSink, priming: boolean): 'ok' | 'conflict';
  /** Registers a legacy HTTP+SSE stream as the session's server-to-client stream (broadcasts, keep-alives). */
  attachLegacy(sessionId: string, serverId: number, sink: SseSink): void;
  /** Replays the events after `lastEventId` on its stream and keeps the stream attached if it is live. */
  resume(sessionId: string, serverId: number, lastEventId: string, sink: SseSink): ResumeResult;
  /** Sends a server-initiated message on the GET stream of every session of the server that has one. */
  broadcast(serverId: number, message: unknown, only?: (sessionId: string) => boolean): number;
  /** Ids of this instance's sessions of the server that hold a live GET stream. */
  listeningSessions(serverId: number): string[];
  /** Detaches a sink whose connection closed (the stream stays resumable). */
  detach(sessionId: string, sink: SseSink): void;
  endSession(sessionId: string): void;
  close(): void;
}

export function createStreamHub(opts: HubOptions = {}): StreamHub {
  const maxEvents = opts.maxEvents ?? 200;
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const idleMs = opts.idleMs ?? 15 * 60_000;
  const maxSessions = opts.maxSessions ?? 10_000;
  const retryMs = opts.retryMs ?? 1000;
  const now = opts.now ?? Date.now;
  // Insertion order is recency order: `stateOf` moves a used session to the end.
  const sessions = new Map<string, SessionStreams>();
  let totalBytes = 0;

  const hasLiveSink = (s: SessionStreams) => [...s.streams.values()].some((st) => st.sink);

  const keepAlive = setInterval(() => {
    const t = now();
    for (const [id, s] of sessions) {
      if (!hasLiveSink(s) && t - s.lastUsed > idleMs) hub.endSession(id);
      else for (const st of s.streams.values()) if (st.sink) safeWrite(st.sink, ': keep-alive\n\n');
    }
  }, opts.keepAliveMs ?? 25_000);
  keepAlive.unref();

  function stateOf(sessionId: string, serverId: number): SessionStreams {
    let s = sessions.get(sessionId);
    if (s) sessions.delete(sessionId);
    else {
      if (sessions.size >= maxSessions) evictOne();
      s = { serverId, seq: 0, events: [], streams: new Map(), lastUsed: now() };
    }
    sessions.set(sessionId, s);
    s.lastUsed = now();
    return s;
  }

  function evictOne(): void {
    let victim: string | undefined;
    for (const [id, s] of sessions)
      if (!hasLiveSink(s)) {
        victim = id;
        break;
      }
    const drop = victim ?? sessions.keys().next().value;
    if (drop !== undefined) hub.endSession(drop);
  }

  function newStream(s: SessionStreams, standalone: boolean, sink: SseSink, legacy = false): StreamState {
    // Streams of finished requests whose events left the log are forgotten.
    for (const [id, st] of s.streams)
      if (st.done && !st.sink && !s.events.some((e) => e.streamId === id)) s.streams.delete(id);
    const st: StreamState = { id: randomBytes(6).toString('hex'), standalone, legacy, sink, done: false };
    s.streams.set(st.id, st);
    return st;
  }

  function record(s: SessionStreams, st: StreamState, data: string): LoggedEvent {
    s.seq += 1;
    const event = { id: `${st.id}_${s.seq}`, streamId: st.id, data };
    s.events.push(event);
    totalBytes += data.length;
    if (s.events.length > maxEvents) dropEvents(s, s.events.length - maxEvents);
    // Over the global budget: the least recently used sessions lose their oldest events first.
    for (const other of sessions.values()) {
      if (totalBytes <= maxBytes) break;
      dropEvents(other, other === s ? Math.max(0, other.events.length - 1) : other.events.length);
    }
    return event;
  }

  function dropEvents(s: SessionStreams, count: number): void {
    for (const e of s.events.splice(0, count)) totalBytes -= e.data.length;
  }

  function emit(s: SessionStreams, st: StreamState, message: unknown): void {
    if (st.legacy) {
      if (st.sink) safeWrite(st.sink, legacyEvent(message));
      return;
    }
    const event = record(s, st, stringifyMessage(message));
    if (st.sink) safeWrite(st.sink, formatEvent(event));
  }

  function prime(s: SessionStreams, st: StreamState): void {
    const event = record(s, st, '');
    if (st.sink) safeWrite(st.sink, `id: ${event.id}\nretry: ${retryMs}\ndata: \n\n`);
  }

  const hub: StreamHub = {
    openRequestStream(sessionId, serverId, sink, priming) {
      const s = stateOf(sessionId, serverId);
      const st = newStream(s, false, sink);
      if (priming) prime(s, st);
      return {
        send(message) {
          if (!st.done) emit(s, st, message);
        },
        finish(response) {
          if (st.done) return;
          emit(s, st, response);
          st.done = true;
          if (st.sink) {
            const sink = st.sink;
            st.sink = null;
            safeEnd(sink);
          }
        },
      };
    },

    openStandalone(sessionId, serverId, sink, priming) {
      const s = stateOf(sessionId, serverId);
      for (const st of s.streams.values()) if (st.standalone && st.sink) return 'conflict';
      for (const [id, st] of s.streams) if (st.standalone) s.streams.delete(id);
      const st = newStream(s, true, sink);
      if (priming) prime(s, st);
      return 'ok';
    },

    attachLegacy(sessionId, serverId, sink) {
      const s = stateOf(sessionId, serverId);
      newStream(s, true, sink, true);
    },

    resume(sessionId, serverId, lastEventId, sink) {
      const s = sessions.get(sessionId);
      const cut = lastEventId.lastIndexOf('_');
      const st = cut > 0 ? s?.streams.get(lastEventId.slice(0, cut)) : undefined;
      if (!s || !st || s.serverId !== serverId) return 'unknown';
      if (st.sink) return 'conflict';
      if (st.standalone)
        for (const other of s.streams.values()) if (other.standalone && other.sink) return 'conflict';
      s.lastUsed = now();
      const at = s.events.findIndex((e) => e.id === lastEventId);
      for (const e of s.events.slice(at + 1))
        if (e.streamId === st.id && e.data !== '') safeWrite(sink, formatEvent(e));
      if (st.done) safeEnd(sink);
      else st.sink = sink;
      return 'ok';
    },

    broadcast(serverId, message, only) {
      let sent = 0;
      for (const [id, s] of sessions) {
        if (s.serverId !== serverId || (only && !only(id))) continue;
        for (const st of s.streams.values())
          if (st.standalone && !st.done) {
            emit(s, st, message);
            sent += 1;
          }
      }
      return sent;
    },

    listeningSessions(serverId) {
      const out: string[] = [];
      for (const [id, s] of sessions)
        if (s.serverId === serverId && [...s.streams.values()].some((st) => st.standalone && st.sink))
          out.push(id);
      return out;
    },

    detach(sessionId, sink) {
      const s = sessions.get(sessionId);
      if (!s) return;
      for (const st of s.streams.values()) if (st.sink === sink) st.sink = null;
    },

    endSession(sessionId) {
      const s = sessions.get(sessionId);
      if (!s) return;
      sessions.delete(sessionId);
      dropEvents(s, s.events.length);
      for (const st of s.streams.values()) {
        st.done = true;
        if (st.sink) safeEnd(st.sink);
        st.sink = null;
      }
    },

    close() {
      clearInterval(keepAlive);
      for (const id of [...sessions.keys()]) hub.endSession(id);
    },
  };
  return hub;
}

/** A message event of the 2024-11-05 HTTP+SSE transport (no id: there is nothing to resume). */
export function legacyEvent(message: unknown): string {
  return `event: message\ndata: ${stringifyMessage(message)}\n\n`;
}

function formatEvent(e: LoggedEvent): string {
  return `event: message\nid: ${e.id}\ndata: ${e.data}\n\n`;
}

function safeWrite(sink: SseSink, text: string): void {
  try {
    sink.write(text);
  } catch {
    // A socket that died between checks: the event stays in the log for a resuming client.
  }
}

function safeEnd(sink: SseSink): void {
  try {
    sink.end();
  } catch {
    // already closed
  }
}
