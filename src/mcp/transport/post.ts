import type { FastifyReply, FastifyRequest } from 'fastify';
import { Cancellation } from '../../shared/cancellation.ts';
import type { SessionRecord } from '../../store/sessions.repo.ts';
import { AskingCall, Call, type CallBase, type CallContext, type Requester } from '../call-context.ts';
import { dispatchRequest, type Message } from '../dispatch.ts';
import type { JsonRpcId, JsonRpcResponse } from '../errors.ts';
import { enforceServerRateLimit, limitSubject } from '../gatekeeping.ts';
import { ClientRequestError } from '../interaction/calls.ts';
import { stringifyMessage } from '../json-text.ts';
import { wantsPrimingEvent } from '../protocol.ts';
import { isModernRequest } from './era.ts';
import { accepts, JSON_TYPE, sseSink } from './http-helpers.ts';
import {
  checkBatchAllowed,
  invalidResponses,
  parseBody,
  type RequestMessage,
  readMessages,
} from './messages.ts';
import { handleModernPost } from './modern.ts';
import type { Gated, PostDeps } from './post-deps.ts';
import { requireSession } from './session-gate.ts';
import type { RequestStream } from './streams.ts';

const inflightKey = (sessionId: string, id: JsonRpcId) => `${sessionId}\u0000${typeof id}:${id}`;

/** Handles one POST: a message or (2025-03-26) a batch. Errors for the whole request are thrown. */
export async function handlePost(
  deps: PostDeps,
  gated: Gated,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const { server, clientIp, cors, caller } = gated;
  const body = parseBody(request);
  const base: CallBase = {
    ctx: deps.ctx,
    hub: deps.hub,
    server,
    clientIp,
    caller,
    log: request.log,
    httpRequest: request.raw,
  };
  const subject = limitSubject(clientIp, caller);
  if (isModernRequest(request, body)) return handleModernPost(deps, base, cors, request, reply, body);
  const { batch, messages, isInit } = readMessages(body);

  if (isInit) {
    const init = messages[0] as RequestMessage;
    const limitedInit = enforceServerRateLimit(deps.ctx, server, subject, [init]);
    if (limitedInit) await limitedInit;
    const { response, session } = await runInitialize(base, init);
    const headers: Record<string, string> = { ...cors };
    if (session) headers['mcp-session-id'] = session.id;
    reply.code(200).headers(headers).type(JSON_TYPE).send(stringifyMessage(response));
    return;
  }

  // Awaited only when a promise: an `await` of a value still costs a microtask and a resume.
  const found = requireSession(deps.ctx, server, request, caller);
  const session = found instanceof Promise ? await found : found;
  checkBatchAllowed(batch, session.protocol_version);
  const requests = messages.filter((m): m is RequestMessage => m.kind === 'request');
  const limited = enforceServerRateLimit(deps.ctx, server, subject, requests);
  if (limited) await limited;
  handleNotifications(deps, session, messages);
  deliverResponses(deps, session, messages);
  const invalid = invalidResponses(messages);

  if (requests.length === 0 && invalid.length === 0) {
    reply.code(202).headers(cors).send();
    return;
  }

  const single = !batch ? requests[0] : undefined;
  if (single && single.method === 'tools/call' && accepts(request, 'text/event-stream')) {
    await answerJsonOrStream(deps, base, session, single, cors, reply);
    return;
  }

  const responses = await Promise.all(requests.map((m) => answerRequest(deps, base, session, m)));
  const all = [...responses, ...invalid];
  reply
    .code(200)
    .headers(cors)
    .type(JSON_TYPE)
    .send(stringifyMessage(batch ? all : all[0]));
}

function metaOf(m: RequestMessage): Record<string, unknown> | undefined {
  const params = m.params as Record<string, unknown> | undefined;
  const meta = params && typeof params === 'object' ? params._meta : undefined;
  return meta && typeof meta === 'object' && !Array.isArray(meta)
    ? (meta as Record<string, unknown>)
    : undefined;
}

/** Runs `initialize` (there is no session yet); returns its answer and the session it created. */
export async function runInitialize(
  base: CallBase,
  m: RequestMessage,
): Promise<{ response: JsonRpcResponse; session?: SessionRecord }> {
  const call = new Call(base, null, m.id, metaOf(m));
  const response = await dispatchRequest(m, call);
  return { response, session: call.createdSession };
}

/** Hands the client's answers to the server→client requests waiting for them. */
export function deliverResponses(deps: PostDeps, session: SessionRecord, messages: Message[]): void {
  for (const m of messages) {
    if (m.kind !== 'response') continue;
    const waiter = deps.outbound.get(inflightKey(session.id, m.id));
    waiter?.({ result: m.result, error: m.error });
  }
}

/** A person answers a form within this; then the call ends with an error result. */
const CLIENT_ANSWER_TIMEOUT_MS = 10 * 60_000;
let outboundSeq = 0;

/**
 * Sends a server→client request on a request's stream and waits for the answer the client POSTs
 * back (same session). Rejects with ClientRequestError on an error answer, a timeout or an abort.
 */
export function requestOverStream(
  deps: PostDeps,
  session: SessionRecord,
  send: (message: unknown) => void,
  cancel: Cancellation,
  method: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const id = `toolgate-${++outboundSeq}`;
  const key = inflightKey(session.id, id);
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      stopWatching();
      deps.outbound.delete(key);
    };
    const timer = setTimeout(() => {
      done();
      reject(new ClientRequestError(`The client did not answer ${method} in time.`));
    }, CLIENT_ANSWER_TIMEOUT_MS);
    timer.unref();
    const stopWatching = cancel.onCancel(() => {
      done();
      reject(new ClientRequestError('The call was cancelled while waiting for the client.'));
    });
    deps.outbound.set(key, (answer) => {
      done();
      if (answer.error !== undefined) {
        const message = (answer.error as { message?: unknown })?.message;
        reject(
          new ClientRequestError(
            `The client refused ${method}: ${typeof message === 'string' ? message.slice(0, 200) : 'error'}`,
          ),
        );
      } else resolve(answer.result);
    });
    send({ jsonrpc: '2.0', id, method, params });
  });
}

/** Acts on a message's notifications: `notifications/cancelled` aborts the request it names. */
export function handleNotifications(deps: PostDeps, session: SessionRecord, messages: Message[]): void {
  for (const m of messages) {
    if (m.kind !== 'notification' || m.method !== 'notifications/cancelled') continue;
    const id = (m.params as { requestId?: unknown } | undefined)?.requestId;
    if (typeof id === 'string' || typeof id === 'number') deps.inflight.cancel(session.id, id);
  }
}

/**
 * Answers a request of the session, cancellable meanwhile by `notifications/cancelled`;
 * `notify` carries its related notifications (none when the answer is plain JSON).
 */
export async function answerRequest(
  deps: PostDeps,
  base: CallBase,
  session: SessionRecord,
  m: RequestMessage,
  notify: CallContext['notify'] = () => {},
  request?: Requester,
): Promise<JsonRpcResponse> {
  const cancel = new Cancellation();
  const running = deps.inflight.add(session.id, m.id, cancel);
  try {
    const call = request
      ? new AskingCall(base, session, m.id, metaOf(m), cancel, request)
      : new Call(base, session, m.id, metaOf(m));
    call.cancel = cancel;
    call.notify = notify;
    return await dispatchRequest(m, call);
  } finally {
    deps.inflight.remove(running);
  }
}

/**
 * Answers a tools/call from a client that accepts SSE: as plain JSON (one write) unless the call
 * has something to send before its response — progress, log lines, a server→client request — or
 * is still pending after STREAM_AFTER_MS (slow-answers.ts). Then it switches to its own SSE
 * stream: priming event (2025-11-25+), the notifications, the response; a dropped connection does
 * not cancel the call, the client resumes with GET + Last-Event-ID.
 */
async function answerJsonOrStream(
  deps: PostDeps,
  base: CallBase,
  session: SessionRecord,
  m: RequestMessage,
  cors: Record<string, string>,
  reply: FastifyReply,
): Promise<void> {
  let stream: RequestStream | undefined;
  const upgrade = (): RequestStream => {
    if (stream) return stream;
    deps.slow.settle(pending);
    const sink = sseSink(reply, { ...cors, 'mcp-session-id': session.id });
    sink.open();
    stream = deps.hub.openRequestStream(
      session.id,
      base.server.id,
      sink,
      wantsPrimingEvent(session.protocol_version),
    );
    sink.onClose(() => deps.hub.detach(session.id, sink));
    return stream;
  };
  const pending = deps.slow.watch(upgrade);
  const send = (message: unknown) => upgrade().send(message);
  const response = await answerRequest(
    deps,
    base,
    session,
    m,
    (method, params) => send({ jsonrpc: '2.0', method, params }),
    (method, params, cancel) => requestOverStream(deps, session, send, cancel, method, params),
  );
  deps.slow.settle(pending);
  if (stream) stream.finish(response);
  else reply.code(200).headers(cors).type(JSON_TYPE).send(stringifyMessage(response));
}
