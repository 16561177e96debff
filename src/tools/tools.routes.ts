import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { bindCredentialsForAdmin } from '../servers/credential-origins.ts';
import { registerItemRoutes } from '../servers/item-routes.ts';
import { presentTool } from './present-tool.ts';
import { toolDocs } from './tool-routes.schema.ts';
import {
  createTool,
  deleteTool,
  getToolOrThrow,
  listTools,
  type ToolInput,
  updateTool,
} from './tools.service.ts';

/** `/servers/{server_id}/tools[/{id}]`: list (filters status, tag, search), create, get, PATCH/PUT, delete. */
export async function toolsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerItemRoutes(app, ctx, {
    kind: 'tools',
    docs: toolDocs,
    put: true,
    list: (c, server, page, query) =>
      listTools(c, server, { status: query.status, tag: query.tag, search: query.search }, page),
    create: async (c, server, body, principal) => {
      const tool = await createTool(c, server, body as ToolInput & { name: string; endpoint_url: string });
      await bindCredentialsForAdmin(c, server, [tool.id], principal);
      return tool;
    },
    getOrThrow: getToolOrThrow,
    update: async (c, server, tool, body, principal) => {
      const saved = await updateTool(c, server, tool, body as ToolInput);
      await bindCredentialsForAdmin(c, server, [saved.id], principal);
      return saved;
    },
    remove: deleteTool,
    present: presentTool,
  });
}
