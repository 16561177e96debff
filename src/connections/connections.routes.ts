import type { FastifyInstance } from 'fastify';
import { authenticate, requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { connectionDocs } from './connections.schema.ts';
import {
  disconnectMine,
  listMyConnections,
  listServerConnections,
  revokeServerConnection,
  startMyConnection,
} from './connections.service.ts';

type IdParams = { id: string };

/** A person's own connections (`/me/connections`) and a server's, for administrators. */
export async function connectionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');

  app.get('/me/connections', { schema: connectionDocs.mine }, async (req, reply) => {
    const views = await listMyConnections(ctx, await authenticate(ctx, req, reply));
    reply.header('X-Svc-Total', String(views.length)).header('X-Svc-TotalPages', '1');
    return views;
  });

  app.post('/me/connections/:id/connect', { schema: connectionDocs.connect }, async (req, reply) => {
    const answer = await startMyConnection(
      ctx,
      await authenticate(ctx, req, reply),
      (req.params as IdParams).id,
    );
    reply.header('Cache-Control', 'no-store');
    return answer;
  });

  app.delete('/me/connections/:id', { schema: connectionDocs.disconnect }, async (req, reply) =>
    disconnectMine(ctx, await authenticate(ctx, req, reply), (req.params as IdParams).id),
  );

  app.get(
    '/servers/:id/connections',
    { preHandler: manage, schema: connectionDocs.ofServer },
    async (req, reply) => {
      const views = await listServerConnections(ctx, (req.params as IdParams).id);
      reply.header('X-Svc-Total', String(views.length)).header('X-Svc-TotalPages', '1');
      return views;
    },
  );

  app.delete(
    '/servers/:id/connections/:user_id',
    { preHandler: manage, schema: connectionDocs.revoke },
    async (req) => {
      const { id, user_id } = req.params as { id: string; user_id: string };
      return revokeServerConnection(ctx, id, user_id, req.principal);
    },
  );
}
