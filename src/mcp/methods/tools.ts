import { isMetaTool, presentMetaTools } from '../../discovery/meta-tools.ts';
import type { ToolResult } from '../../executor/types.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import { interactionOf } from '../../tools/interaction.ts';
import { type ToolView, viewTools } from '../../tools/mcp-view.ts';
import { findServerTool } from '../../tools/tools.service.ts';
import { annotateRequest, upstreamParent } from '../../tracing/request-spans.ts';
import { tracingOn } from '../../tracing/tracing.ts';
import type { CallContext, MethodHandler } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { prepareToolCall, summarize } from '../interaction/calls.ts';
import { withJsonText } from '../json-text.ts';
import { PAGE_SIZE, paginate } from '../paginate.ts';
import { checkParamHeaders } from '../param-headers.ts';
import { type Cached, recordCache } from '../record-cache.ts';
import { refuseUnservedTool } from './inactive-tool.ts';
import { logLevelOf, sendLog } from './logging.ts';
import { callMetaTool } from './meta-tools.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The server's active tools as clients see them (exposure mode, name and description limits). */
export function currentToolView(call: CallContext): Cached<ToolView> {
  const active = recordCache(call.ctx).activeTools(call.server.id);
  return active instanceof Promise
    ? active.then((a) => viewTools(call.server, a))
    : viewTools(call.server, active);
}

/**
 * `tools/list` pages per tool view: the record cache hands out one ActiveTools value per tool-set
 * version (a change replaces it) and tools/mcp-view.ts one view per value and settings, so each page is
 * built once, however often clients list them.
 */
const listPages = new WeakMap<ToolView, Map<unknown, { page: Record<string, unknown>; text: string }>>();

const listTools: MethodHandler = async (params, call) => {
  const view = await currentToolView(call);
  if (view.mode === 'discovery') return paginate(presentMetaTools(call.server, view), params.cursor, 'tools');
  let pages = listPages.get(view);
  if (!pages) {
    pages = new Map();
    listPages.set(view, pages);
  }
  const key = params.cursor ?? null;
  let kept = typeof key === 'string' || key === null ? pages.get(key) : undefined;
  if (!kept) {
    const page = paginate(view.listed, params.cursor, 'tools');
    kept = { page, text: JSON.stringify(page) };
    // Only cursors this list handed out are kept (at most one page each).
    if (pages.size <= view.listed.length / PAGE_SIZE + 1) pages.set(key, kept);
  }
  // A shallow copy (the 2026 transport adds its cache fields to the result it sends), written
  // with the page's kept JSON text.
  return withJsonText({ ...kept.page }, kept.text);
};

/**
 * `tools/call`. A known tool of a cached tool set goes straight to runTool (no async frame of its
 * own); everything else (a store read, discovery mode, an unknown name) through callToolSlowly.
 */
const callTool: MethodHandler = (params, call) => {
  if (typeof params.name !== 'string' || params.name === '')
    throw invalidParams('params.name must be a string');
  if (params.arguments !== undefined && params.arguments !== null && !isObject(params.arguments))
    throw invalidParams('params.arguments must be an object');
  const view = currentToolView(call);
  const tool = view instanceof Promise ? undefined : view.find(params.name);
  return tool ? runTool(call, tool, params) : callToolSlowly(params as CallParams, call, view);
};

type CallParams = Record<string, unknown> & { name: string };

async function callToolSlowly(params: CallParams, call: CallContext, current: Cached<ToolView>) {
  let view = await current;
  // A real tool's name keeps working in discovery mode (clients that cached it).
  let tool = view.find(params.name);
  if (!tool && !(view.mode === 'discovery' && isMetaTool(params.name))) {
    // Created or activated through another instance a moment ago, its event not here yet: the
    // store decides (an unknown name is the rare path, so the read costs the hot path nothing).
    const stored = await findServerTool(call.ctx, call.server.id, params.name);
    if (stored?.status === 'active') {
      recordCache(call.ctx).dropTools(call.server.id);
      view = await currentToolView(call);
      tool = view.find(params.name);
    }
  }
  if (!tool && view.mode === 'discovery' && isMetaTool(params.name))
    return callMetaTool(params.name, (params.arguments ?? {}) as Record<string, unknown>, params, call, view);
  if (!tool) return refuseUnservedTool(call, params.name, params.arguments);
  return runTool(call, tool, params);
}

/**
 * One tool through the whole pipeline (param headers, interaction steps, executor with its
 * validation, limits, cache, retries, auth and mapping, progress and log notifications).
 * `via` names the meta-tool that asked for it (`call_tool`): the call log keeps the real tool's
 * name and notes the meta-tool in its method.
 */
export async function runTool(
  call: CallContext,
  tool: ToolRecord,
  params: Record<string, unknown>,
  via?: string,
): Promise<Record<string, unknown>> {
  let args = (params.arguments as Record<string, unknown> | undefined) ?? {};
  if (call.httpHeaders) checkParamHeaders(tool, args, call.httpHeaders);
  // Multi-round steps (confirmation, asked inputs): skipped at the cost of a WeakMap read when none apply.
  const cfg = interactionOf(tool);
  if (!cfg.idle || cfg.confirms || params.inputResponses !== undefined || params.requestState !== undefined) {
    const prepared = await prepareToolCall(call, tool, cfg, cfg.confirms, args, params);
    if ('result' in prepared) return prepared.result;
    args = prepared.args;
  }
  const progress = progressReporter(call);
  // Log lines are built only for a session (or 2026 request) that asked for them.
  const logs = logLevelOf(call) !== undefined;
  const started = logs ? performance.now() : 0;
  progress?.(0, 'Starting');
  if (logs) sendLog(call, 'info', { message: 'tool call started', tool: tool.slug });
  const outcome = await call.ctx.executor.execute({
    server: call.server,
    tool,
    args,
    useTestCredentials: false,
    clientType: 'mcp',
    method: via ? `tools/call via ${via}` : 'tools/call',
    sessionId: call.session?.id,
    clientIp: call.clientIp,
    clientName: (call.modern ? call.modern.clientName : call.session?.client_name) ?? undefined,
    traceHeaders: upstreamParent(call.httpRequest, call.meta),
    cancel: call.cancel,
    onLog: logs ? (level, data) => sendLog(call, level, data) : undefined,
    // The executor's own 0..total maps onto step 1..2 of the call's three.
    onProgress: progress
      ? (done, total, message) => progress(1 + (total ? Math.min(1, done / total) : 0), message)
      : undefined,
  });
  if (tracingOn())
    annotateRequest(call.httpRequest, {
      'toolgate.tool': tool.slug,
      'toolgate.outcome': outcome.ok ? 'ok' : outcome.reason,
    });
  if (logs) {
    const durationMs = Math.round(performance.now() - started);
    if (outcome.ok) sendLog(call, 'info', { message: 'tool call finished', tool: tool.slug, durationMs });
    else
      sendLog(call, 'error', {
        message: 'tool call failed',
        tool: tool.slug,
        reason: outcome.reason,
        durationMs,
      });
  }
  progress?.(PROGRESS_STEPS, 'Done');
  if (cfg.summary && outcome.ok) {
    const summary = await summarize(
      call,
      tool,
      cfg,
      (params.arguments as Record<string, unknown>) ?? {},
      outcome.result,
    );
    if (summary) return summary;
  }
  return presentResult(outcome.result);
}

const PROGRESS_STEPS = 3;

/** W3C trace context a 2025-era request put in `_meta` (SEP-414 conventions apply to both eras). */

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
