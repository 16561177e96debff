import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import {
  changeMe,
  createMyKey,
  endMySession,
  listMyKeys,
  listMySessions,
  type MePatch,
  personOf,
  revokeMyKey,
} from './me.service.ts';
import { meDocs } from './people.schema.ts';
import { presentUser } from './users.service.ts';

type IdParams = { id: string };

/** `/me`: what any signed-in person (or a key's owner) may see and change of themselves. */
export async function meRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/me', { schema: meDocs.get }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    return presentUser(ctx, await personOf(ctx, principal));
  });

  app.patch('/me', { schema: meDocs.update }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    return presentUser(ctx, await changeMe(ctx, principal, req.body as MePatch));
  });

  app.get('/me/keys', { schema: meDocs.keys }, async (req, reply) => {
    const keys = await listMyKeys(ctx, await authenticate(ctx, req, reply));
    reply.header('X-Svc-Total', String(keys.length)).header('X-Svc-TotalPages', '1');
    return keys;
  });

  app.post('/me/keys', { schema: meDocs.createKey }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    const created = await createMyKey(ctx, principal, req.body as { name: string; role?: string });
    reply.status(201).header('Cache-Control', 'no-store');
    return created;
  });

  app.delete('/me/keys/:id', { schema: meDocs.revokeKey }, async (req, reply) =>
    revokeMyKey(ctx, await authenticate(ctx, req, reply), (req.params as IdParams).id),
  );

  app.get('/me/sessions', { schema: meDocs.sessions }, async (req, reply) => {
    const sessions = await listMySessions(ctx, await authenticate(ctx, req, reply));
    reply.header('X-Svc-Total', String(sessions.length)).header('X-Svc-TotalPages', '1');
    return sessions;
  });

  app.delete('/me/sessions/:id', { schema: meDocs.endSession }, async (req, reply) =>
    endMySession(ctx, await authenticate(ctx, req, reply), (req.params as IdParams).id),
  );
}
