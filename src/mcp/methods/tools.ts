import { isCodeTool, presentCodeTools } from '../../codemode/code-tools.ts';
import { sandboxOf } from '../../codemode/run-program.ts';
import { isMetaTool, presentMetaTools } from '../../discovery/meta-tools.ts';
import { hiddenTools, keptPolicies } from '../../policies/policy-gate.ts';
import { type ToolView, viewTools } from '../../tools/mcp-view.ts';
import { TASK_RESULT_TOOL } from '../../tools/task-result-tool.ts';
import { findServerTool } from '../../tools/tools.service.ts';
import type { CallContext, MethodHandler } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { withJsonText } from '../json-text.ts';
import { PAGE_SIZE, paginate } from '../paginate.ts';
import { type Cached, recordCache } from '../record-cache.ts';
import { fetchTaskResult } from '../tasks/own-task.ts';
import { callCodeTool } from './code-mode.ts';
import { refuseUnservedTool } from './inactive-tool.ts';
import { callMetaTool } from './meta-tools.ts';
import { factsOf, mayByPolicy } from './policy-checks.ts';
import { runTool } from './run-tool.ts';

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
const listPages = new WeakMap<object, Map<unknown, { page: Record<string, unknown>; text: string }>>();

const listTools: MethodHandler = async (params, call) => {
  const view = await currentToolView(call);
  // A caller the policies forbid list_tools sees an empty list.
  if ((await mayByPolicy(call, 'list_tools', {})).kind !== 'permit')
    return paginate([], params.cursor, 'tools');
  if (view.mode === 'discovery') return paginate(presentMetaTools(call.server, view), params.cursor, 'tools');
  if (view.mode === 'code') {
    // A client that lists code mode's tools will run a program soon: start the sandbox now.
    sandboxOf(call.ctx).warm();
    return paginate(presentCodeTools(call.server, view), params.cursor, 'tools');
  }
  // 2026-07-28 clients get schemas as stored (SEP-2106), older ones the copy they take.
  const listed = call.modern ? view.listedModern() : view.listed;
  // Tools a policy forbids this caller whatever the arguments are left out (no page cache then).
  if (keptPolicies(call.ctx, call.server) !== null) {
    const tools = listed.map((t) => view.find(String(t.name))).filter((t) => t !== undefined);
    const hidden = await hiddenTools(call.ctx, call.server, tools, factsOf(call));
    if (hidden.size > 0)
      return paginate(
        listed.filter((t) => !hidden.has(view.find(String(t.name))?.slug ?? '')),
        params.cursor,
        'tools',
      );
  }
  let pages = listPages.get(listed);
  if (!pages) {
    pages = new Map();
    listPages.set(listed, pages);
  }
  const key = params.cursor ?? null;
  let kept = typeof key === 'string' || key === null ? pages.get(key) : undefined;
  if (!kept) {
    const page = paginate(listed, params.cursor, 'tools');
    kept = { page, text: JSON.stringify(page) };
    // Only cursors this list handed out are kept (at most one page each).
    if (pages.size <= listed.length / PAGE_SIZE + 1) pages.set(key, kept);
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
  // A real tool's name keeps working in discovery and code mode (clients that cached it).
  let tool = view.find(params.name);
  if (!tool && !servesOwnTool(view, params.name)) {
    // Created or activated through another instance a moment ago, its event not here yet: the
    // store decides (an unknown name is the rare path, so the read costs the hot path nothing).
    const stored = await findServerTool(call.ctx, call.server.id, params.name);
    if (stored?.status === 'active') {
      recordCache(call.ctx).dropTools(call.server.id);
      view = await currentToolView(call);
      tool = view.find(params.name);
    }
  }
  if (!tool && view.mode === 'code' && isCodeTool(params.name))
    return callCodeTool(params.name, (params.arguments ?? {}) as Record<string, unknown>, params, call, view);
  if (!tool && view.continues && params.name === TASK_RESULT_TOOL)
    return fetchTaskResult(call, (params.arguments ?? {}) as Record<string, unknown>);
  if (!tool && view.mode === 'discovery' && isMetaTool(params.name))
    return callMetaTool(params.name, (params.arguments ?? {}) as Record<string, unknown>, params, call, view);
  if (!tool) return refuseUnservedTool(call, params.name, params.arguments);
  return runTool(call, tool, params);
}

/** A name of the mode's own tools (discovery's meta-tools, code mode's tools). */
function servesOwnTool(view: ToolView, name: string): boolean {
  return (
    (view.mode === 'discovery' && isMetaTool(name)) ||
    (view.mode === 'code' && isCodeTool(name)) ||
    (view.continues && name === TASK_RESULT_TOOL)
  );
}

export const toolMethods: Record<string, MethodHandler> = {
  'tools/list': listTools,
  'tools/call': callTool,
};
