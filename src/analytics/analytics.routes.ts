import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { analyticsDocs } from './analytics.schema.ts';
import { parseOrder } from './call-filters.ts';
import { deleteCallsByFilter, deleteCallsByIds, listCalls } from './call-logs.service.ts';
import { parseDayRange } from './day-range.ts';
import { exportCalls, parseExportFormat } from './export.ts';
import { type BreakdownKind, getBreakdown, getOverview, getTimeseries } from './stats.service.ts';
import { getTokenReport } from './tokens.service.ts';

type Query = Record<string, unknown>;

/** `/analytics/*`: overview, time series, breakdowns, call-log list/export/delete. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const view = requireCapability(ctx, 'svc_view_analytics');
  const admin = requireCapability(ctx, 'manage_options');

  app.get('/analytics/overview', { preHandler: view, schema: analyticsDocs.overview }, async (req) => {
    const range = await parseDayRange(ctx, req.query as Query, {
      defaultDays: 1,
      allowedDays: [1, 7, 30, 90],
      maxDays: 3660,
    });
    return getOverview(ctx, range);
  });

  app.get('/analytics/tokens', { preHandler: view, schema: analyticsDocs.tokens }, async (req) =>
    getTokenReport(ctx, await parseDayRange(ctx, req.query as Query, { defaultDays: 7, maxDays: 366 })),
  );

  app.get('/analytics/timeseries', { preHandler: view, schema: analyticsDocs.timeseries }, async (req) =>
    getTimeseries(ctx, await parseDayRange(ctx, req.query as Query, { defaultDays: 7, maxDays: 366 })),
  );

  app.get(
    '/analytics/breakdown',
    {
      preHandler: view,
      schema: analyticsDocs.breakdown,
    },
    async (req) => {
      const query = req.query as Query;
      const by = query.by ?? 'tool';
      if (by !== 'tool' && by !== 'status' && by !== 'client' && by !== 'user')
        throw invalidParams({ by: 'must be tool, status, client or user' });
      const range = await parseDayRange(ctx, query, { defaultDays: 7, maxDays: 366 });
      return getBreakdown(ctx, range, by as BreakdownKind);
    },
  );

  app.get('/analytics/calls', { preHandler: view, schema: analyticsDocs.calls }, async (req, reply) => {
    const query = req.query as Query;
    const page = parsePage(query);
    const order = parseOrder(query);
    const { items, total } = await listCalls(ctx, query, order, page);
    setPageHeaders(reply, total, page.per_page);
    return items;
  });

  app.get(
    '/analytics/calls/export',
    {
      preHandler: view,
      schema: analyticsDocs.export,
    },
    async (req, reply) => {
      const query = req.query as Query;
      const format = parseExportFormat(query.format);
      const stream = await exportCalls(ctx, query, format);
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header(
          'Content-Type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        )
        .header('Content-Disposition', `attachment; filename="toolgate-calls-${stamp}.${format}"`)
        .header('Cache-Control', 'no-store');
      return reply.send(stream);
    },
  );

  app.delete('/analytics/calls', { preHandler: admin, schema: analyticsDocs.deleteByIds }, async (req) =>
    deleteCallsByIds(ctx, req.body),
  );

  app.delete(
    '/analytics/calls/filter',
    { preHandler: admin, schema: analyticsDocs.deleteByFilter },
    async (req) => deleteCallsByFilter(ctx, req.query as Query, req.body),
  );
}
