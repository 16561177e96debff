import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerRecord } from '../../store/servers.repo.ts';
import type { SessionRecord } from '../../store/sessions.repo.ts';
import type { CallBase } from '../call-context.ts';
import type { Message } from '../dispatch.ts';
import { errorResponse, HttpRejection, INTERNAL_ERROR, SERVER_ERROR, SESSION_NOT_FOUND } from '../errors.ts';
import { enforceServerRateLimit, limitSubject } from '../gatekeeping.ts';
import { createSession, endSession, keepSessionAlive, loadSession } from '../sessions.ts';
import { sseSink } from './http-helpers.ts';
import {
  checkBatchAllowed,
  invalidResponses,
  parseJsonBody,
  type RequestMessage,
  readMessages,
} from './messages.ts';
import {
  answerRequest,
  deliverResponses,
  handleNotifications,
  requestOverStream,
  runInitialize,
} from './post.ts';
import type { Gated, PostDeps } from './post-deps.ts';
import { checkProtocolHeader } from './session-gate.ts';
import { legacyEvent, type SseSink } from './streams.ts';

/*
 * The 2024-11-05 HTTP+SSE transport (transports 2025-03-26, "Backwards compatibility"), served
 * as the SDK's SSEServerTransport serves it: a GET opens an SSE stream whose first event,
 * `endpoint`, names the URL to POST messages to; each POST is answered 202 and its responses
 * travel on the stream. One stream is one channel and, from its initialize on, one stored
 * session; the stream closing ends the session. Channels live in this instance's memory, so the
 * POSTs must reach the instance that holds the stream (sticky routing behind a load balancer).
 */

/** What the endpoint's gate established about a request. */
interface Channel {
  id: string;
  serverId: number;
  sink: SseSink;
  /** What a request before any initialize speaks: the GET's MCP-Protocol-Version, else 2024-11-05. */
  version: string;
  session: SessionRecord | null;
  /** Settles when the latest initialize sent on the channel has been answered. */
  ready: Promise<void>;
  touchedAt: number;
  closed: boolean;
}

export interface LegacyTransport {
  /** Opens a stream and sends the `endpoint` event. */
  open(gated: Gated, request: FastifyRequest, reply: FastifyReply): void;
  /** Takes one POST to the endpoint URL: 202 now, the answers on the stream. */
  post(gated: Gated, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every stream and its session (server shutdown). */
  close(): Promise<void>;
}

const KEEP_ALIVE_MS = 25_000;

export function createLegacyTransport(deps: PostDeps, log: FastifyBaseLogger): LegacyTransport {
  const { ctx, hub } = deps;
  const channels = new Map<string, Channel>();
  // An open stream is a live client: its session must not expire for want of POSTs.
  const touchEveryMs = Math.min(5 * 60_000, (ctx.config.sessionTtlMinutes * 60_000) / 3);

  const timer = setInterval(() => {
    const now = Date.now();
    for (const ch of channels.values()) {
      // Attached sessions get keep-alives from the stream hub.
      if (!ch.session) ch.sink.write(': keep-alive\n\n');
      else if (now - ch.touchedAt >= touchEveryMs) {
        ch.touchedAt = now;
        keepSessionAlive(ctx, ch.session.id, new Date(now).toISOString()).catch((err) =>
          log.warn({ err }, 'legacy mcp session touch failed'),
        );
      }
    }
  }, KEEP_ALIVE_MS);
  timer.unref();

  async function closeChannel(ch: Channel): Promise<void> {
    if (ch.closed) return;
    ch.closed = true;
    channels.delete(ch.id);
    ch.sink.end();
    if (!ch.session) return;
    hub.endSession(ch.session.id);
    await endSession(ctx, ch.session.id).catch((err) => log.warn({ err }, 'legacy mcp session end failed'));
  }

  async function attach(ch: Channel, session: SessionRecord): Promise<SessionRecord> {
    const previous = ch.session;
    ch.session = session;
    ch.touchedAt = Date.now();
    if (ch.closed) {
      await endSession(ctx, session.id);
      return session;
    }
    hub.attachLegacy(session.id, ch.serverId, ch.sink);
    if (previous && previous.id !== session.id) {
      // A second initialize on the stream replaces its session; the stream itself stays open.
      hub.detach(previous.id, ch.sink);
      hub.endSession(previous.id);
      await endSession(ctx, previous.id);
    }
    return session;
  }

  const send = (ch: Channel, message: unknown) => {
    if (!ch.closed) ch.sink.write(legacyEvent(message));
  };

  /** Answers the messages of one POST on the stream; never throws. */
  async function deliver(ch: Channel, gated: Gated, messages: Message[], batch: boolean): Promise<void> {
    const requests = messages.filter((m): m is RequestMessage => m.kind === 'request');
    try {
      const base: CallBase = {
        ctx,
        hub,
        server: gated.server,
        clientIp: gated.clientIp,
        caller: gated.caller,
        log,
      };
      const init = requests.find((m) => m.method === 'initialize');
      if (init) {
        const { response, session } = await runInitialize(base, init);
        if (session) await attach(ch, session);
        send(ch, response);
        return;
      }
      const invalid = invalidResponses(messages);
      if (requests.length === 0 && invalid.length === 0 && !ch.session) return;
      // A request before any initialize: an SSE client that reconnected after a drop (or a
      // restart) and carries on. It gets a session at the version it announced on the GET.
      const session =
        ch.session ??
        (await attach(
          ch,
          await createSession(ctx, gated.server, {
            protocolVersion: ch.version,
            userUuid: gated.caller?.userUuid ?? null,
          }),
        ));
      handleNotifications(deps, session, messages);
      deliverResponses(deps, session, messages);
      const toClient = (message: unknown) => send(ch, message);
      const answer = (m: RequestMessage) =>
        answerRequest(
          deps,
          base,
          session,
          m,
          (method, params) => toClient({ jsonrpc: '2.0', method, params }),
          (method, params, cancel) => requestOverStream(deps, session, toClient, cancel, method, params),
        );
      if (batch) {
        const all = [...(await Promise.all(requests.map(answer))), ...invalid];
        if (all.length > 0) send(ch, all);
      } else if (requests[0]) send(ch, await answer(requests[0]));
    } catch (err) {
      log.error({ err }, 'legacy mcp message failed');
      for (const m of requests) send(ch, errorResponse(m.id, INTERNAL_ERROR, 'Internal error'));
    }
  }

  return {
    open(gated, request, reply) {
      const hinted = checkProtocolHeader(request);
      const sink = sseSink(reply, gated.cors);
      const ch: Channel = {
        id: randomBytes(24).toString('base64url'),
        serverId: gated.server.id,
        sink,
        version: hinted ?? '2024-11-05',
        session: null,
        ready: Promise.resolve(),
        touchedAt: Date.now(),
        closed: false,
      };
      channels.set(ch.id, ch);
      sink.onClose(() => void closeChannel(ch));
      sink.write(
        `event: endpoint\ndata: ${endpointUrl(ctx.config.publicUrl, gated.server, ch.id, request)}\n\n`,
      );
      if (reply.raw.destroyed) void closeChannel(ch);
    },

    async post(gated, request, reply) {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const id = typeof query.sessionId === 'string' ? query.sessionId : '';
      if (id === '')
        throw new HttpRejection(400, SERVER_ERROR, 'Bad Request: sessionId query parameter is required');
      const ch = channels.get(id);
      if (!ch || ch.serverId !== gated.server.id)
        throw new HttpRejection(404, SESSION_NOT_FOUND, 'Session not found');
      checkProtocolHeader(request);
      const { batch, messages, isInit } = readMessages(parseJsonBody(request));
      checkBatchAllowed(batch, ch.session?.protocol_version ?? ch.version);
      if (!isInit && ch.session) {
        // Ended elsewhere (DELETE, expiry): the stream goes with it.
        const live = await loadSession(ctx, gated.server, ch.session.id);
        if (!live) {
          await closeChannel(ch);
          throw new HttpRejection(404, SESSION_NOT_FOUND, 'Session not found');
        }
        ch.session = live;
      }
      await enforceServerRateLimit(
        ctx,
        gated.server,
        limitSubject(gated.clientIp, gated.caller),
        messages.flatMap((m) => (m.kind === 'request' ? [m] : [])),
      );
      reply.code(202).headers(gated.cors).send();
      const run = () => deliver(ch, gated, messages, batch);
      // Requests wait for an initialize sent before them; an initialize waits for earlier ones.
      if (isInit) ch.ready = ch.ready.then(run);
      else void ch.ready.then(run);
    },

    async close() {
      clearInterval(timer);
      await Promise.all([...channels.values()].map(closeChannel));
    },
  };
}

/**
 * Where the client POSTs: an absolute path under PUBLIC_URL's path (the form the SDK server
 * sends; the SDK client requires the same origin as the stream). The stream URL's query string
 * is kept, so an `api-key` inbound credential sent in the query reaches the POSTs too.
 */
function endpointUrl(
  publicUrl: string,
  server: ServerRecord,
  channelId: string,
  request: FastifyRequest,
): string {
  const prefix = new URL(publicUrl).pathname.replace(/\/+$/, '');
  const query = new URL(request.raw.url ?? '/', 'http://localhost').searchParams;
  query.set('sessionId', channelId);
  return `${prefix}/mcp/${encodeURIComponent(server.slug)}/messages?${query}`;
}
