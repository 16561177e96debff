import type { AppContext } from '../context.ts';
import { invalidParams, notFound, storeFailed } from '../errors.ts';
import type { PageQuery } from '../http/pagination.ts';
import {
  deletePromptRow,
  findPrompt,
  findPromptByName,
  insertPrompt,
  listPrompts as listPromptRows,
  type NewPrompt,
  type PromptArgument,
  type PromptRecord,
  updatePromptRow,
} from '../store/prompts.repo.ts';
import { nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';

export interface PromptInput {
  name?: string;
  description?: string;
  arguments?: Array<Partial<PromptArgument> & { name: string }>;
  template_content?: string;
}

/** The prompt object of the spec's Prompt table plus `server_uuid`. */
export function presentPrompt(
  prompt: PromptRecord,
  server: Pick<ServerRecord, 'uuid'>,
): Record<string, unknown> {
  return {
    id: prompt.id,
    server_id: prompt.server_id,
    name: prompt.name,
    description: prompt.description,
    arguments: prompt.arguments,
    template_content: prompt.template_content,
    server_uuid: server.uuid,
    created_at: prompt.created_at,
    updated_at: prompt.updated_at,
  };
}

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
    });
  }
  return out;
}

async function assertNameFree(ctx: AppContext, server: ServerRecord, name: string, selfId?: number) {
  const other = await findPromptByName(ctx.store.db, server.id, name);
  if (other && other.id !== selfId)
    throw invalidParams({ name: 'is already used by another prompt of this server' });
}

/** Loads a prompt of the server by numeric id, or throws 404 svc_not_found "prompt not found". */
export async function getPromptOrThrow(
  ctx: AppContext,
  server: ServerRecord,
  ref: string,
): Promise<PromptRecord> {
  const prompt = await findPrompt(ctx.store.db, server.id, ref);
  if (!prompt) throw notFound('prompt');
  return prompt;
}

export async function listPrompts(
  ctx: AppContext,
  server: ServerRecord,
  page: PageQuery,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const { rows, total } = await listPromptRows(ctx.store.db, server.id, page);
  return { items: rows.map((p) => presentPrompt(p, server)), total };
}

export async function createPrompt(
  ctx: AppContext,
  server: ServerRecord,
  input: PromptInput & { name: string },
): Promise<PromptRecord> {
  const args = normaliseArguments(input.arguments ?? []);
  await assertNameFree(ctx, server, input.name);
  const now = nowIso();
  const prompt = await insertPrompt(ctx.store.db, {
    server_id: server.id,
    name: input.name,
    description: input.description ?? '',
    arguments: args,
    template_content: input.template_content ?? '',
    created_at: now,
    updated_at: now,
  });
  ctx.events.publish({ type: 'prompts_changed', serverId: server.id });
  return prompt;
}

export async function updatePrompt(
  ctx: AppContext,
  server: ServerRecord,
  prompt: PromptRecord,
  input: PromptInput,
): Promise<PromptRecord> {
  const patch: Partial<NewPrompt> = { updated_at: nowIso() };
  if (input.name !== undefined) {
    await assertNameFree(ctx, server, input.name, prompt.id);
    patch.name = input.name;
  }
  if (input.description !== undefined) patch.description = input.description;
  if (input.arguments !== undefined) patch.arguments = normaliseArguments(input.arguments);
  if (input.template_content !== undefined) patch.template_content = input.template_content;
  const updated = await updatePromptRow(ctx.store.db, prompt.id, patch).catch(
    storeFailed('update', 'prompt'),
  );
  if (!updated) throw notFound('prompt');
  ctx.events.publish({ type: 'prompts_changed', serverId: server.id });
  return updated;
}

/** Deletes a prompt; 500 svc_delete_failed only when the store itself fails. */
export async function deletePrompt(
  ctx: AppContext,
  server: ServerRecord,
  prompt: PromptRecord,
): Promise<void> {
  const deleted = await deletePromptRow(ctx.store.db, prompt.id).catch(storeFailed('delete', 'prompt'));
  if (!deleted) throw notFound('prompt');
  ctx.events.publish({ type: 'prompts_changed', serverId: server.id });
}
