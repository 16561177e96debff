import type { AppContext } from '../../context.ts';
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
