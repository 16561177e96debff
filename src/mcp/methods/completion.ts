import { findServerPrompt } from '../../prompts/prompts.service.ts';
import type { MethodHandler } from '../call-context.ts';
import { invalidParams } from '../errors.ts';

/** MCP caps a completion answer at 100 values. */
const MAX_VALUES = 100;

const EMPTY = { completion: { values: [], total: 0, hasMore: false } };

/**
 * `completion/complete` for prompt arguments: the argument's optional `values` list, filtered by
 * the typed prefix (case-insensitive). Resource-template references have nothing to offer.
 */
const complete: MethodHandler = async (params, call) => {
  const ref = params.ref as Record<string, unknown> | undefined;
  const argument = params.argument as Record<string, unknown> | undefined;
  if (typeof ref !== 'object' || ref === null || typeof ref.type !== 'string')
    throw invalidParams('params.ref must be an object with a type');
  if (typeof argument !== 'object' || argument === null || typeof argument.name !== 'string')
    throw invalidParams('params.argument must be an object with a name');
  const typed = typeof argument.value === 'string' ? argument.value.toLowerCase() : '';
  if (ref.type === 'ref/resource') return EMPTY;
  if (ref.type !== 'ref/prompt' || typeof ref.name !== 'string')
    throw invalidParams('params.ref.type must be ref/prompt or ref/resource');
  const prompt = await findServerPrompt(call.ctx, call.server.id, ref.name);
  if (!prompt) throw invalidParams(`Unknown prompt: ${ref.name.slice(0, 128)}`);
  const arg = prompt.arguments.find((a) => a.name === argument.name);
  const values = (arg?.values ?? []).filter(
    (v) => typeof v === 'string' && v.toLowerCase().startsWith(typed),
  );
  return {
    completion: {
      values: values.slice(0, MAX_VALUES),
      total: values.length,
      hasMore: values.length > MAX_VALUES,
    },
  };
};

export const completionMethods: Record<string, MethodHandler> = {
  'completion/complete': complete,
};
