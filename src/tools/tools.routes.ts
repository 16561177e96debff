import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
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
    create: (c, server, body) =>
      createTool(c, server, body as ToolInput & { name: string; endpoint_url: string }),
    getOrThrow: getToolOrThrow,
    update: (c, server, tool, body) => updateTool(c, server, tool, body as ToolInput),
    remove: deleteTool,
    present: presentTool,
  });
}
