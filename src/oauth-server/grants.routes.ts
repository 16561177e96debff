import type { FastifyInstance } from 'fastify';
import { authenticate, requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { listGrants, listGrantsOfUser, revokeGrant } from './grants.service.ts';

/*
 * `/me/grants`: the clients a signed-in person allowed, and revoking one; `/grants`: everyone's,
 * for administrators (`manage_options`), who may revoke any.
 */

const grantView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    user: { type: ['object', 'null'] },
    client: { type: 'object' },
    resources: { type: 'array' },
    created_at: { type: ['string', 'null'] },
    expires_at: { type: ['string', 'null'] },
  },
};
const list = { tags: ['Grants'], response: { 200: { type: 'array', items: grantView } } };
const idParam = { type: 'object', properties: { id: { type: 'string', maxLength: 200 } }, required: ['id'] };

export async function grantsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');

  app.get('/me/grants', { schema: { ...list, summary: 'Your OAuth grants' } }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    return listGrantsOfUser(ctx, principal.userId);
  });

  app.delete(
    '/me/grants/:id',
    { schema: { tags: ['Grants'], summary: 'Revoke one of your grants', params: idParam } },
    async (req, reply) => {
      const principal = await authenticate(ctx, req, reply);
      await revokeGrant(ctx, (req.params as { id: string }).id, principal.userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/grants',
    { preHandler: admin, schema: { ...list, summary: "Everyone's OAuth grants" } },
    async () => listGrants(ctx),
  );

  app.delete(
    '/grants/:id',
    { preHandler: admin, schema: { tags: ['Grants'], summary: 'Revoke a grant', params: idParam } },
    async (req, reply) => {
      await revokeGrant(ctx, (req.params as { id: string }).id);
      return reply.code(204).send();
    },
  );
}
