import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { mayUseServer } from '../../people/server-access.ts';
import { clientIp } from '../../shared/client-ip.ts';
import type { ServerRecord } from '../../store/servers.repo.ts';
import { findTaskRow } from '../../tasks/tasks.service.ts';
import { HttpRejection, SERVER_ERROR } from '../errors.ts';
import {
  checkOrigin,
  corsHeaders,
  limitAuthFailures,
  preflightHeaders,
  requireActive,
  requireVisible,
} from '../gatekeeping.ts';
import { authenticate } from '../inbound-auth.ts';
import { InflightRequests } from '../inflight.ts';
import { relayEvents } from '../notifications.ts';
import { createJwksCache, protectedResourceMetadata } from '../oauth.ts';
import { wantsPrimingEvent } from '../protocol.ts';
import { type Cached, recordCache } from '../record-cache.ts';
import { endSession } from '../sessions.ts';
import { taskRunnerOf } from '../tasks/runner.ts';
import { presentDetailed } from '../tasks/wire.ts';
import { accepts, header, sseSink } from './http-helpers.ts';
import { createLegacyTransport } from './legacy-sse.ts';
import { createListenHub } from './listen.ts';
import { handlePost } from './post.ts';
import type { Gated, PostDeps } from './post-deps.ts';
import { sendError } from './send-error.ts';
import { requireSession } from './session-gate.ts';
import { createSlowAnswers } from './slow-answers.ts';
import { createStreamHub } from './streams.ts';

/*
 * The MCP endpoint (Streamable HTTP): POST/GET/DELETE `{base_url}/mcp/{slug}`, CORS
 * preflight, and the RFC 9728 metadata document. A hand-written JSON-RPC dispatcher: the SDK's
 * server transport costs 8–20× the CPU per call. The 2024-11-05 HTTP+SSE transport
 * (legacy-sse.ts) is served beside it: its stream on a GET without `Mcp-Session-Id` or at
 * `/mcp/{slug}/sse`, its messages at `/mcp/{slug}/messages`.
 */

type SlugRequest = FastifyRequest<{ Params: { slug: string } }>;

const HIDE = { schema: { hide: true } };

/**
 * Largest MCP POST body (JSON-RPC message or batch), as the official SDK's transports take it
 * (4 MB); lower when TOOLGATE_BODY_LIMIT_BYTES is. Over it: 413 with a JSON-RPC error, on every
 * route of the endpoint (the legacy `messages` endpoint included). Management bodies keep the
 * larger application limit (imports of 10 MB documents).
 */
export const MCP_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export async function mcpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const bodyLimit = Math.min(MCP_BODY_LIMIT_BYTES, ctx.config.bodyLimitBytes);
  await app.register(async (mcp) => {
    const hub = createStreamHub();
    const jwks = createJwksCache();
    const listeners = createListenHub(async (taskId) => {
      const task = await findTaskRow(ctx, taskId);
      return task ? presentDetailed(ctx, task) : undefined;
    });
    const slow = createSlowAnswers();
    const deps: PostDeps = {
      ctx,
      hub,
      listeners,
      inflight: new InflightRequests(),
      outbound: new Map(),
      slow,
    };
    const records = recordCache(ctx);
    // Tasks whose instance stopped are resumed by any instance serving MCP (mcp/tasks/runner.ts).
    taskRunnerOf(ctx).startSweeping();
    const legacy = createLegacyTransport(deps, mcp.log);
    const unsubscribe = relayEvents(ctx, hub, listeners, (err) =>
      mcp.log.warn({ err }, 'mcp event relay failed'),
    );
    // Open SSE streams would keep `close()` waiting forever: end them first.
    mcp.addHook('preClose', async () => {
      unsubscribe();
      await legacy.close();
      listeners.close();
      hub.close();
      slow.close();
    });

    // Every route of the endpoint (DELETE and the 405s included) reads at most this much.
    mcp.addHook('onRoute', (route) => {
      route.bodyLimit = bodyLimit;
    });

    // Bodies stay text here so a JSON syntax error becomes JSON-RPC -32700 and a wrong
    // Content-Type a 415, both with JSON-RPC bodies rather than the REST error shape.
    mcp.removeAllContentTypeParsers();
    const keepText = (
      _req: unknown,
      body: string | Buffer,
      done: (err: null, body: string | Buffer) => void,
    ) => done(null, body);
    // JSON named as well as the catch-all: fastify caches the parser it finds for a Content-Type,
    // but not the catch-all, so every request parsed its Content-Type header again.
    mcp.addContentTypeParser('application/json', { parseAs: 'string' }, keepText);
    mcp.addContentTypeParser('*', { parseAs: 'string' }, keepText);
    mcp.setErrorHandler((error: FastifyError | HttpRejection, request, reply) =>
      sendError(request, reply, error),
    );

    // The CORS headers of the request's server, once known: the error handler adds them to a
    // refusal (sendError), so no route wraps its work in a try/catch of its own.
    mcp.decorateRequest('mcpCors', null);

    /**
     * Server lookup, Origin/Host, state and inbound auth, in that order (the rate limit counts
     * messages: post.ts). Without a promise when the server is cached and needs no credential.
     */
    function gate(request: SlugRequest): Cached<Gated> {
      const found = records.server(request.params.slug);
      return found instanceof Promise
        ? found.then((server) => admit(request, server))
        : admit(request, found);
    }

    function admit(request: SlugRequest, found: ServerRecord | undefined): Cached<Gated> {
      const server = requireVisible(found, request.params.slug);
      checkOrigin(ctx, server, request);
      const cors = corsHeaders(server, request);
      request.mcpCors = cors;
      requireActive(server);
      const gated: Gated = {
        server,
        cors,
        clientIp: clientIp(request.raw, ctx.config.trustProxy),
        caller: null,
      };
      if (server.auth_type === 'none') return gated;
      return limitAuthFailures(ctx, server, gated.clientIp, () =>
        authenticate(ctx, server, request, jwks),
      ).then(async (caller) => {
        // A person the server does not admit gets the specification's 403, not an empty server.
        if (caller && !(await mayUseServer(ctx, server, caller)))
          throw new HttpRejection(403, SERVER_ERROR, 'Forbidden: you may not use this server');
        gated.caller = caller;
        return gated;
      });
    }

    /** Runs `then` once the request passed the gate (at once when that took no promise). */
    function gated<T>(request: SlugRequest, then: (g: Gated) => T | Promise<T>): T | Promise<T> {
      const g = gate(request);
      return g instanceof Promise ? g.then(then) : then(g);
    }

    // The endpoint's busiest request, one door for sockets, inject() and tracing: no hook of its
    // own, the body kept as text by the parser above, the answer written by fastify's `send` (SSE
    // answers take `reply.raw` over). Measured: 3.8 % more instructions per tools/call than a lane
    // ahead of the router, within the bench's 10 % budget (bench/README.md).
    mcp.post('/mcp/:slug', HIDE, (request: SlugRequest, reply) =>
      gated(request, (g) => handlePost(deps, g, request, reply)),
    );

    // No automatic HEAD twin: it would open (and hang on) an SSE stream.
    mcp.get('/mcp/:slug', { ...HIDE, exposeHeadRoute: false }, async (request: SlugRequest, reply) => {
      const g = await gate(request);
      requireSseAccept(request);
      // No session and no resumption: a 2024-11-05 client opening its HTTP+SSE stream.
      if (header(request, 'mcp-session-id') === undefined && header(request, 'last-event-id') === undefined)
        return legacy.open(g, request, reply);
      const session = await requireSession(ctx, g.server, request, g.caller);
      const sink = sseSink(reply, { ...g.cors, 'mcp-session-id': session.id });
      const lastEventId = header(request, 'last-event-id');
      let outcome = lastEventId ? hub.resume(session.id, g.server.id, lastEventId, sink) : 'unknown';
      // An id this instance never issued (restart, another instance): a fresh stream.
      if (outcome === 'unknown')
        outcome = hub.openStandalone(
          session.id,
          g.server.id,
          sink,
          wantsPrimingEvent(session.protocol_version),
        );
      if (outcome === 'conflict')
        throw new HttpRejection(409, SERVER_ERROR, 'Conflict: Only one SSE stream is allowed per session');
      sink.open();
      sink.onClose(() => hub.detach(session.id, sink));
    });

    mcp.delete('/mcp/:slug', HIDE, async (request: SlugRequest, reply) => {
      const g = await gate(request);
      const session = await requireSession(ctx, g.server, request, g.caller);
      await endSession(ctx, session.id);
      hub.endSession(session.id);
      reply.code(200).headers(g.cors).send();
    });

    // The legacy transport's stream at its conventional path too (whatever the headers say).
    mcp.get('/mcp/:slug/sse', { ...HIDE, exposeHeadRoute: false }, async (request: SlugRequest, reply) => {
      const g = await gate(request);
      requireSseAccept(request);
      legacy.open(g, request, reply);
    });

    mcp.post('/mcp/:slug/messages', HIDE, async (request: SlugRequest, reply) => {
      const g = await gate(request);
      await legacy.post(g, request, reply);
    });

    const preflight = async (request: SlugRequest, reply: FastifyReply) => {
      const server = requireVisible(await records.server(request.params.slug), request.params.slug);
      checkOrigin(ctx, server, request);
      reply
        .code(204)
        .headers({ ...corsHeaders(server, request), ...preflightHeaders(request) })
        .send();
    };
    for (const [url, allow, others] of [
      ['/mcp/:slug', 'GET, POST, DELETE, OPTIONS', ['PUT', 'PATCH', 'HEAD']],
      ['/mcp/:slug/sse', 'GET, OPTIONS', ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']],
      ['/mcp/:slug/messages', 'POST, OPTIONS', ['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD']],
    ] as const) {
      mcp.options(url, HIDE, preflight);
      mcp.route({
        method: [...others],
        url,
        ...HIDE,
        handler: async (_request, reply) => {
          reply.header('allow', allow);
          throw new HttpRejection(405, SERVER_ERROR, 'Method not allowed');
        },
      });
    }

    mcp.get('/.well-known/oauth-protected-resource/mcp/:slug', HIDE, async (request: SlugRequest, reply) => {
      const server = await records.server(request.params.slug);
      reply.header('access-control-allow-origin', '*');
      if (!server || server.status === 'draft' || server.auth_type !== 'oauth')
        return reply.code(404).send({ error: 'not_found', error_description: 'No protected resource here' });
      return reply
        .code(200)
        .header('cache-control', 'max-age=300')
        .send(protectedResourceMetadata(ctx, server));
    });
  });
}

function requireSseAccept(request: FastifyRequest): void {
  if (!accepts(request, 'text/event-stream'))
    throw new HttpRejection(406, SERVER_ERROR, 'Not Acceptable: Client must accept text/event-stream');
}
