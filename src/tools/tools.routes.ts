import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { getServerItemOrThrow, getServerOrThrow } from '../servers/servers.service.ts';
import { presentTool } from './present-tool.ts';
import { createToolBody, listToolsQuery, serverParams, toolParams, updateToolBody } from './tools.schema.ts';
import {
  createTool,
  deleteTool,
  getToolOrThrow,
  listTools,
  type ToolInput,
  updateTool,
} from './tools.service.ts';

type ToolParams = { server_id: string };

/** `/servers/{server_id}/tools[/{id}]`: list, create, get, PATCH/PUT, delete. */
export async function toolsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');
  const tags = ['tools'];

  app.get(
    '/servers/:server_id/tools',
    { preHandler: manage, schema: { tags, params: serverParams, querystring: listToolsQuery } },
    async (req, reply) => {
      const query = req.query as Record<string, string>;
      const page = parsePage(query);
      const server = await getServerOrThrow(ctx, (req.params as ToolParams).server_id);
      const filter = { status: query.status, tag: query.tag, search: query.search };
      const { items, total } = await listTools(ctx, server, filter, page);
      setPageHeaders(reply, total, page.per_page);
      return items;
    },
  );

  app.post(
    '/servers/:server_id/tools',
    { preHandler: manage, schema: { tags, params: serverParams, body: createToolBody } },
    async (req, reply) => {
      const server = await getServerOrThrow(ctx, (req.params as ToolParams).server_id);
      const tool = await createTool(
        ctx,
        server,
        req.body as ToolInput & { name: string; endpoint_url: string },
      );
      reply.status(201);
      return presentTool(tool, server);
    },
  );

  app.get(
    '/servers/:server_id/tools/:id',
    { preHandler: manage, schema: { tags, params: toolParams } },
    async (req) => {
      const [server, tool] = await getServerItemOrThrow(ctx, req.params, getToolOrThrow);
      return presentTool(tool, server);
    },
  );

  const update = async (req: { params: unknown; body: unknown }) => {
    const [server, tool] = await getServerItemOrThrow(ctx, req.params, getToolOrThrow);
    return presentTool(await updateTool(ctx, server, tool, (req.body ?? {}) as ToolInput), server);
  };
  const updateSchema = { tags, params: toolParams, body: updateToolBody };
  app.patch('/servers/:server_id/tools/:id', { preHandler: manage, schema: updateSchema }, update);
  app.put('/servers/:server_id/tools/:id', { preHandler: manage, schema: updateSchema }, update);

  app.delete(
    '/servers/:server_id/tools/:id',
    { preHandler: manage, schema: { tags, params: toolParams } },
    async (req) => {
      const [server, tool] = await getServerItemOrThrow(ctx, req.params, getToolOrThrow);
      await deleteTool(ctx, server, tool);
      return { deleted: true };
    },
  );
}
