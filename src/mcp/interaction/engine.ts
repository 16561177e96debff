import type { AppContext } from '../../context.ts';
import { renderPlaceholders } from '../../executor/placeholders.ts';
import type { ClientInput, Interaction } from '../../tools/interaction.ts';
import { invalidParams, MISSING_CLIENT_CAPABILITY, RpcError } from '../errors.ts';
import { redeemState, signState } from './state.ts';

/*
 * One engine for every multi-round call (docs/MCP.md "Multi-round calls"): given what the model
 * sent, the client's answers so far and the signed state, decide whether the call is ready, or
 * which input requests to return (2026-07-28 `input_required`) / send (2025 server→client
 * requests, interaction/legacy.ts). Stages run in order: input rounds, the missing-arguments
 * form, the confirmation.
 */

export interface InputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params: Record<string, unknown>;
}

export type Step =
  | { kind: 'ready'; args: Record<string, unknown> }
  | { kind: 'ask'; inputRequests: Record<string, InputRequest>; requestState: string }
  /** Nothing was sent: `error` when the client could not be asked, not when the person said no. */
  | { kind: 'declined'; message: string; error?: boolean }
  /** The summary round answered: the model's summary replaces the upstream answer. */
  | { kind: 'summarized'; text: string };

/** What is being called: a tool (or a prompt, whose arguments are strings). */
export interface Target {
  /** Binds the state (tool uuid, `prompt:<id>`). */
  id: string;
  inputSchema: Record<string, unknown>;
  cfg: Interaction;
  confirm: boolean;
  /** The request the call will make, shown in the confirmation (no credentials). */
  preview?: (args: Record<string, unknown>) => string;
}

const CAPABILITY: Record<ClientInput['kind'], string> = {
  user: 'elicitation',
  model: 'sampling',
  roots: 'roots',
};
const MISSING_KEY = 'missing_arguments';
const CONFIRM_KEY = 'confirm';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const asText = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
/** `{{argument}}` placeholders of an operator-written message or prompt, filled with the arguments. */
const fill = (text: string, args: Record<string, unknown>) =>
  renderPlaceholders(text, args, new Set(), asText);

export function missingCapability(names: string[]): RpcError {
  const requiredCapabilities = Object.fromEntries(names.map((n) => [n, {}]));
  return new RpcError(
    MISSING_CLIENT_CAPABILITY,
    `This call needs the client capability ${names.join(', ')}, which the request does not declare`,
    { requiredCapabilities },
  );
}

/** The form (`requestedSchema`) for some arguments: their input_schema properties, flat. */
export function formFor(inputSchema: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const props = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required : []);
  const properties: Record<string, unknown> = {};
  for (const n of names) properties[n] = isObject(props[n]) ? props[n] : { type: 'string' };
  const req = names.filter((n) => required.has(n));
  return { type: 'object', properties, ...(req.length ? { required: req } : {}) };
}

function requestFor(
  input: ClientInput,
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
): InputRequest {
  if (input.kind === 'user')
    return {
      method: 'elicitation/create',
      params: { message: fill(input.message, args), requestedSchema: formFor(schema, input.arguments) },
    };
  if (input.kind === 'model')
    return {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: fill(input.prompt, args) } }],
        maxTokens: input.max_tokens,
      },
    };
  return { method: 'roots/list', params: {} };
}

/** Reads one answer; undefined = not answered; -32602 when it is not an answer of that kind. */
function readAnswer(
  input: ClientInput,
  answer: unknown,
  schema: Record<string, unknown>,
): { values: Record<string, unknown> } | { declined: true } | undefined {
  if (answer === undefined) return undefined;
  if (!isObject(answer)) throw invalidParams(`inputResponses.${input.key} must be an object`);
  if (input.kind === 'user') {
    if (answer.action === 'decline' || answer.action === 'cancel') return { declined: true };
    if (answer.action !== 'accept' || !isObject(answer.content))
      throw invalidParams(`inputResponses.${input.key} must be an elicitation result (action, content)`);
    const values: Record<string, unknown> = {};
    for (const n of input.arguments) if (answer.content[n] !== undefined) values[n] = answer.content[n];
    const need = (formFor(schema, input.arguments).required as string[] | undefined) ?? [];
    return need.every((n) => values[n] !== undefined) ? { values } : undefined;
  }
  if (input.kind === 'model') {
    const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
    if (!isObject(content) || content.type !== 'text' || typeof content.text !== 'string')
      throw invalidParams(`inputResponses.${input.key} must be a sampling result with text content`);
    return { values: { [input.argument]: content.text } };
  }
  if (!Array.isArray(answer.roots))
    throw invalidParams(`inputResponses.${input.key} must be a roots/list result`);
  const uris = answer.roots
    .filter(isObject)
    .map((r) => r.uri)
    .filter((u): u is string => typeof u === 'string');
  return { values: { [input.argument]: uris } };
}

function stagesOf(target: Target): string[] {
  const rounds = [...new Set(target.cfg.inputs.map((i) => i.round))]
    .sort((a, b) => a - b)
    .map((r) => `r${r}`);
  if (target.cfg.ask_missing) rounds.push('missing');
  if (target.confirm) rounds.push('confirm');
  return rounds;
}

export interface Answers {
  inputResponses: unknown;
  requestState: unknown;
}

/** Reads `inputResponses` / `requestState` off the params: -32602 for the wrong types. */
export function readAnswers(params: Record<string, unknown>): Answers {
  const { inputResponses, requestState } = params;
  if (inputResponses !== undefined && !isObject(inputResponses))
    throw invalidParams('inputResponses must be an object');
  if (requestState !== undefined && typeof requestState !== 'string')
    throw invalidParams('requestState must be a string');
  return { inputResponses, requestState };
}

/**
 * Decides the next step of a call. `capabilities` are the client's (the request's `_meta` in
 * 2026-07-28, the session's in 2025).
 */
export async function nextStep(
  ctx: AppContext,
  target: Target,
  modelArgs: Record<string, unknown>,
  answers: Answers,
  capabilities: Record<string, unknown>,
): Promise<Step> {
  const stages = stagesOf(target);
  let filled: Record<string, unknown> = {};
  let current = stages[0];
  if (typeof answers.requestState === 'string') {
    const redeemed = await redeemState(ctx, answers.requestState, target.id, modelArgs);
    filled = redeemed.filled;
    current = redeemed.stage;
    if (current === 'summary') {
      const summary = readAnswer(
        {
          key: 'summary',
          kind: 'model',
          prompt: '',
          argument: 'text',
          max_tokens: 0,
          round: 0,
          optional: false,
        },
        (answers.inputResponses as Record<string, unknown> | undefined)?.summary,
        {},
      );
      if (summary && 'values' in summary) return { kind: 'summarized', text: String(summary.values.text) };
      throw invalidParams('inputResponses.summary is required to finish this call');
    }
  }
  const responses = (answers.inputResponses ?? {}) as Record<string, unknown>;
  const has = (name: string) => capabilities[name] !== undefined && capabilities[name] !== null;
  const ask = (stage: string, requests: Record<string, InputRequest>): Step => ({
    kind: 'ask',
    inputRequests: requests,
    requestState: signState(ctx, target.id, modelArgs, stage, filled),
  });

  for (
    let i = current === undefined ? stages.length : Math.max(0, stages.indexOf(current));
    i < stages.length;
    i++
  ) {
    const stage = stages[i]!;
    // Answers count for the stage the client was asked (the state's, or the first one).
    const answering = stage === current;
    const args = { ...modelArgs, ...filled };
    if (stage.startsWith('r')) {
      const round = Number(stage.slice(1));
      const inputs = target.cfg.inputs.filter((input) => input.round === round);
      const lacking = inputs.filter((input) => !input.optional && !has(CAPABILITY[input.kind]));
      if (lacking.length)
        throw missingCapability([...new Set(lacking.map((input) => CAPABILITY[input.kind]))]);
      const pending: Record<string, InputRequest> = {};
      for (const input of inputs) {
        if (!has(CAPABILITY[input.kind])) continue;
        const got = answering ? readAnswer(input, responses[input.key], target.inputSchema) : undefined;
        if (got && 'declined' in got) {
          if (input.optional) continue;
          return {
            kind: 'declined',
            message: 'The user declined to provide the requested input; nothing was sent.',
          };
        }
        if (got) Object.assign(filled, got.values);
        else pending[input.key] = requestFor(input, target.inputSchema, args);
      }
      if (Object.keys(pending).length) return ask(stage, pending);
    } else if (stage === 'missing') {
      const required = Array.isArray(target.inputSchema.required)
        ? (target.inputSchema.required as string[])
        : [];
      const missing = required.filter((n) => args[n] === undefined);
      if (missing.length === 0 || !has('elicitation')) continue;
      const got = answering
        ? readAnswer(
            { key: MISSING_KEY, kind: 'user', message: '', arguments: missing, round: 0, optional: false },
            responses[MISSING_KEY],
            target.inputSchema,
          )
        : undefined;
      if (got && 'declined' in got)
        return {
          kind: 'declined',
          message: 'The user declined to provide the missing arguments; nothing was sent.',
        };
      if (got) Object.assign(filled, got.values);
      else
        return ask(stage, {
          [MISSING_KEY]: {
            method: 'elicitation/create',
            params: {
              message: `Some required inputs are missing: ${missing.join(', ')}`,
              requestedSchema: formFor(target.inputSchema, missing),
            },
          },
        });
    } else if (stage === 'confirm') {
      if (!has('elicitation')) {
        if (target.cfg.confirm === 'always') throw missingCapability(['elicitation']);
        continue;
      }
      // Only a confirmation asked with a state this server signed (bound to these arguments) counts.
      const answer =
        answering && typeof answers.requestState === 'string' ? responses[CONFIRM_KEY] : undefined;
      if (answer !== undefined) {
        const ok =
          isObject(answer) &&
          answer.action === 'accept' &&
          isObject(answer.content) &&
          answer.content.confirm === true;
        if (ok) continue;
        if (!isObject(answer))
          throw invalidParams(`inputResponses.${CONFIRM_KEY} must be an elicitation result`);
        return { kind: 'declined', message: 'The user did not confirm; the request was not sent.' };
      }
      const preview = target.preview?.(args) ?? '';
      return ask(stage, {
        [CONFIRM_KEY]: {
          method: 'elicitation/create',
          params: {
            message:
              `${target.cfg.confirm_message || 'Confirm this request before it is sent:'}\n\n${preview}`.trim(),
            requestedSchema: {
              type: 'object',
              properties: { confirm: { type: 'boolean', title: 'Send this request', default: false } },
              required: ['confirm'],
            },
          },
        },
      });
    }
  }
  return { kind: 'ready', args: { ...modelArgs, ...filled } };
}

/** The summary round: a sampling request over the upstream text, with the operator's instruction. */
export function summaryStep(
  ctx: AppContext,
  target: Target,
  modelArgs: Record<string, unknown>,
  text: string,
): Step {
  const s = target.cfg.summary!;
  const prompt = s.instruction ? `${s.instruction}\n\n${text}` : text;
  return {
    kind: 'ask',
    inputRequests: {
      summary: {
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
          maxTokens: s.max_tokens,
        },
      },
    },
    requestState: signState(ctx, target.id, modelArgs, 'summary', {}),
  };
}
