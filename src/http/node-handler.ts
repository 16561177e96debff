import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Handing a request over to a plain Node handler (a Koa app's `callback()`, such as
 * oidc-provider's) from a fastify route: fastify stops answering (hijack) and the handler writes
 * the response itself. The route's body parser must have left the body unread.
 */

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HandOver {
  /** The URL the handler sees (its own routes, the mount path removed). */
  url: string;
  /** The URL as requested (a mounted Koa app derives its mount path from the difference). */
  originalUrl: string;
  /** The public origin the handler builds its URLs from (set as the forwarded headers). */
  publicOrigin: URL;
}

export function handOver(
  request: FastifyRequest,
  reply: FastifyReply,
  handler: NodeHandler,
  to: HandOver,
): void {
  reply.hijack();
  const req = request.raw as IncomingMessage & { originalUrl?: string };
  req.originalUrl = to.originalUrl;
  req.url = to.url;
  req.headers['x-forwarded-proto'] = to.publicOrigin.protocol.replace(/:$/, '');
  req.headers['x-forwarded-host'] = to.publicOrigin.host;
  handler(req, reply.raw);
}

/** The Node request and response under a fastify exchange (for libraries that read cookies off them). */
export function rawExchange(
  request: FastifyRequest,
  reply: FastifyReply,
): { req: IncomingMessage; res: ServerResponse } {
  return { req: request.raw, res: reply.raw };
}
