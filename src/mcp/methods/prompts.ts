import { findServerPrompt, listServerPrompts } from '../../prompts/prompts.service.ts';
import type { PromptRecord } from '../../store/prompts.repo.ts';
import type { CallContext, MethodHandler } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { askPromptArguments } from '../interaction/prompts.ts';
import { paginate } from '../paginate.ts';
import { logMcpCall } from './call-log.ts';
import { refuseByPolicy } from './policy-checks.ts';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

function presentPrompt(p: PromptRecord): Record<string, unknown> {
  return {
    name: p.name,
    description: p.description || p.name,
    arguments: p.arguments
      .filter((a) => !a.ask_user)
      .map((a) => ({
        name: a.name,
        ...(a.description ? { description: a.description } : {}),
        required: a.required === true,
      })),
  };
}

function fill(text: string, args: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => (Object.hasOwn(args, name) ? args[name]! : ''));
}

function fillDeep(value: unknown, args: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, args);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, args));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, args)]));
  return value;
}

function isMessage(m: unknown): boolean {
  if (typeof m !== 'object' || m === null) return false;
  const { role, content } = m as Record<string, unknown>;
  return (
    (role === 'user' || role === 'assistant') &&
    typeof content === 'object' &&
    content !== null &&
    typeof (content as Record<string, unknown>).type === 'string'
  );
}

/**
 * Renders a prompt. `template_content` is text with `{{argument}}` placeholders, sent as one
 * user text message. A template that is a JSON document of MCP prompt messages (an array, or
 * `{ "messages": [...] }`) is sent as those messages — the way to offer images or embedded
 * resources — with placeholders filled inside every string value (no JSON escaping issues).
 */
export function renderPrompt(prompt: PromptRecord, args: Record<string, string>): unknown[] {
  const trimmed = prompt.template_content.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const doc = JSON.parse(trimmed) as unknown;
      const messages = Array.isArray(doc) ? doc : (doc as { messages?: unknown }).messages;
      if (Array.isArray(messages) && messages.length > 0 && messages.every(isMessage))
        return fillDeep(messages, args) as unknown[];
    } catch {
      // plain text that happens to start with a bracket
    }
  }
  return [{ role: 'user', content: { type: 'text', text: fill(prompt.template_content, args) } }];
}

const listPrompts: MethodHandler = async (params, call) => {
  const prompts = await listServerPrompts(call.ctx, call.server.id);
  return paginate(prompts.map(presentPrompt), params.cursor, 'prompts');
};

function readArguments(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw invalidParams('params.arguments must be an object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

async function getPrompt(params: Record<string, unknown>, call: CallContext): Promise<unknown> {
  if (typeof params.name !== 'string' || params.name === '')
    throw invalidParams('params.name must be a string');
  let args = readArguments(params.arguments);
  const prompt = await findServerPrompt(call.ctx, call.server.id, params.name);
  if (!prompt) throw invalidParams(`Unknown prompt: ${params.name.slice(0, 128)}`);
  await refuseByPolicy(call, 'get_prompt', { name: prompt.name });
  if (prompt.arguments.some((a) => a.ask_user)) {
    const asked = await askPromptArguments(call, prompt, args, params);
    if ('result' in asked) return asked.result;
    args = asked.args;
  }
  const missing = prompt.arguments
    .filter((a) => a.required && !Object.hasOwn(args, a.name))
    .map((a) => a.name);
  if (missing.length > 0)
    throw invalidParams(`Missing required argument(s): ${missing.join(', ')}`, { missing });
  return {
    ...(prompt.description ? { description: prompt.description } : {}),
    messages: renderPrompt(prompt, args),
  };
}

export const promptMethods: Record<string, MethodHandler> = {
  'prompts/list': listPrompts,
  'prompts/get': (params, call) =>
    logMcpCall(
      call,
      'prompts/get',
      typeof params.name === 'string' ? params.name : '',
      params.arguments,
      () => getPrompt(params, call),
    ),
};
