import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SseSink } from './streams.ts';

/**
 * The Content-Type of JSON answers, charset included. Given `application/json`, fastify appends
 * `; charset=utf-8` on every reply, and Node's header check (a regular expression) had to flatten
 * that joined string through V8's runtime; a constant takes the regular expression's fast path.
 */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The first value of a header. */
export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function accepts(request: FastifyRequest, type: string): boolean {
  const accept = header(request, 'accept');
  return accept?.toLowerCase().includes(type) === true;
}

/** An absent Accept or a wildcard accepts JSON; clients that name neither type get 406. */
export function acceptsJsonOrSse(request: FastifyRequest): boolean {
  const accept = header(request, 'accept')?.toLowerCase();
  if (accept === undefined || accept.trim() === '') return true;
  return (
    accept.includes('application/json') ||
    accept.includes('text/event-stream') ||
    accept.includes('*/*') ||
    accept.includes('application/*')
  );
}

/**
 * Bytes an SSE stream may have waiting to be sent (the response's and its socket's buffers) when
 * the next event is written. A client that stopped reading has its stream closed instead: an event
 * source cannot wait for it (notifications, answers on a legacy stream), so the events would pile
 * up in memory without end. A stream can hold one event more than this: a single large answer
 * still goes out whole.
 */
export const MAX_SSE_BACKLOG_BYTES = 1024 * 1024;

/**
 * Takes the response over from fastify and returns an SSE sink on it. The status line and
 * headers go out with the first write (or `open()`), so a refusal decided before that can
 * still be sent as a normal reply. Every SSE stream of the endpoint writes through one of these,
 * so MAX_SSE_BACKLOG_BYTES holds for all of them.
 */
export function sseSink(
  reply: FastifyReply,
  headers: Record<string, string>,
): SseSink & { open(): void; onClose(fn: () => void): void } {
  const raw = reply.raw;
  let opened = false;
  const open = () => {
    if (opened) return;
    opened = true;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...headers,
    });
    raw.flushHeaders();
  };
  return {
    open,
    write(text) {
      open();
      if (raw.writableEnded || raw.destroyed) return;
      // Closing fires the stream's close handlers: its session or listener goes with it.
      if (raw.writableLength > MAX_SSE_BACKLOG_BYTES) raw.destroy();
      else raw.write(text);
    },
    end() {
      open();
      if (!raw.writableEnded) raw.end();
    },
    onClose(fn) {
      raw.on('close', fn);
    },
  };
}
