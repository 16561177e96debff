import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import { parseTraceparent, type TraceHeaders } from './trace-context.ts';

/*
 * OpenTelemetry tracing, off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`) is
 * set. Off, nothing here is loaded beyond this file and every entry point is one null check: no
 * SDK, no span, no allocation per call. On, the official SDK is imported lazily and spans go out
 * in batches over OTLP/HTTP (JSON). docs/OBSERVABILITY.md lists the variables.
 */

export interface SpanHandle {
  setAttributes(attributes: Attributes): void;
  /** Ends the span; `error` marks it failed (a message, never arguments or credentials). */
  end(error?: string): void;
  /** This span as a `traceparent` (and the parent's `tracestate`), to send downstream. */
  headers(): TraceHeaders;
}

export interface SpanOptions {
  kind: 'server' | 'client';
  parent?: TraceHeaders | null;
  attributes?: Attributes;
  /** Epoch milliseconds, when the work began before the span was made. */
  startTime?: number;
}

interface ActiveTracing {
  start(name: string, options: SpanOptions): SpanHandle;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let active: ActiveTracing | null = null;

/** True when tracing is on (the only check the hot path makes). */
export function tracingOn(): boolean {
  return active !== null;
}

/** A new span, or undefined when tracing is off. */
export function startSpan(name: string, options: SpanOptions): SpanHandle | undefined {
  return active?.start(name, options);
}

/** Where spans go: the traces endpoint, or the base endpoint + `/v1/traces`; null = tracing off. */
export function tracesUrl(env: NodeJS.ProcessEnv): string | null {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return null;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : null;
}

/** Starts tracing when the environment asks for it; returns whether it is on. Idempotent. */
export async function startTracing(env: NodeJS.ProcessEnv, version: string): Promise<boolean> {
  const url = tracesUrl(env);
  if (!url || active) return active !== null;
  const [api, sdk, otlp, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME?.trim() || 'toolgate',
      'service.version': version,
    }),
    // The exporter reads OTEL_EXPORTER_OTLP_HEADERS / _TIMEOUT / _COMPRESSION itself.
    spanProcessors: [new sdk.BatchSpanProcessor(new otlp.OTLPTraceExporter({ url }))],
  });
  const tracer: Tracer = provider.getTracer('toolgate', version);
  const parentContext = (parent: TraceHeaders | null | undefined): Context => {
    if (!parent) return api.ROOT_CONTEXT;
    const { traceId, spanId, traceFlags } = parseTraceparent(parent.traceparent);
    const traceState = parent.tracestate ? api.createTraceState(parent.tracestate) : undefined;
    return api.trace.setSpanContext(api.ROOT_CONTEXT, {
      traceId,
      spanId,
      traceFlags,
      isRemote: true,
      traceState,
    });
  };
  const wrap = (span: Span, parent: TraceHeaders | null | undefined): SpanHandle => ({
    setAttributes: (attributes) => span.setAttributes(attributes),
    end(error) {
      if (error !== undefined) span.setStatus({ code: api.SpanStatusCode.ERROR, message: error });
      span.end();
    },
    headers() {
      const c = span.spanContext();
      const traceparent = `00-${c.traceId}-${c.spanId}-0${c.traceFlags & 1}`;
      return parent?.tracestate ? { traceparent, tracestate: parent.tracestate } : { traceparent };
    },
  });
  active = {
    start(name, options) {
      const kind = options.kind === 'server' ? api.SpanKind.SERVER : api.SpanKind.CLIENT;
      const span = tracer.startSpan(
        name,
        { kind, attributes: options.attributes, startTime: options.startTime },
        parentContext(options.parent),
      );
      return wrap(span, options.parent);
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
  return true;
}

/** Sends every ended span now (tests, shutdown). */
export async function flushTracing(): Promise<void> {
  await active?.flush();
}

/** Flushes and stops tracing; a later `startTracing` may start it again. */
export async function stopTracing(): Promise<void> {
  const current = active;
  active = null;
  await current?.shutdown();
}
