import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { parseOrder } from './call-filters.ts';
import { deleteCallsByFilter, deleteCallsByIds, listCalls } from './call-logs.service.ts';
import { parseDayRange } from './day-range.ts';
import { exportCalls, parseExportFormat } from './export.ts';
import { type BreakdownKind, getBreakdown, getOverview, getTimeseries } from './stats.service.ts';

type Query = Record<string, unknown>;

const filterQuery = {
  type: 'object',
  properties: {
    search: { type: 'string', description: 'substring of server, tool, method, client type, IP or error' },
    server_id: { type: 'string', description: 'server UUID (unknown values are ignored)' },
    status: { type: 'string', description: 'success | error' },
    from: { type: 'string', description: 'YYYY-MM-DD, site time zone, inclusive' },
    to: { type: 'string', description: 'YYYY-MM-DD, site time zone, inclusive' },
    method_group: { type: 'string', description: 'tools | prompts | resources' },
    min_response_time_ms: { type: 'string', description: 'only calls at least this slow' },
  },
} as const;

const rangeQuery = {
  type: 'object',
  properties: {
    days: { type: 'string' },
    from: { type: 'string', description: 'YYYY-MM-DD (site time zone); overrides days' },
    to: { type: 'string', description: 'YYYY-MM-DD (site time zone)' },
  },
} as const;

/** `/analytics/*`: overview, time series, breakdowns, call-log list/export/delete. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const view = requireCapability(ctx, 'svc_view_analytics');
  const admin = requireCapability(ctx, 'manage_options');
  const tags = ['analytics'];

  app.get(
    '/analytics/overview',
    { preHandler: view, schema: { tags, querystring: rangeQuery } },
    async (req) => {
      const range = await parseDayRange(ctx, req.query as Query, {
        defaultDays: 1,
        allowedDays: [1, 7, 30, 90],
        maxDays: 3660,
      });
      return getOverview(ctx, range);
    },
  );

  app.get(
    '/analytics/timeseries',
    { preHandler: view, schema: { tags, querystring: rangeQuery } },
    async (req) =>
      getTimeseries(ctx, await parseDayRange(ctx, req.query as Query, { defaultDays: 7, maxDays: 366 })),
  );

  app.get(
    '/analytics/breakdown',
    {
      preHandler: view,
      schema: {
        tags,
        querystring: { ...rangeQuery, properties: { ...rangeQuery.properties, by: { type: 'string' } } },
      },
    },
    async (req) => {
      const query = req.query as Query;
      const by = query.by ?? 'tool';
      if (by !== 'tool' && by !== 'status' && by !== 'client')
        throw invalidParams({ by: 'must be tool, status or client' });
      const range = await parseDayRange(ctx, query, { defaultDays: 7, maxDays: 366 });
      return getBreakdown(ctx, range, by as BreakdownKind);
    },
  );

  const listQuery = {
    type: 'object',
    properties: {
      ...filterQuery.properties,
      page: { type: 'string' },
      per_page: { type: 'string' },
      orderby: { type: 'string', description: 'created_at | response_time_ms' },
      order: { type: 'string', description: 'asc | desc' },
    },
  } as const;
  app.get(
    '/analytics/calls',
    { preHandler: view, schema: { tags, querystring: listQuery } },
    async (req, reply) => {
      const query = req.query as Query;
      const page = parsePage(query);
      const order = parseOrder(query);
      const { items, total } = await listCalls(ctx, query, order, page);
      setPageHeaders(reply, total, page.per_page);
      return items;
    },
  );

  app.get(
    '/analytics/calls/export',
    {
      preHandler: view,
      schema: {
        tags,
        querystring: {
          ...filterQuery,
          properties: { ...filterQuery.properties, format: { type: 'string' } },
        },
      },
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

  app.delete('/analytics/calls', { preHandler: admin, schema: { tags } }, async (req) =>
    deleteCallsByIds(ctx, req.body),
  );

  app.delete(
    '/analytics/calls/filter',
    { preHandler: admin, schema: { tags, querystring: filterQuery } },
    async (req) => deleteCallsByFilter(ctx, req.query as Query, req.body),
  );
}
