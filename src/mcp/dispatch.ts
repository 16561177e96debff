import { annotateRequest } from '../tracing/request-spans.ts';
import { tracingOn } from '../tracing/tracing.ts';
import type { CallContext, MethodHandler } from './call-context.ts';
import {
  errorResponse,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  type JsonRpcId,
  type JsonRpcResponse,
  METHOD_NOT_FOUND,
  RpcError,
} from './errors.ts';
import { completionMethods } from './methods/completion.ts';
import { lifecycleMethods } from './methods/lifecycle.ts';
import { loggingMethods } from './methods/logging.ts';
import { promptMethods } from './methods/prompts.ts';
import { resourceMethods } from './methods/resources.ts';
import { toolMethods } from './methods/tools.ts';

/** Every JSON-RPC request method the endpoint answers, by name. */
const METHODS: Record<string, MethodHandler> = {
  ...lifecycleMethods,
  ...toolMethods,
  ...promptMethods,
  ...resourceMethods,
  ...loggingMethods,
  ...completionMethods,
};

export type Message =
  | { kind: 'request'; id: JsonRpcId; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: JsonRpcId; result?: unknown; error?: unknown }
  | { kind: 'invalid'; id: JsonRpcId | null; reason: string };

function validId(id: unknown): id is JsonRpcId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** Classifies one parsed JSON-RPC message (JSON-RPC 2.0 §4–5; MCP: ids are strings or numbers, never null). */
export function classifyMessage(msg: unknown): Message {
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg))
    return { kind: 'invalid', id: null, reason: 'a JSON-RPC message must be an object' };
  const m = msg as Record<string, unknown>;
  const id = validId(m.id) ? m.id : null;
  if (m.jsonrpc !== '2.0') return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  if ('method' in m) {
    if (typeof m.method !== 'string' || m.method === '')
      return { kind: 'invalid', id, reason: 'method must be a non-empty string' };
    if (!('id' in m)) return { kind: 'notification', method: m.method, params: m.params };
    if (!validId(m.id)) return { kind: 'invalid', id: null, reason: 'id must be a string or a number' };
    return { kind: 'request', id: m.id, method: m.method, params: m.params };
  }
  if (validId(m.id) && ('result' in m || 'error' in m))
    return { kind: 'response', id: m.id, result: m.result, error: m.error };
  return { kind: 'invalid', id, reason: 'not a request, notification or response' };
}

/** Answers one request; never throws (handler failures become -32603, logged). */
export async function dispatchRequest(
  msg: { id: JsonRpcId; method: string; params: unknown },
  call: CallContext,
  methods: Record<string, MethodHandler> = METHODS,
): Promise<JsonRpcResponse> {
  const handler = Object.hasOwn(methods, msg.method) ? methods[msg.method] : undefined;
  if (!handler)
    return errorResponse(msg.id, METHOD_NOT_FOUND, `Method not found: ${msg.method.slice(0, 100)}`);
  if (
    msg.params !== undefined &&
    (typeof msg.params !== 'object' || msg.params === null || Array.isArray(msg.params))
  )
    return errorResponse(msg.id, INVALID_PARAMS, 'params must be an object');
  const params = (msg.params ?? {}) as Record<string, unknown>;
  if (call.httpRequest && tracingOn()) annotateRequest(call.httpRequest, { 'mcp.method.name': msg.method });
  try {
    const result = await handler(params, call);
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (err) {
    if (err instanceof RpcError) return errorResponse(msg.id, err.code, err.message, err.data);
    call.log.error({ err, method: msg.method }, 'mcp method failed');
    return errorResponse(msg.id, INTERNAL_ERROR, 'Internal error');
  }
}
