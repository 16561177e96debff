import type { IncomingMessage } from 'node:http';
import type { Attributes } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientTrace, type TraceHeaders } from './trace-context.ts';
import { type SpanHandle, startSpan, tracingOn } from './tracing.ts';

/*
 * One server span per HTTP request (management API and MCP endpoint alike), registered only when
 * tracing is on. The span is made when first needed: an MCP tools/call makes it before calling
 * upstream, with the parent its `_meta` names (the 2026 era) if any; else it is made at the end.
 */

interface RequestTrace {
  name: string;
  startTime: number;
  headers: IncomingMessage['headers'];
  /** The client's parent from `_meta`, set by the MCP code before the span exists. */
  meta?: Record<string, unknown>;
  attributes: Attributes;
  /** Set by the MCP code (a tool call's own outcome); else the status decides. */
  outcome?: string;
  span?: SpanHandle;
}

const traces = new WeakMap<IncomingMessage, RequestTrace>();

function spanOf(trace: RequestTrace): SpanHandle | undefined {
  trace.span ??= startSpan(trace.name, {
    kind: 'server',
    parent: clientTrace(trace.headers, trace.meta),
    startTime: trace.startTime,
    attributes: trace.attributes,
  });
  return trace.span;
}

/** What an MCP message adds to its request's span: server, method, tool, and the `_meta` parent. */
export function annotateRequest(
  raw: IncomingMessage | undefined,
  attributes: Attributes,
  meta?: Record<string, unknown>,
): void {
  const trace = raw && traces.get(raw);
  if (!trace) return;
  if (meta && !trace.span) trace.meta = meta;
  const outcome = attributes['toolgate.outcome'];
  if (typeof outcome === 'string') trace.outcome = outcome;
  if (trace.span) trace.span.setAttributes(attributes);
  else Object.assign(trace.attributes, attributes);
}

/**
 * The trace context an upstream call continues: the request's span when tracing is on, else the
 * client's own (headers or `_meta`), forwarded unchanged. Null when there is none.
 */
export function upstreamParent(
  raw: IncomingMessage | undefined,
  meta: Record<string, unknown> | undefined,
): TraceHeaders | null {
  const trace = raw && tracingOn() ? traces.get(raw) : undefined;
  if (!trace) return clientTrace(raw?.headers, meta);
  if (meta && !trace.span) trace.meta = meta;
  return spanOf(trace)?.headers() ?? null;
}

/** The server id or slug a request names, for the `toolgate.server` attribute. */
function serverOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, string> | undefined;
  if (!params) return undefined;
  if (params.slug) return params.slug;
  if (params.server_id) return params.server_id;
  return request.routeOptions.url?.includes('/servers/:id') ? params.id : undefined;
}

/** Adds the request spans to an app; call only when tracing is on. */
export function traceRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? 'unknown route';
    traces.set(request.raw, {
      name: `${request.method} ${route}`,
      startTime: Date.now(),
      headers: request.raw.headers,
      attributes: { 'http.request.method': request.method, 'http.route': route },
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    const trace = traces.get(request.raw);
    if (!trace) return;
    traces.delete(request.raw);
    const server = serverOf(request);
    if (server) trace.attributes['toolgate.server'] = server;
    const status = reply.statusCode;
    const span = spanOf(trace);
    span?.setAttributes({
      ...(server ? { 'toolgate.server': server } : {}),
      'http.response.status_code': status,
      'toolgate.outcome': trace.outcome ?? (status < 400 ? 'ok' : 'error'),
    });
    span?.end(status >= 500 ? `HTTP ${status}` : undefined);
  });
}
