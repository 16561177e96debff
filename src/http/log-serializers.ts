import type { FastifyRequest } from 'fastify';

/**
 * Request log lines carry the method, the path and the client address only. Query strings are
 * dropped entirely: an MCP endpoint with `api-key` auth in the query, or an upstream URL, would
 * otherwise put a credential into the logs. Headers are never logged.
 */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return {
    method: req.method,
    url: q === -1 ? url : `${url.slice(0, q)}?[query omitted]`,
    remoteAddress: req.socket?.remoteAddress,
  };
}
