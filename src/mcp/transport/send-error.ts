import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isStoreUnavailable } from '../../store/db.ts';
import { errorResponse, HttpRejection, INTERNAL_ERROR, INVALID_REQUEST } from '../errors.ts';
import { JSON_TYPE } from './http-helpers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CORS headers of the MCP request's server, once the gate knows it (mcp.routes.ts). */
    mcpCors: Record<string, string> | null;
  }
}

/** The MCP endpoint's error handler: every failure as a JSON-RPC error with the right HTTP status. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError | HttpRejection,
): void {
  if (reply.sent || reply.raw.headersSent) {
    if (!reply.raw.writableEnded) reply.raw.end();
    return;
  }
  if (error instanceof HttpRejection) {
    // A refusal after the gate read the server carries its CORS headers too (its own win).
    const cors = request.mcpCors;
    reply
      .code(error.status)
      .headers(cors ? { ...cors, ...error.headers } : error.headers)
      .type(JSON_TYPE)
      .send(errorResponse(error.id, error.code, error.message, error.data));
    return;
  }
  const fe = error as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    reply.code(413).send(errorResponse(null, INVALID_REQUEST, 'Request body is too large'));
    return;
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    reply.code(fe.statusCode).send(errorResponse(null, INVALID_REQUEST, `Invalid Request: ${fe.message}`));
    return;
  }
  if (isStoreUnavailable(error)) {
    request.log.warn({ err: error }, 'mcp request failed: database unavailable');
    reply
      .code(503)
      .header('retry-after', '1')
      .send(errorResponse(null, INTERNAL_ERROR, 'Database unavailable, retry shortly'));
    return;
  }
  request.log.error({ err: error }, 'mcp endpoint error');
  reply.code(500).send(errorResponse(null, INTERNAL_ERROR, 'Internal error'));
}
