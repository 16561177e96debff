import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { presentItem, serverItems } from '../servers/server-items.service.ts';
import {
  findPromptByName,
  type NewPrompt,
  type PromptArgument,
  type PromptRecord,
  promptItems,
} from '../store/prompts.repo.ts';
import { nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';

const prompts = serverItems<PromptRecord>({
  noun: 'prompt',
  changed: 'prompts_changed',
  store: promptItems,
});

export interface PromptInput {
  name?: string;
  description?: string;
  arguments?: Array<Partial<PromptArgument> & { name: string }>;
  template_content?: string;
}

/** The prompt object of the spec's Prompt table plus `server_uuid`. */
export const presentPrompt = presentItem<PromptRecord>;

/** Fills argument defaults (`description` '', `required` false); names must be unique. */
function normaliseArguments(args: NonNullable<PromptInput['arguments']>): PromptArgument[] {
  const seen = new Set<string>();
  const out: PromptArgument[] = [];
  for (const [i, arg] of args.entries()) {
    if (seen.has(arg.name))
      throw invalidParams({ [`arguments.${i}.name`]: `duplicates the argument "${arg.name}"` });
    seen.add(arg.name);
    out.push({
      name: arg.name,
      description: arg.description ?? '',
      required: arg.required ?? false,
      ...(arg.values !== undefined ? { values: arg.values } : {}),
      ...(arg.ask_user === true ? { ask_user: true } : {}),
    });
  }
  return out;
}

/** Loads a prompt of the server by numeric id, or throws 404 svc_not_found "prompt not found". */
export const getPromptOrThrow = prompts.getOrThrow;

/** A page of the server's prompts, presented. */
export const listPrompts = prompts.list;

export async function createPrompt(
  ctx: AppContext,
  server: ServerRecord,
  input: PromptInput & { name: string },
): Promise<PromptRecord> {
  const args = normaliseArguments(input.arguments ?? []);
  await prompts.assertUnique(ctx, server, 'name', input.name);
  const now = nowIso();
  return prompts.insert(ctx, server, {
    server_id: server.id,
    name: input.name,
    description: input.description ?? '',
    arguments: args,
    template_content: input.template_content ?? '',
    created_at: now,
    updated_at: now,
  });
}

export async function updatePrompt(
  ctx: AppContext,
  server: ServerRecord,
  prompt: PromptRecord,
  input: PromptInput,
): Promise<PromptRecord> {
  const patch: Partial<NewPrompt> = {};
  if (input.name !== undefined) {
    await prompts.assertUnique(ctx, server, 'name', input.name, prompt.id);
    patch.name = input.name;
  }
  if (input.description !== undefined) patch.description = input.description;
  if (input.arguments !== undefined) patch.arguments = normaliseArguments(input.arguments);
  if (input.template_content !== undefined) patch.template_content = input.template_content;
  return prompts.save(ctx, server, prompt, patch);
}

/** Deletes a prompt; 500 svc_delete_failed only when the store itself fails. */
export function deletePrompt(ctx: AppContext, server: ServerRecord, prompt: PromptRecord): Promise<void> {
  return prompts.remove(ctx, server, prompt);
}

/** Every prompt of a server, in list order (MCP prompts/list). */
export function listServerPrompts(ctx: Pick<AppContext, 'store'>, serverId: number): Promise<PromptRecord[]> {
  return prompts.listAll(ctx, serverId);
}

/** The server's prompt of that name (MCP looks prompts up by name), or undefined. */
export function findServerPrompt(
  ctx: Pick<AppContext, 'store'>,
  serverId: number,
  name: string,
): Promise<PromptRecord | undefined> {
  return findPromptByName(ctx.store.db, serverId, name);
}
