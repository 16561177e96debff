import type { CallLogWriter } from './analytics/call-log-writer.ts';
import type { MetricsRecorder } from './analytics/metrics.ts';
import type { SecretBox } from './auth/secret-box.ts';
import type { Config } from './config.ts';
import type { EventBus } from './events.ts';
import type { Executor } from './executor/types.ts';
import type { RateLimiter } from './shared/rate-limiter.ts';
import type { Store } from './store/db.ts';

/**
 * Everything a route or verb needs, assembled once by main.ts (or the test helper). Plain
 * objects, no container; a second instance builds its own over the same database.
 */
export interface AppContext {
  config: Config;
  store: Store;
  secrets: SecretBox;
  callLogs: CallLogWriter;
  events: EventBus;
  /** Shared sliding-window limiter (memory on one instance, Redis on many). */
  limiter: RateLimiter;
  /** The tool pipeline shared by the test endpoint and MCP tools/call. */
  executor: Executor;
  /** Epoch ms when this process started. */
  startedAt: number;
  /** Product version (package.json). */
  version: string;
  /** Releases per-context resources (pools, timers) registered by domains. */
  onClose: Array<() => Promise<void> | void>;
  /** Prometheus metrics (when `metricsEnabled`): the executor reports cache hits and rate-limit rejections here. */
  metrics?: MetricsRecorder;
  /** With REDIS_URL: whether Redis answers now (health `redis`); absent on a single instance. */
  redisState?: () => 'up' | 'down';
  /** Base URL this instance's own MCP endpoints are reached at by self-checks; default `config.publicUrl`. */
  selfUrl?: string;
}

export const API_VERSION_PATH = '/svc/v1';

export function apiBase(config: Config): string {
  return `${config.restPrefix}${API_VERSION_PATH}`;
}
