import type { AppContext } from '../../context.ts';
import type { Caller } from '../../shared/caller.ts';
import type { ServerRecord } from '../../store/servers.repo.ts';
import type { InflightRequests } from '../inflight.ts';
import type { ListenHub } from './listen.ts';
import type { SlowAnswers } from './slow-answers.ts';
import type { StreamHub } from './streams.ts';

/** What the endpoint's handlers share, made once per app by mcp.routes.ts. */
export interface PostDeps {
  ctx: AppContext;
  hub: StreamHub;
  /** `subscriptions/listen` streams (2026-07-28). */
  listeners: ListenHub;
  /** In-flight requests, so `notifications/cancelled` can abort them. */
  inflight: InflightRequests;
  /** Server→client requests (2025 sessions) awaiting the client's answer, by session + id. */
  outbound: Map<string, (answer: { result?: unknown; error?: unknown }) => void>;
  /** Pending JSON answers that turn into streams when slow. */
  slow: SlowAnswers;
}

/** A request that passed the gate: its server, CORS headers, client address and caller. */
export interface Gated {
  server: ServerRecord;
  cors: Record<string, string>;
  clientIp: string;
  /** The signed-in person, when the server's token names one. */
  caller: Caller | null;
}
