import type { PromptRecord } from '../../store/prompts.repo.ts';
import { type Interaction, parseInteraction } from '../../tools/interaction.ts';
import type { CallContext } from '../call-context.ts';
import { MISSING_CLIENT_CAPABILITY, RpcError } from '../errors.ts';
import { ClientRequestError, capabilitiesOf } from './calls.ts';
import { nextStep, readAnswers, type Target } from './engine.ts';

/*
 * `prompts/get` for a prompt with `ask_user` arguments: the person fills them in a form (MCP
 * elicitation) — as an `input_required` result in 2026-07-28, as an `elicitation/create` request
 * on the stream in 2025 — when the caller did not pass them. Prompt arguments are strings.
 */

const forms = new WeakMap<PromptRecord, { cfg: Interaction; schema: Record<string, unknown> }>();

function formOf(prompt: PromptRecord) {
  let found = forms.get(prompt);
  if (!found) {
    const asked = prompt.arguments.filter((a) => a.ask_user);
    const schema = {
      type: 'object',
      properties: Object.fromEntries(
        asked.map((a) => [
          a.name,
          { type: 'string', ...(a.description ? { description: a.description } : {}) },
        ]),
      ),
      required: asked.filter((a) => a.required).map((a) => a.name),
    };
    const message = `${prompt.description || prompt.name}: please provide ${asked.map((a) => a.name).join(', ')}`;
    const cfg = parseInteraction({
      inputs: [{ key: 'prompt_arguments', kind: 'user', message, arguments: asked.map((a) => a.name) }],
    });
    found = { cfg, schema };
    forms.set(prompt, found);
  }
  return found;
}

export async function askPromptArguments(
  call: CallContext,
  prompt: PromptRecord,
  args: Record<string, string>,
  params: Record<string, unknown>,
): Promise<{ args: Record<string, string> } | { result: Record<string, unknown> }> {
  const { cfg, schema } = formOf(prompt);
  const missing = prompt.arguments.filter((a) => a.ask_user && args[a.name] === undefined);
  if (missing.length === 0 && params.requestState === undefined) return { args };
  const target: Target = { id: `prompt:${prompt.id}`, inputSchema: schema, cfg, confirm: false };
  let answers = readAnswers(params);
  for (let round = 0; round < 8; round++) {
    let step: Awaited<ReturnType<typeof nextStep>>;
    try {
      step = await nextStep(call.ctx, target, args, answers, capabilitiesOf(call));
    } catch (err) {
      // 2025: a client that cannot be asked gets the usual missing-argument error instead.
      if (!call.modern && err instanceof RpcError && err.code === MISSING_CLIENT_CAPABILITY) return { args };
      throw err;
    }
    if (step.kind === 'ready') {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(step.args)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
      return { args: out };
    }
    if (step.kind !== 'ask') return { args };
    if (call.modern)
      return {
        result: {
          resultType: 'input_required',
          inputRequests: step.inputRequests,
          requestState: step.requestState,
        },
      };
    if (!call.request) return { args };
    try {
      const inputResponses: Record<string, unknown> = {};
      for (const [key, req] of Object.entries(step.inputRequests))
        inputResponses[key] = await call.request(req.method, req.params);
      answers = { inputResponses, requestState: step.requestState };
    } catch (err) {
      if (err instanceof ClientRequestError) return { args };
      throw err;
    }
  }
  return { args };
}
