import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import { hasCapability } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { serverDocs } from './servers.schema.ts';
import {
  createServer,
  deleteServer,
  getServerOrThrow,
  listServers,
  presentOne,
  readCredentials,
  type ServerInput,
  updateServer,
} from './servers.service.ts';

type IdParams = { id: string };

/** `/servers`: list, create, get, PATCH, delete, credentials. */
export async function serversRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');

  app.get('/servers', { preHandler: manage, schema: serverDocs.list }, async (req, reply) => {
    const query = req.query as Record<string, string>;
    const page = parsePage(query);
    const { items, total } = await listServers(ctx, { status: query.status, search: query.search }, page);
    setPageHeaders(reply, total, page.per_page);
    return items;
  });

  app.post('/servers', { preHandler: manage, schema: serverDocs.create }, async (req, reply) => {
    const server = await createServer(ctx, req.body as ServerInput & { name: string }, {
      actor: req.principal,
    });
    reply.status(201);
    return presentOne(ctx, server);
  });

  app.get('/servers/:id', { preHandler: manage, schema: serverDocs.get }, async (req) => {
    return presentOne(ctx, await getServerOrThrow(ctx, (req.params as IdParams).id));
  });

  const update = async (req: FastifyRequest) => {
    const server = await getServerOrThrow(ctx, (req.params as IdParams).id);
    // Rebinding stored credentials to other origins is for those who may read them.
    const mayReadCredentials = req.principal ? hasCapability(req.principal, 'manage_options') : false;
    return presentOne(
      ctx,
      await updateServer(ctx, server, (req.body ?? {}) as ServerInput, {
        mayReadCredentials,
        actor: req.principal,
      }),
    );
  };
  app.patch('/servers/:id', { preHandler: manage, schema: serverDocs.update }, update);
  app.put('/servers/:id', { preHandler: manage, schema: serverDocs.update }, update);

  app.delete('/servers/:id', { preHandler: manage, schema: serverDocs.remove }, async (req) => {
    const server = await getServerOrThrow(ctx, (req.params as IdParams).id);
    await deleteServer(ctx, server, req.principal);
    return { deleted: true, id: server.id, uuid: server.uuid };
  });

  app.get(
    '/servers/:id/credentials',
    { preHandler: requireCapability(ctx, 'manage_options'), schema: serverDocs.credentials },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readCredentials(ctx, await getServerOrThrow(ctx, (req.params as IdParams).id));
    },
  );
}
