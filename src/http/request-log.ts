import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Lane } from './front-door.ts';

/**
 * fastify's request logging without its two info lines per request ("incoming request",
 * "request completed") nor "route not found": those would bury what matters at the default level;
 * the front door's debug line replaces them. Errors of a request are still logged.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
  }

  override routeNotFound(): void {}
}

type DebugLog = { debug(obj: Record<string, unknown>, msg: string): void };

/**
 * One line per request, at `debug` (LOG_LEVEL=debug): `GET /api/svc/v1/servers 200 4 ms`. Taken
 * at the front door, ahead of the lanes, so the MCP POSTs that never reach fastify's router are
 * logged too; installed only at debug, so the default level costs requests nothing. The query
 * string is left out (an `api-key` in the query is a credential), as are headers.
 */
export function requestLogLane(log: DebugLog): Lane {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.once('close', () => {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      const status = res.writableFinished ? res.statusCode : 'aborted';
      const ms = Math.round(performance.now() - started);
      log.debug(
        { method: req.method, url: path, status, ms, remoteAddress: req.socket.remoteAddress },
        `${req.method} ${path} ${status} ${ms} ms`,
      );
    });
    return false;
  };
}
