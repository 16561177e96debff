import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { AppContext } from '../context.ts';
import type { Cancellation } from '../shared/cancellation.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { SessionRecord } from '../store/sessions.repo.ts';
import type { ModernMeta } from './era.ts';
import type { JsonRpcId } from './errors.ts';
import type { StreamHub } from './streams.ts';

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
export type CallBase = Pick<CallContext, 'ctx' | 'hub' | 'server' | 'clientIp' | 'log' | 'httpRequest'>;

export type MethodHandler = (params: Record<string, unknown>, call: CallContext) => Promise<unknown>;
