import type { FastifyInstance } from 'fastify';
import { runRetention } from '../analytics/retention.ts';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { readLatestHealthCheck, runHealthCheck } from './health-check.ts';
import { operationsDocs } from './operations.schema.ts';

/** `POST /admin/run-retention` (manage_options only) and the `/settings/health-check` diagnostic. */
export async function operationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');
  const settings = requireCapability(ctx, 'svc_manage_settings');

  // Blocking on purpose: the answer carries what was deleted.
  app.post('/admin/run-retention', { preHandler: admin, schema: operationsDocs.retention }, async () =>
    runRetention(ctx),
  );

  app.post(
    '/settings/health-check',
    { preHandler: settings, schema: operationsDocs.runHealthCheck },
    async () => runHealthCheck(ctx),
  );
  app.get(
    '/settings/health-check',
    { preHandler: settings, schema: operationsDocs.readHealthCheck },
    async () => readLatestHealthCheck(ctx),
  );
}
