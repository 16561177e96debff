import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { policyDocs } from './policies.schema.ts';
import {
  createPolicy,
  createStarterPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  type PolicyInput,
  policySchemaText,
  policyVersions,
  tryPolicies,
  updatePolicy,
} from './policies.service.ts';

type IdParams = { id: string };

/** `/policies`: administrators write, try and version the Cedar policies. */
export async function policiesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');

  app.get('/policies', { preHandler: admin, schema: policyDocs.list }, async (req, reply) => {
    const items = await listPolicies(ctx, (req.query as { server_id?: string }).server_id);
    reply.header('X-Svc-Total', String(items.length)).header('X-Svc-TotalPages', '1');
    return items;
  });
  app.get('/policies/schema', { preHandler: admin, schema: policyDocs.schema }, async (req) =>
    policySchemaText(ctx, (req.query as { server_id?: string }).server_id),
  );
  app.post('/policies/evaluate', { preHandler: admin, schema: policyDocs.evaluate }, async (req) =>
    tryPolicies(ctx, req.body as Parameters<typeof tryPolicies>[1]),
  );
  app.post('/policies/starter', { preHandler: admin, schema: policyDocs.starter }, async (req, reply) => {
    const created = await createStarterPolicy(
      ctx,
      req.principal!,
      (req.body as { server_id?: string | null } | undefined)?.server_id ?? null,
    );
    reply.status(201);
    return created;
  });
  app.post('/policies', { preHandler: admin, schema: policyDocs.create }, async (req, reply) => {
    const created = await createPolicy(ctx, req.principal!, req.body as PolicyInput);
    reply.status(201);
    return created;
  });
  app.get('/policies/:id', { preHandler: admin, schema: policyDocs.get }, async (req) =>
    getPolicy(ctx, (req.params as IdParams).id),
  );
  app.patch('/policies/:id', { preHandler: admin, schema: policyDocs.update }, async (req) =>
    updatePolicy(ctx, req.principal!, (req.params as IdParams).id, req.body as PolicyInput),
  );
  app.delete('/policies/:id', { preHandler: admin, schema: policyDocs.remove }, async (req) =>
    deletePolicy(ctx, req.principal!, (req.params as IdParams).id),
  );
  app.get(
    '/policies/:id/versions',
    { preHandler: admin, schema: policyDocs.versions },
    async (req, reply) => {
      const items = await policyVersions(ctx, (req.params as IdParams).id);
      reply.header('X-Svc-Total', String(items.length)).header('X-Svc-TotalPages', '1');
      return items;
    },
  );
}
