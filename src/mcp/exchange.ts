import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/*
 * What the MCP endpoint reads of a request and does to its reply: the part of fastify's Request
 * and Reply it uses. Fastify's objects have it, and so has the POST lane that answers
 * `POST /mcp/{slug}` ahead of fastify's router (post-lane.ts), so both reach the same code.
 */

export interface McpRequest {
  readonly headers: IncomingHttpHeaders;
  /** The body as text (the endpoint parses it itself, for JSON-RPC's own parse error). */
  readonly body: unknown;
  readonly query: unknown;
  readonly raw: IncomingMessage;
  readonly log: FastifyBaseLogger;
  /** The CORS headers of the request's server, once the gate knows it (mcp.routes.ts). */
  mcpCors: Record<string, string> | null;
}

/** A request to `/mcp/{slug}` (and its sub-paths). */
export interface SlugRequest extends McpRequest {
  readonly params: { slug: string };
}

export interface McpReply {
  readonly raw: ServerResponse;
  /** True once the answer went out, or the response was taken over (hijack). */
  readonly sent: boolean;
  code(statusCode: number): McpReply;
  header(name: string, value: string): McpReply;
  headers(values: Record<string, string>): McpReply;
  type(contentType: string): McpReply;
  /** A string as it is, an object as JSON, nothing as an empty body. */
  send(payload?: unknown): McpReply;
  /** The caller writes to `raw` itself from now on (SSE). */
  hijack(): McpReply;
}
