import type { AppContext } from '../context.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { SessionRecord } from '../store/sessions.repo.ts';
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
  /** `params._meta` of the request. */
  meta: Record<string, unknown> | undefined;
  /**
   * Sends a notification related to this request on its SSE stream; a no-op when the request is
   * answered as plain JSON (nothing can precede a JSON response).
   */
  notify(method: string, params: Record<string, unknown>): void;
  signal?: AbortSignal;
  /** The HTTP request's logger (pino). */
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/** What a transport knows before it answers a particular request. */
export type CallBase = Pick<CallContext, 'ctx' | 'hub' | 'server' | 'clientIp' | 'log'>;

export type MethodHandler = (params: Record<string, unknown>, call: CallContext) => Promise<unknown>;
