import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request logging, written once for every route (the MCP endpoint's included): no
 * "incoming request" / "request completed" info lines nor "route not found", which would bury
 * what matters at the default level; at `debug` (LOG_LEVEL=debug) one line per request instead,
 * `GET /api/svc/v1/servers 200 4 ms`, through the application's logger so no request logger is
 * made for it. The query string is left out (an `api-key` in the query is a credential), as are
 * headers. Errors of a request are still logged.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    const log = request.server.log;
    if (log.level !== 'debug' && log.level !== 'trace') return;
    const raw = request.raw;
    const url = raw.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    log.debug(
      { method: raw.method, url: path, status, ms, remoteAddress: raw.socket?.remoteAddress },
      `${raw.method} ${path} ${status} ${ms} ms`,
    );
  }

  override routeNotFound(): void {}
}
