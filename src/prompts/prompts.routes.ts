import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerItemRoutes } from '../servers/item-routes.ts';
import { promptDocs } from './prompts.schema.ts';
import {
  createPrompt,
  deletePrompt,
  getPromptOrThrow,
  listPrompts,
  type PromptInput,
  presentPrompt,
  updatePrompt,
} from './prompts.service.ts';

/** `/servers/{server_id}/prompts[/{id}]`: list, create, get, PATCH, delete (numeric prompt ids). */
export async function promptsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerItemRoutes(app, ctx, {
    kind: 'prompts',
    docs: promptDocs,
    list: (c, server, page) => listPrompts(c, server, page),
    create: (c, server, body) => createPrompt(c, server, body as PromptInput & { name: string }),
    getOrThrow: getPromptOrThrow,
    update: (c, server, prompt, body) => updatePrompt(c, server, prompt, body as PromptInput),
    remove: deletePrompt,
    present: presentPrompt,
  });
}
