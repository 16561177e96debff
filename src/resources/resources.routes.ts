import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { getServerItemOrThrow, getServerOrThrow } from '../servers/servers.service.ts';
import {
  createResourceBody,
  listResourcesQuery,
  resourceParams,
  resourceServerParams,
  updateResourceBody,
} from './resources.schema.ts';
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
  const manage = requireCapability(ctx, 'svc_manage_servers');
  const tags = ['resources'];
  // The spec lets the resource list name its server by slug; the other routes accept it too.
  const serverOf = (params: unknown) =>
    getServerOrThrow(ctx, (params as { server_id: string }).server_id, { allowSlug: true });
  const resourceOf = (params: unknown) =>
    getServerItemOrThrow(ctx, params, getResourceOrThrow, { allowSlug: true });

  app.get(
    '/servers/:server_id/resources',
    { preHandler: manage, schema: { tags, params: resourceServerParams, querystring: listResourcesQuery } },
    async (req, reply) => {
      const page = parsePage(req.query as Record<string, string>);
      const { items, total } = await listResources(ctx, await serverOf(req.params), page);
      setPageHeaders(reply, total, page.per_page);
      return items;
    },
  );

  app.post(
    '/servers/:server_id/resources',
    { preHandler: manage, schema: { tags, params: resourceServerParams, body: createResourceBody } },
    async (req, reply) => {
      const server = await serverOf(req.params);
      const resource = await createResource(ctx, server, req.body as ResourceInput & { uri: string });
      reply.status(201);
      return presentResource(resource, server);
    },
  );

  app.get(
    '/servers/:server_id/resources/:id',
    { preHandler: manage, schema: { tags, params: resourceParams } },
    async (req) => {
      const [server, resource] = await resourceOf(req.params);
      return presentResource(resource, server);
    },
  );

  const update = async (req: { params: unknown; body: unknown }) => {
    const [server, resource] = await resourceOf(req.params);
    return presentResource(
      await updateResource(ctx, server, resource, (req.body ?? {}) as ResourceInput),
      server,
    );
  };
  const updateSchema = { tags, params: resourceParams, body: updateResourceBody };
  app.patch('/servers/:server_id/resources/:id', { preHandler: manage, schema: updateSchema }, update);
  app.put('/servers/:server_id/resources/:id', { preHandler: manage, schema: updateSchema }, update);

  app.delete(
    '/servers/:server_id/resources/:id',
    { preHandler: manage, schema: { tags, params: resourceParams } },
    async (req) => {
      const [server, resource] = await resourceOf(req.params);
      await deleteResource(ctx, server, resource);
      return { deleted: true };
    },
  );
}
