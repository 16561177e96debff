/*
 * JSON-RPC 2.0 error codes and the two error families of the MCP endpoint: `RpcError` is a
 * protocol error answered inside a JSON-RPC response (HTTP 200 in a batch or a single call);
 * `HttpRejection` refuses the whole HTTP request (4xx/5xx) with a JSON-RPC error body, as the
 * official SDK transports do.
 */

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** Transport-level refusal (missing session, bad header, paused server, auth, rate limit). */
export const SERVER_ERROR = -32000;
export const SESSION_NOT_FOUND = -32001;
/** MCP resources: unknown URI (2025-11-25; from 2026-07-28 it is INVALID_PARAMS). */
export const RESOURCE_NOT_FOUND = -32002;
/** 2026-07-28: an `Mcp-*` header is missing, malformed or disagrees with the body (HTTP 400). */
export const HEADER_MISMATCH = -32020;
/** 2026-07-28: the request needs a client capability its `_meta` does not declare (HTTP 400). */
export const MISSING_CLIENT_CAPABILITY = -32021;
/** 2026-07-28: the requested protocol version is not served here (HTTP 400). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export type JsonRpcId = string | number;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  result?: unknown;
  error?: JsonRpcErrorObject;
}

/** A protocol error a method handler throws; dispatch turns it into an error response. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function invalidParams(message: string, data?: unknown): RpcError {
  return new RpcError(INVALID_PARAMS, message, data);
}

/** Refuses an HTTP request as a whole: status, JSON-RPC error body, extra headers. */
export class HttpRejection extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly id: JsonRpcId | null = null,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function errorResponse(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}
