import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { getServerOrThrow } from '../servers/servers.service.ts';
import { sourceDocs } from './sources.schema.ts';
import {
  applySourcePlan,
  checkSourceNow,
  describeSource,
  getPlanOrThrow,
  getSourceOrThrow,
  listServerSources,
  presentPlan,
  scheduleSource,
  untrackSource,
} from './sources.service.ts';

type SourceParams = { server_id: string; source_id: string };
type PlanParams = SourceParams & { plan_id: string };

/** `/servers/{server_id}/sources[/{source_id}[/check | /plans/{plan_id}[/apply]]]`: tracked import sources. */
export async function sourcesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');
  const load = async (params: unknown) => {
    const p = params as SourceParams;
    const server = await getServerOrThrow(ctx, p.server_id);
    return { server, source: await getSourceOrThrow(ctx, server, p.source_id) };
  };

  app.get('/servers/:server_id/sources', { preHandler: manage, schema: sourceDocs.list }, async (req) =>
    listServerSources(ctx, await getServerOrThrow(ctx, (req.params as SourceParams).server_id)),
  );

  app.get(
    '/servers/:server_id/sources/:source_id',
    { preHandler: manage, schema: sourceDocs.get },
    async (req) => {
      const { server, source } = await load(req.params);
      return describeSource(ctx, server, source);
    },
  );

  app.patch(
    '/servers/:server_id/sources/:source_id',
    { preHandler: manage, schema: sourceDocs.patch },
    async (req) => {
      const { server, source } = await load(req.params);
      return scheduleSource(
        ctx,
        server,
        source,
        (req.body ?? {}) as { schedule_minutes?: number | null },
        req.principal,
      );
    },
  );

  app.delete(
    '/servers/:server_id/sources/:source_id',
    { preHandler: manage, schema: sourceDocs.remove },
    async (req) => {
      const { server, source } = await load(req.params);
      await untrackSource(ctx, server, source, req.principal);
      return { deleted: true };
    },
  );

  app.post(
    '/servers/:server_id/sources/:source_id/check',
    { preHandler: manage, schema: sourceDocs.check },
    async (req) => {
      const { server, source } = await load(req.params);
      return checkSourceNow(ctx, server, source, (req.body ?? {}) as { content?: unknown });
    },
  );

  app.get(
    '/servers/:server_id/sources/:source_id/plans/:plan_id',
    { preHandler: manage, schema: sourceDocs.plan },
    async (req) => {
      const { source } = await load(req.params);
      return presentPlan(await getPlanOrThrow(ctx, source, (req.params as PlanParams).plan_id), source.uuid);
    },
  );

  app.post(
    '/servers/:server_id/sources/:source_id/plans/:plan_id/apply',
    { preHandler: manage, schema: sourceDocs.apply },
    async (req) => {
      const { server, source } = await load(req.params);
      const plan = await getPlanOrThrow(ctx, source, (req.params as PlanParams).plan_id);
      return applySourcePlan(ctx, server, source, plan, req.body ?? {}, req.principal);
    },
  );
}
