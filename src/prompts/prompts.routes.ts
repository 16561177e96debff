import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { getServerItemOrThrow, getServerOrThrow } from '../servers/servers.service.ts';
import {
  createPromptBody,
  listPromptsQuery,
  promptParams,
  promptServerParams,
  updatePromptBody,
} from './prompts.schema.ts';
import {
  createPrompt,
  deletePrompt,
  getPromptOrThrow,
  listPrompts,
  type PromptInput,
  presentPrompt,
  updatePrompt,
} from './prompts.service.ts';

type PromptParams = { server_id: string };

/** `/servers/{server_id}/prompts[/{id}]`: list, create, get, PATCH, delete (numeric prompt ids). */
export async function promptsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');
  const tags = ['prompts'];

  app.get(
    '/servers/:server_id/prompts',
    { preHandler: manage, schema: { tags, params: promptServerParams, querystring: listPromptsQuery } },
    async (req, reply) => {
      const page = parsePage(req.query as Record<string, string>);
      const server = await getServerOrThrow(ctx, (req.params as PromptParams).server_id);
      const { items, total } = await listPrompts(ctx, server, page);
      setPageHeaders(reply, total, page.per_page);
      return items;
    },
  );

  app.post(
    '/servers/:server_id/prompts',
    { preHandler: manage, schema: { tags, params: promptServerParams, body: createPromptBody } },
    async (req, reply) => {
      const server = await getServerOrThrow(ctx, (req.params as PromptParams).server_id);
      const prompt = await createPrompt(ctx, server, req.body as PromptInput & { name: string });
      reply.status(201);
      return presentPrompt(prompt, server);
    },
  );

  app.get(
    '/servers/:server_id/prompts/:id',
    { preHandler: manage, schema: { tags, params: promptParams } },
    async (req) => {
      const [server, prompt] = await getServerItemOrThrow(ctx, req.params, getPromptOrThrow);
      return presentPrompt(prompt, server);
    },
  );

  app.patch(
    '/servers/:server_id/prompts/:id',
    { preHandler: manage, schema: { tags, params: promptParams, body: updatePromptBody } },
    async (req) => {
      const [server, prompt] = await getServerItemOrThrow(ctx, req.params, getPromptOrThrow);
      return presentPrompt(await updatePrompt(ctx, server, prompt, (req.body ?? {}) as PromptInput), server);
    },
  );

  app.delete(
    '/servers/:server_id/prompts/:id',
    { preHandler: manage, schema: { tags, params: promptParams } },
    async (req) => {
      const [server, prompt] = await getServerItemOrThrow(ctx, req.params, getPromptOrThrow);
      await deletePrompt(ctx, server, prompt);
      return { deleted: true };
    },
  );
}
