/*
 * W3C Trace Context (`traceparent`, `tracestate`) read from a client, one way for every source:
 * the HTTP headers of any request, and `_meta` of an MCP request (SEP-414, the 2026-07-28 era).
 * Invalid values are ignored, never an error: tracing must not refuse a call.
 */

export type TraceHeaders = { traceparent: string; tracestate?: string };

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const INVALID_TRACE = /^[0-9a-f]{2}-0{32}-|-0{16}-[0-9a-f]{2}$/;

/** `traceparent` (validated) and `tracestate` from an object (`_meta` or a headers object); null when absent. */
export function readTrace(source: Record<string, unknown>): TraceHeaders | null {
  const parent = source.traceparent;
  if (typeof parent !== 'string' || !TRACEPARENT.test(parent) || INVALID_TRACE.test(parent)) return null;
  const state = source.tracestate;
  return typeof state === 'string' && state.length <= 512 && /^[\x20-\x7e]*$/.test(state)
    ? { traceparent: parent, tracestate: state }
    : { traceparent: parent };
}

/** The client's trace context: `_meta` wins over the HTTP headers (it travels with the message). */
export function clientTrace(
  headers: Record<string, unknown> | undefined,
  meta: Record<string, unknown> | undefined,
): TraceHeaders | null {
  return (meta && readTrace(meta)) || (headers && readTrace(headers)) || null;
}

/** Trace id, parent span id and sampled flag of a valid `traceparent`. */
export function parseTraceparent(value: string): { traceId: string; spanId: string; traceFlags: number } {
  const [, traceId, spanId, flags] = value.split('-') as [string, string, string, string];
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16) & 1 };
}
