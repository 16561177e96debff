import type { FastifyReply, FastifyRequest } from 'fastify';
import { Cancellation } from '../../shared/cancellation.ts';
import type { ServerRecord } from '../../store/servers.repo.ts';
import { ownTaskIds } from '../../tasks/tasks.service.ts';
import { Call, type CallBase, type MethodHandler } from '../call-context.ts';
import { dispatchRequest } from '../dispatch.ts';
import {
  HEADER_MISMATCH,
  HttpRejection,
  INVALID_PARAMS,
  type JsonRpcResponse,
  METHOD_NOT_FOUND,
  MISSING_CLIENT_CAPABILITY,
  UNSUPPORTED_PROTOCOL_VERSION,
} from '../errors.ts';
import { enforceServerRateLimit, limitSubject } from '../gatekeeping.ts';
import { stringifyMessage } from '../json-text.ts';
import { completionMethods } from '../methods/completion.ts';
import { discoverMethods } from '../methods/discover.ts';
import { promptMethods } from '../methods/prompts.ts';
import { resourceMethods } from '../methods/resources.ts';
import { taskMethods } from '../methods/tasks.ts';
import { toolMethods } from '../methods/tools.ts';
import { declaresTasks, TASKS_REQUIRED } from '../tasks/wire.ts';
import { type ModernMeta, readModernMeta } from './era.ts';
import { accepts, JSON_TYPE, sseSink } from './http-helpers.ts';
import { readListenFilter } from './listen.ts';
import { type RequestMessage, readMessages } from './messages.ts';
import type { PostDeps } from './post-deps.ts';

/*
 * A 2026-07-28 request (era.ts decided): stateless, self-describing. No session is read or
 * written; `_meta` says who the client is and what it can do. Each answer is one JSON object,
 * or an SSE stream when the request asked for progress or log lines, or a long-lived stream for
 * `subscriptions/listen`. See docs/MCP.md.
 */

/** The 2026-07-28 methods. initialize, ping, logging/setLevel and resources/(un)subscribe are gone (404). */
const MODERN_METHODS: Record<string, MethodHandler> = {
  ...discoverMethods,
  'tools/list': toolMethods['tools/list']!,
  'tools/call': toolMethods['tools/call']!,
  'prompts/list': promptMethods['prompts/list']!,
  'prompts/get': promptMethods['prompts/get']!,
  'resources/list': resourceMethods['resources/list']!,
  'resources/templates/list': resourceMethods['resources/templates/list']!,
  'resources/read': resourceMethods['resources/read']!,
  ...completionMethods,
  ...taskMethods,
};

/** Results that carry `ttlMs` / `cacheScope` (server/utilities/caching). */
const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/**
 * Freshness of list and discover answers: five minutes, since every change made through the
 * management API also reaches `subscriptions/listen` streams at once. `resources/read` is 0: an
 * http resource is read live from its upstream.
 */
const LIST_TTL_MS = 300_000;

/** `public` only when anyone may call the server (inbound auth none); otherwise per caller. */
export function cacheScopeOf(server: ServerRecord): 'public' | 'private' {
  return server.auth_type === 'none' ? 'public' : 'private';
}

/** HTTP status of a modern error answer (transports §Request Metadata). */
function statusOf(response: JsonRpcResponse): number {
  const code = response.error?.code;
  if (code === undefined) return 200;
  if (code === METHOD_NOT_FOUND) return 404;
  if (code === MISSING_CLIENT_CAPABILITY || code === HEADER_MISMATCH || code === UNSUPPORTED_PROTOCOL_VERSION)
    return 400;
  return 200;
}

function decorate(method: string, response: JsonRpcResponse, server: ServerRecord): void {
  const result = response.result as Record<string, unknown> | undefined;
  if (!result) return;
  if (result.resultType === undefined) result.resultType = 'complete';
  if (result.resultType === 'complete' && CACHEABLE.has(method)) {
    result.ttlMs = method === 'resources/read' ? 0 : LIST_TTL_MS;
    result.cacheScope = cacheScopeOf(server);
  }
}

export async function handleModernPost(
  deps: PostDeps,
  base: CallBase,
  cors: Record<string, string>,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<void> {
  const { messages } = readMessages(body);
  const m = messages[0]!;
  if (m.kind !== 'request') {
    reply.code(202).headers(cors).send();
    return;
  }
  const params =
    typeof m.params === 'object' && m.params !== null && !Array.isArray(m.params)
      ? (m.params as Record<string, unknown>)
      : undefined;
  // Every request counts, `server/discover` and `subscriptions/listen` included.
  const limited = enforceServerRateLimit(deps.ctx, base.server, limitSubject(base.clientIp, base.caller), [
    m,
  ]);
  if (limited) await limited;
  const modern = readModernMeta(request, m.id, m.method, params);
  if (m.method === 'subscriptions/listen') return openListen(deps, base, cors, reply, m, params, modern);
  const handler = Object.hasOwn(MODERN_METHODS, m.method) ? MODERN_METHODS[m.method] : undefined;
  if (!handler)
    throw new HttpRejection(404, METHOD_NOT_FOUND, `Method not found: ${m.method.slice(0, 100)}`, {}, m.id);

  const call = new Call(base, null, m.id, params?._meta as Record<string, unknown>);
  call.modern = modern;
  call.httpHeaders = request.headers;
  const streams =
    m.method === 'tools/call' &&
    accepts(request, 'text/event-stream') &&
    (modern.logLevel !== null || call.meta?.progressToken !== undefined);
  if (!streams) {
    const response = await dispatchRequest(m, call, MODERN_METHODS);
    decorate(m.method, response, base.server);
    reply.code(statusOf(response)).headers(cors).type(JSON_TYPE).send(stringifyMessage(response));
    return;
  }

  // Progress and log lines precede the answer on the request's own stream; closing it cancels.
  const cancel = new Cancellation();
  call.cancel = cancel;
  const sink = sseSink(reply, cors);
  sink.open();
  let finished = false;
  sink.onClose(() => {
    if (!finished) cancel.cancel();
  });
  call.notify = (method, notifyParams) =>
    sink.write(
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method, params: notifyParams })}\n\n`,
    );
  const response = await dispatchRequest(m, call, MODERN_METHODS);
  finished = true;
  decorate(m.method, response, base.server);
  sink.write(`event: message\ndata: ${stringifyMessage(response)}\n\n`);
  sink.end();
}

async function openListen(
  deps: PostDeps,
  base: CallBase,
  cors: Record<string, string>,
  reply: FastifyReply,
  m: RequestMessage,
  params: Record<string, unknown> | undefined,
  modern: ModernMeta,
): Promise<void> {
  const filter = readListenFilter(params?.notifications ?? {});
  if (!filter)
    throw new HttpRejection(400, INVALID_PARAMS, 'Invalid params: notifications must be an object', {}, m.id);
  if (filter.taskIds) {
    if (!declaresTasks(modern.capabilities))
      throw new HttpRejection(
        400,
        MISSING_CLIENT_CAPABILITY,
        'Missing required client capability: the io.modelcontextprotocol/tasks extension',
        {},
        m.id,
        TASKS_REQUIRED,
      );
    // Only the caller's own tasks are followed; the acknowledgment lists those.
    filter.taskIds = await ownTaskIds(
      deps.ctx,
      base.server.id,
      base.caller?.userUuid ?? null,
      filter.taskIds,
    );
  }
  const sink = sseSink(reply, cors);
  sink.open();
  const remove = deps.listeners.open(base.server.id, m.id, filter, sink);
  sink.onClose(remove);
}
