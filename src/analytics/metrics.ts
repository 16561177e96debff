import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { CallLogEntry, CallLogWriter } from './call-log-writer.ts';

/** Labels naming a tool the way call logs do: the server's and the tool's names. */
export interface ToolLabels {
  server: string;
  tool: string;
}

/**
 * The `tool` label of whatever names no tool of the server: a refused name, a prompt, a resource
 * URI. Label values are only ever names the operator gave (server and tool names) or constants:
 * a value taken from a client's request would make a series per request, without bound.
 */
export const UNKNOWN_TOOL = 'unknown';

/** A call-log row's `tool` label: the stored tool it ran (the row has its id), else UNKNOWN_TOOL. */
function toolLabelOf(entry: CallLogEntry): string {
  return entry.tool_id === null || entry.tool_id === undefined ? UNKNOWN_TOOL : entry.tool_name;
}

/** Upstream status codes are three digits; anything else (none is expected) is one `other` series. */
function codeLabelOf(status: number): string {
  return Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : 'other';
}

/**
 * Prometheus metrics of one context (its own registry: two apps in one process never share
 * series). Every call-log entry is counted automatically (see `countCallLogs`); the executor
 * reports what call logs cannot show (labels: names of stored records, or UNKNOWN_TOOL):
 *
 *   ctx.metrics?.recordCacheHit({ server: server.name, tool: tool.name });
 *   ctx.metrics?.recordRateLimitRejection({ server: server.name, tool: tool.name }, 'tool' | 'server');
 */
export interface MetricsRecorder {
  recordCall(entry: CallLogEntry): void;
  recordCacheHit(labels: ToolLabels): void;
  recordRateLimitRejection(labels: ToolLabels, scope: 'tool' | 'server'): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(): MetricsRecorder {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'toolgate_' });
  const labelNames = ['server', 'tool'] as const;
  const calls = new Counter({
    name: 'toolgate_tool_calls_total',
    help: 'Logged calls per server, tool and response status.',
    labelNames: [...labelNames, 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'toolgate_tool_call_errors_total',
    help: 'Logged calls whose response_status is error.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'toolgate_tool_call_duration_seconds',
    help: 'Call duration as logged (response_time_ms).',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const upstream = new Counter({
    name: 'toolgate_upstream_responses_total',
    help: 'Upstream HTTP status codes seen by logged calls.',
    labelNames: [...labelNames, 'code'] as const,
    registers: [registry],
  });
  const cacheHits = new Counter({
    name: 'toolgate_cache_hits_total',
    help: 'Tool calls answered from the response cache.',
    labelNames,
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'toolgate_rate_limit_rejections_total',
    help: 'Tool calls refused by a rate limit.',
    labelNames: [...labelNames, 'scope'] as const,
    registers: [registry],
  });

  return {
    recordCall(entry) {
      const labels = { server: entry.server_name, tool: toolLabelOf(entry) };
      calls.inc({ ...labels, status: entry.response_status });
      if (entry.response_status !== 'success') errors.inc(labels);
      latency.observe(labels, Math.max(0, entry.response_time_ms) / 1000);
      if (entry.http_status !== null && entry.http_status !== undefined)
        upstream.inc({ ...labels, code: codeLabelOf(entry.http_status) });
    },
    recordCacheHit(labels) {
      cacheHits.inc({ server: labels.server, tool: labels.tool });
    },
    recordRateLimitRejection(labels, scope) {
      rejections.inc({ server: labels.server, tool: labels.tool, scope });
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** The writer, with every written entry also counted by the metrics. Same interface. */
export function countCallLogs(writer: CallLogWriter, metrics: MetricsRecorder): CallLogWriter {
  return {
    write(entry) {
      try {
        metrics.recordCall(entry);
      } catch {
        /* metrics must never lose a call log */
      }
      return writer.write(entry);
    },
    flush: () => writer.flush(),
    close: () => writer.close(),
    failure: () => writer.failure(),
  };
}
