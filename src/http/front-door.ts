import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';

/*
 * The HTTP server under fastify (its `serverFactory`), made as fastify makes its own, with one
 * difference: a request first goes past the lanes, handlers that take a few hot requests ahead of
 * fastify's router (the MCP POST: mcp/post-lane.ts). A lane that answers false leaves the request
 * to fastify, so with no lane this is fastify's own server.
 */

/** Takes a request (and returns true), or leaves it to fastify. */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface FrontDoor {
  lanes: Lane[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where route plugins add their lanes (app.ts). */
    frontDoor: FrontDoor;
  }
}

/** The options fastify passes to a server factory that this server honours (fastify's defaults apply). */
interface ServerOptions {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/*
 * The latest request's response, kept alive until the next request replaces it. V8 holds the
 * maps (hidden classes) of ServerResponse's transition tree only weakly: a full GC that finds no
 * response alive (an idle gateway, a heap snapshot, `--expose-gc`) frees them, and every response
 * made after it was built in dictionary mode, for good: the constructor, `writeHead` and `end`
 * went through V8's runtime, ~10 % of a tools/call's CPU (front-door.test.ts
 * shows it). One live response keeps the tree, and so the fast path.
 * Each request replaces it, so it holds one exchange, never more. The same family as
 * keep-tick-shape.ts.
 */
const kept: { response?: ServerResponse } = {};

export function frontDoorServer(door: FrontDoor) {
  return (handler: RequestListener, options: ServerOptions) => {
    const lanes = door.lanes;
    const server = createServer((req, res) => {
      kept.response = res;
      for (let i = 0; i < lanes.length; i++) if (lanes[i]!(req, res)) return;
      handler(req, res);
    });
    // As fastify's getServerInstance sets up its own HTTP/1 server.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
