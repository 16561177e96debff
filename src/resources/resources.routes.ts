import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerItemRoutes } from '../servers/item-routes.ts';
import { resourceDocs } from './resources.schema.ts';
import {
  createResource,
  deleteResource,
  getResourceOrThrow,
  listResources,
  presentResource,
  type ResourceInput,
  updateResource,
} from './resources.service.ts';

/** `/servers/{server_id}/resources[/{id}]`: list, create, get, PATCH/PUT, delete. */
export async function resourcesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerItemRoutes(app, ctx, {
    kind: 'resources',
    docs: resourceDocs,
    // The spec lets the resource list name its server by slug; the other routes accept it too.
    allowSlug: true,
    put: true,
    list: (c, server, page) => listResources(c, server, page),
    create: (c, server, body) => createResource(c, server, body as ResourceInput & { uri: string }),
    getOrThrow: getResourceOrThrow,
    update: (c, server, resource, body) => updateResource(c, server, resource, body as ResourceInput),
    remove: deleteResource,
    present: presentResource,
  });
}
