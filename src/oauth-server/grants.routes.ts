import type { FastifyInstance } from 'fastify';
import { authenticate, requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { grantDocs } from './grants.schema.ts';
import { listGrants, listGrantsOfUser, revokeGrant } from './grants.service.ts';

/*
 * `/me/grants`: the clients a signed-in person allowed, and revoking one; `/grants`: everyone's,
 * for administrators (`manage_options`), who may revoke any.
 */

export async function grantsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');

  app.get('/me/grants', { schema: grantDocs.mine }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    return listGrantsOfUser(ctx, principal.userId);
  });

  app.delete('/me/grants/:id', { schema: grantDocs.revokeMine }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    await revokeGrant(ctx, (req.params as { id: string }).id, principal.userId);
    return reply.code(204).send();
  });

  app.get('/grants', { preHandler: admin, schema: grantDocs.all }, async () => listGrants(ctx));

  app.delete('/grants/:id', { preHandler: admin, schema: grantDocs.revoke }, async (req, reply) => {
    await revokeGrant(ctx, (req.params as { id: string }).id);
    return reply.code(204).send();
  });
}
