import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/audit.service.ts';
import { authenticate, requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { endSessionsOf, listSessionsOf } from './me.service.ts';
import { peopleDocs } from './people.schema.ts';
import {
  changeGroup,
  changeUser,
  createGroup,
  createUser,
  type GroupInput,
  getGroupOrThrow,
  getUserOrThrow,
  listAllGroups,
  listPeople,
  type NewUserInput,
  presentGroup,
  presentUser,
  removeGroup,
  removeUser,
  setGroupMembers,
  type UserPatchInput,
} from './users.service.ts';

type IdParams = { id: string };

/** `/users`, `/groups`: people and their groups, administrators only. */
export async function peopleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');

  app.get('/users', { preHandler: admin, schema: peopleDocs.list }, async (req, reply) => {
    const page = parsePage(req.query as Record<string, unknown>);
    const { items, total } = await listPeople(ctx, page);
    setPageHeaders(reply, total, page.per_page);
    return items;
  });

  app.post('/users', { preHandler: admin, schema: peopleDocs.create }, async (req, reply) => {
    const user = await createUser(ctx, req.body as NewUserInput);
    await recordAudit(ctx, {
      actor: req.principal,
      action: 'user.created',
      target_kind: 'user',
      target_id: user.uuid,
      detail: { email: user.email, role: user.role },
    });
    reply.status(201);
    return presentUser(ctx, user);
  });

  app.get('/users/:id', { preHandler: admin, schema: peopleDocs.get }, async (req) =>
    presentUser(ctx, await getUserOrThrow(ctx, (req.params as IdParams).id)),
  );

  app.patch('/users/:id', { preHandler: admin, schema: peopleDocs.update }, async (req, reply) => {
    const actor = await authenticate(ctx, req, reply);
    const user = await changeUser(ctx, actor, (req.params as IdParams).id, req.body as UserPatchInput);
    const fields = Object.keys((req.body ?? {}) as object);
    await recordAudit(ctx, {
      actor,
      action: 'user.updated',
      target_kind: 'user',
      target_id: user.uuid,
      detail: { fields },
    });
    return presentUser(ctx, user);
  });

  app.delete('/users/:id', { preHandler: admin, schema: peopleDocs.remove }, async (req, reply) => {
    const actor = await authenticate(ctx, req, reply);
    const user = await removeUser(ctx, actor, (req.params as IdParams).id);
    await recordAudit(ctx, {
      actor,
      action: 'user.deleted',
      target_kind: 'user',
      target_id: user.uuid,
      detail: { email: user.email },
    });
    return { deleted: true, id: user.uuid };
  });

  app.get('/users/:id/sessions', { preHandler: admin, schema: peopleDocs.sessions }, async (req, reply) => {
    const sessions = await listSessionsOf(ctx, (req.params as IdParams).id);
    setPageHeaders(reply, sessions.length, Math.max(1, sessions.length));
    return sessions;
  });

  app.delete('/users/:id/sessions', { preHandler: admin, schema: peopleDocs.endSessions }, async (req) =>
    endSessionsOf(ctx, (req.params as IdParams).id),
  );

  app.get('/groups', { preHandler: admin, schema: peopleDocs.groups }, async (req, reply) => {
    const page = parsePage(req.query as Record<string, unknown>);
    const { items, total } = await listAllGroups(ctx, page);
    setPageHeaders(reply, total, page.per_page);
    return items;
  });

  app.post('/groups', { preHandler: admin, schema: peopleDocs.createGroup }, async (req, reply) => {
    const group = await createGroup(ctx, req.body as GroupInput & { name: string }, req.principal);
    reply.status(201);
    return presentGroup(ctx, group);
  });

  app.get('/groups/:id', { preHandler: admin, schema: peopleDocs.getGroup }, async (req) =>
    presentGroup(ctx, await getGroupOrThrow(ctx, (req.params as IdParams).id)),
  );

  app.patch('/groups/:id', { preHandler: admin, schema: peopleDocs.updateGroup }, async (req) =>
    presentGroup(
      ctx,
      await changeGroup(ctx, (req.params as IdParams).id, req.body as GroupInput, req.principal),
    ),
  );

  app.delete('/groups/:id', { preHandler: admin, schema: peopleDocs.removeGroup }, async (req) => {
    const group = await removeGroup(ctx, (req.params as IdParams).id, req.principal);
    return { deleted: true, id: group.uuid };
  });

  app.put('/groups/:id/members', { preHandler: admin, schema: peopleDocs.members }, async (req) => {
    const { user_ids } = req.body as { user_ids: string[] };
    return presentGroup(
      ctx,
      await setGroupMembers(ctx, (req.params as IdParams).id, user_ids, req.principal),
    );
  });
}
