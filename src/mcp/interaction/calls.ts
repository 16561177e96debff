import { BuildError, buildRequest } from '../../executor/build-request.ts';
import type { ToolResult } from '../../executor/types.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import type { Interaction } from '../../tools/interaction.ts';
import type { CallContext } from '../call-context.ts';
import { MISSING_CLIENT_CAPABILITY, RpcError } from '../errors.ts';
import { type Answers, nextStep, readAnswers, type Step, summaryStep, type Target } from './engine.ts';

/*
 * Multi-round steps of `tools/call` in both eras. 2026-07-28: a step that needs input is the
 * call's answer (`resultType: "input_required"`); the client retries. 2025 revisions: the same
 * steps are sent as server→client requests on the call's SSE stream and the engine is re-entered
 * with the answers, as the official SDK's legacy shim does — for sessions whose client declared
 * the capability; otherwise the call gets a clear error result (never a hang).
 */

/** Re-entries per call in the 2025 driver (the SDK shim's default). */
const MAX_ROUNDS = 8;

export type Outcome = { args: Record<string, unknown> } | { result: Record<string, unknown> };

/** The request the call will make, for the confirmation (method, URL, body; never credentials). */
export function previewRequest(tool: ToolRecord, args: Record<string, unknown>): string {
  try {
    const r = buildRequest(tool, args);
    const body = r.body ? `\n\n${r.body.length > 2000 ? `${r.body.slice(0, 2000)}…` : r.body}` : '';
    return `${r.method} ${r.url.href}${body}`;
  } catch (err) {
    if (err instanceof BuildError) return `${tool.http_method} ${tool.endpoint_url}`;
    throw err;
  }
}

export function capabilitiesOf(call: CallContext): Record<string, unknown> {
  return call.modern?.capabilities ?? call.session?.client_capabilities ?? {};
}

function inputRequired(step: Extract<Step, { kind: 'ask' }>): Record<string, unknown> {
  return { resultType: 'input_required', inputRequests: step.inputRequests, requestState: step.requestState };
}

/** Runs the engine to a final step: one pass in 2026, the server→client loop in 2025. */
async function settle(call: CallContext, target: Target, args: Record<string, unknown>, first: Answers) {
  const caps = capabilitiesOf(call);
  if (call.modern) return nextStep(call.ctx, target, args, first, caps);
  let answers = first;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const step = await nextStep(call.ctx, target, args, answers, caps);
    if (step.kind !== 'ask') return step;
    if (!call.request)
      return {
        kind: 'declined',
        error: true,
        message: 'This tool needs input from the user: the client must accept text/event-stream answers.',
      } as Step;
    const inputResponses: Record<string, unknown> = {};
    for (const [key, req] of Object.entries(step.inputRequests))
      inputResponses[key] = await call.request(req.method, req.params);
    answers = { inputResponses, requestState: step.requestState };
  }
  return { kind: 'declined', error: true, message: 'Too many input rounds; nothing was sent.' } as Step;
}

/** 2025 sessions get capability refusals and client failures as error results (the SDK shim's idiom). */
async function guarded(call: CallContext, run: () => Promise<Step>): Promise<Step> {
  if (call.modern) return run();
  try {
    return await run();
  } catch (err) {
    if (err instanceof RpcError && err.code === MISSING_CLIENT_CAPABILITY)
      return { kind: 'declined', error: true, message: err.message };
    if (err instanceof ClientRequestError) return { kind: 'declined', error: true, message: err.message };
    throw err;
  }
}

/** A server→client request the 2025 client answered with an error, or never answered. */
export class ClientRequestError extends Error {}

/** What the interaction engine asks about for a tool call (its state is bound to the tool). */
export function toolTarget(tool: ToolRecord, cfg: Interaction, confirm: boolean): Target {
  return {
    id: `tool:${tool.uuid}`,
    inputSchema: tool.input_schema,
    cfg,
    confirm,
    preview: (all) => previewRequest(tool, all),
  };
}

/** Before the upstream call: inputs, missing-argument form, confirmation. */
export async function prepareToolCall(
  call: CallContext,
  tool: ToolRecord,
  cfg: Interaction,
  confirm: boolean,
  args: Record<string, unknown>,
  params: Record<string, unknown>,
): Promise<Outcome> {
  const target = toolTarget(tool, cfg, confirm);
  const answers = readAnswers(params);
  const step = await guarded(call, () => settle(call, target, args, answers));
  if (step.kind === 'ready') return { args: step.args };
  if (step.kind === 'ask') return { result: inputRequired(step) };
  if (step.kind === 'summarized')
    return { result: { content: [{ type: 'text', text: step.text }], isError: false } };
  return {
    result: {
      content: [{ type: 'text', text: step.message }],
      isError: step.error === true,
    },
  };
}

/** After the upstream call: the optional summary by the client's model of a long text answer. */
export async function summarize(
  call: CallContext,
  tool: ToolRecord,
  cfg: Interaction,
  args: Record<string, unknown>,
  result: ToolResult,
): Promise<Record<string, unknown> | undefined> {
  const s = cfg.summary;
  if (!s || result.isError || capabilitiesOf(call).sampling === undefined) return undefined;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  if (Buffer.byteLength(text) <= s.over_bytes) return undefined;
  const target: Target = { id: `tool:${tool.uuid}`, inputSchema: tool.input_schema, cfg, confirm: false };
  const step = summaryStep(call.ctx, target, args, text);
  if (step.kind !== 'ask') return undefined;
  if (call.modern) return inputRequired(step);
  if (!call.request) return undefined;
  try {
    const answer = await call.request('sampling/createMessage', step.inputRequests.summary!.params);
    const done = await nextStep(
      call.ctx,
      target,
      args,
      { inputResponses: { summary: answer }, requestState: step.requestState },
      {},
    );
    return done.kind === 'summarized'
      ? { content: [{ type: 'text', text: done.text }], isError: false }
      : undefined;
  } catch (err) {
    // A client that cannot summarise still gets the full answer.
    if (err instanceof ClientRequestError || err instanceof RpcError) return undefined;
    throw err;
  }
}
