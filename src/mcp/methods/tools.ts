import type { ToolResult } from '../../executor/types.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import type { CallContext, MethodHandler } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { paginate } from '../paginate.ts';
import { recordCache } from '../record-cache.ts';
import { sendLog } from './logging.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** No parameters at all: MCP asks for this exact schema rather than an empty one. */
const NO_PARAMETERS = { type: 'object', additionalProperties: false };

/** The input schema as MCP wants it: always an object schema, never null. */
export function presentInputSchema(schema: unknown): Record<string, unknown> {
  if (!isObject(schema)) return NO_PARAMETERS;
  const keys = Object.keys(schema).filter((k) => k !== 'type' && k !== 'properties');
  const props = schema.properties;
  const noProps = props === undefined || (isObject(props) && Object.keys(props).length === 0);
  if (keys.length === 0 && noProps && (schema.type === undefined || schema.type === 'object'))
    return NO_PARAMETERS;
  return schema.type === undefined ? { type: 'object', ...schema } : schema;
}

/** Hints from the HTTP method (RFC 9110 semantics) unless the tool sets its own. */
export function presentAnnotations(
  tool: Pick<ToolRecord, 'annotations' | 'http_method'>,
): Record<string, unknown> {
  if (isObject(tool.annotations) && Object.keys(tool.annotations).length > 0) return tool.annotations;
  switch (tool.http_method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
    case 'OPTIONS':
      return { readOnlyHint: true, openWorldHint: true };
    case 'DELETE':
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };
    case 'PUT':
      return { readOnlyHint: false, idempotentHint: true, openWorldHint: true };
    default:
      return { readOnlyHint: false, idempotentHint: false, openWorldHint: true };
  }
}

/** One tool of `tools/list` (DESIGN §6: name = slug, title = name). */
export function presentMcpTool(tool: ToolRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: tool.slug,
    title: tool.name,
    description: tool.description || tool.name,
    inputSchema: presentInputSchema(tool.input_schema),
  };
  // MCP requires an object schema here; clients validate structuredContent against it.
  if (isObject(tool.output_schema) && tool.output_schema.type === 'object')
    out.outputSchema = tool.output_schema;
  out.annotations = presentAnnotations(tool);
  return out;
}

const listTools: MethodHandler = async (params, call) => {
  const tools = await recordCache(call.ctx).activeTools(call.server.id);
  return paginate(tools.list.map(presentMcpTool), params.cursor, 'tools');
};

const callTool: MethodHandler = async (params, call) => {
  if (typeof params.name !== 'string' || params.name === '')
    throw invalidParams('params.name must be a string');
  if (params.arguments !== undefined && params.arguments !== null && !isObject(params.arguments))
    throw invalidParams('params.arguments must be an object');
  const tool = (await recordCache(call.ctx).activeTools(call.server.id)).bySlug.get(params.name);
  if (!tool) throw invalidParams(`Unknown tool: ${params.name.slice(0, 128)}`);
  const progress = progressReporter(call);
  const started = performance.now();
  progress?.(0, 'Starting');
  sendLog(call, 'info', { message: 'tool call started', tool: tool.slug });
  const outcome = await call.ctx.executor.execute({
    server: call.server,
    tool,
    args: (params.arguments as Record<string, unknown> | undefined) ?? {},
    useTestCredentials: false,
    clientType: 'mcp',
    method: 'tools/call',
    sessionId: call.session?.id,
    clientIp: call.clientIp,
    clientName: call.session?.client_name ?? undefined,
    signal: call.signal,
    onLog: (level, data) => sendLog(call, level, data),
    // The executor's own 0..total maps onto step 1..2 of the call's three.
    onProgress: progress
      ? (done, total, message) => progress(1 + (total ? Math.min(1, done / total) : 0), message)
      : undefined,
  });
  const durationMs = Math.round(performance.now() - started);
  if (outcome.ok) sendLog(call, 'info', { message: 'tool call finished', tool: tool.slug, durationMs });
  else
    sendLog(call, 'error', {
      message: 'tool call failed',
      tool: tool.slug,
      reason: outcome.reason,
      durationMs,
    });
  progress?.(PROGRESS_STEPS, 'Done');
  return presentResult(outcome.result);
};

const PROGRESS_STEPS = 3;

/**
 * `notifications/progress` for a request that carries `_meta.progressToken`: received → upstream
 * call (the executor's progress) → done, out of 3. Values only ever increase, as MCP requires.
 */
function progressReporter(call: CallContext): ((value: number, message?: string) => void) | undefined {
  const token = call.meta?.progressToken;
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  let last = -1;
  return (value, message) => {
    if (value <= last) return;
    last = value;
    call.notify('notifications/progress', {
      progressToken: token,
      progress: value,
      total: PROGRESS_STEPS,
      ...(message !== undefined ? { message } : {}),
    });
  };
}

/** The CallToolResult on the wire: `structuredContent` only when present. */
function presentResult(result: ToolResult): Record<string, unknown> {
  return {
    content: result.content,
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    isError: result.isError === true,
  };
}

export const toolMethods: Record<string, MethodHandler> = {
  'tools/list': listTools,
  'tools/call': callTool,
};
