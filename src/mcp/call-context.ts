import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { AppContext } from '../context.ts';
import type { Caller } from '../shared/caller.ts';
import type { Cancellation } from '../shared/cancellation.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { SessionRecord } from '../store/sessions.repo.ts';
import type { JsonRpcId } from './errors.ts';
import type { ModernMeta } from './transport/era.ts';
import type { StreamHub } from './transport/streams.ts';

/** What a method handler knows about the request it answers. */
export interface CallContext {
  ctx: AppContext;
  hub: StreamHub;
  server: ServerRecord;
  /** null only while `initialize` runs (it creates the session). */
  session: SessionRecord | null;
  /** Set by `initialize`: the route sends its id as `Mcp-Session-Id`. */
  createdSession?: SessionRecord;
  clientIp: string;
  /** The signed-in person behind the call (a Toolgate-issued token), else null. */
  caller: Caller | null;
  requestId: JsonRpcId;
  /** The HTTP request that carried the message (its trace span and headers); absent on legacy SSE. */
  httpRequest?: IncomingMessage;
  /** `params._meta` of the request. */
  meta: Record<string, unknown> | undefined;
  /** Set for a 2026-07-28 request (no session): what its `_meta` declares. */
  modern?: ModernMeta;
  /** 2026-07-28: the HTTP request's headers (`Mcp-Param-*` checks). */
  httpHeaders?: IncomingHttpHeaders;
  /**
   * Sends a notification related to this request on its SSE stream; a no-op when the request is
   * answered as plain JSON (nothing can precede a JSON response).
   */
  notify(method: string, params: Record<string, unknown>): void;
  /**
   * 2025 sessions answered on an SSE stream: sends a server→client request (elicitation/create,
   * sampling/createMessage, roots/list) and resolves with the client's result. Absent otherwise.
   */
  request?(method: string, params: Record<string, unknown>): Promise<unknown>;
  /** Cancels the request (`notifications/cancelled`, a closed request stream). */
  cancel?: Cancellation;
  /** The HTTP request's logger (pino). */
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/** What a transport knows before it answers a particular request. */
export type CallBase = Pick<
  CallContext,
  'ctx' | 'hub' | 'server' | 'clientIp' | 'caller' | 'log' | 'httpRequest'
>;

const noNotify: CallContext['notify'] = () => {};

/**
 * A CallContext with one fixed shape, made once per request. A class rather than
 * `{ ...base, session, … }`: on Node 20's V8 an object literal that spreads one object and then
 * adds properties takes a slow runtime path for every property after the spread (~0.5 µs each,
 * ~3.5 µs for this one — measured), and every optional field is set here so that assigning one
 * later does not change the object's shape either.
 */
export class Call implements CallContext {
  ctx: AppContext;
  hub: StreamHub;
  server: ServerRecord;
  session: SessionRecord | null;
  createdSession?: SessionRecord = undefined;
  clientIp: string;
  caller: Caller | null;
  requestId: JsonRpcId;
  httpRequest?: IncomingMessage;
  meta: Record<string, unknown> | undefined;
  modern?: ModernMeta = undefined;
  httpHeaders?: IncomingHttpHeaders = undefined;
  notify: CallContext['notify'] = noNotify;
  cancel?: Cancellation = undefined;
  log: CallContext['log'];

  constructor(
    base: CallBase,
    session: SessionRecord | null,
    requestId: JsonRpcId,
    meta: Record<string, unknown> | undefined,
  ) {
    this.ctx = base.ctx;
    this.hub = base.hub;
    this.server = base.server;
    this.clientIp = base.clientIp;
    this.caller = base.caller;
    this.log = base.log;
    this.httpRequest = base.httpRequest;
    this.session = session;
    this.requestId = requestId;
    this.meta = meta;
  }
}

/** Sends a server→client request and resolves with the client's answer (see `CallContext.request`). */
export type Requester = (
  method: string,
  params: Record<string, unknown>,
  cancel: Cancellation,
) => Promise<unknown>;

/**
 * A call that can ask the client (a 2025 session answered on an SSE stream): `request` is a
 * method, not a closure made per call — a closure stored here kept whole request graphs alive
 * through scavenges on Node 20 (measured: ~1 MB promoted per scavenge under tools/call load,
 * none without it).
 */
export class AskingCall extends Call {
  private readonly requester: Requester;

  constructor(
    base: CallBase,
    session: SessionRecord | null,
    requestId: JsonRpcId,
    meta: Record<string, unknown> | undefined,
    cancel: Cancellation,
    requester: Requester,
  ) {
    super(base, session, requestId, meta);
    this.cancel = cancel;
    this.requester = requester;
  }

  request(method: string, params: Record<string, unknown>): Promise<unknown> {
    return this.requester(method, params, this.cancel!);
  }
}

export type MethodHandler = (params: Record<string, unknown>, call: CallContext) => Promise<unknown>;
