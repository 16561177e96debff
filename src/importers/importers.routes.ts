import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { assertImportAllowed } from '../editions/edition.ts';
import { ApiError } from '../errors.ts';
import { getServerOrThrow } from '../servers/servers.service.ts';
import { findServer } from '../store/servers.repo.ts';
import { importCurl, importDocument, importManifest } from './importers.service.ts';
import { exportManifest } from './manifest.ts';

type Params = { server_id: string };

const params = {
  type: 'object',
  required: ['server_id'],
  properties: { server_id: { type: 'string', description: 'server UUID or numeric id' } },
} as const;

const documentBody = {
  type: 'object',
  description:
    'source (text|url), content, url, commit, selected_temp_ids, on_conflict (skip|duplicate), imported_status (draft|active), base_url',
} as const;

/** Imports (cURL, OpenAPI, collection, manifest) and export under `/servers/{server_id}/tools/`. */
export async function importersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');
  const tags = ['imports'];
  const server = (req: { params: unknown }) => getServerOrThrow(ctx, (req.params as Params).server_id);

  app.post(
    '/servers/:server_id/tools/import-curl',
    { preHandler: manage, schema: { tags, params, body: { type: 'object' } } },
    async (req, reply) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'curl');
      const tool = await importCurl(ctx, s, req.body);
      reply.status(201);
      return tool;
    },
  );

  app.post(
    '/servers/:server_id/tools/import-openapi',
    { preHandler: manage, schema: { tags, params, body: documentBody } },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'openapi');
      return importDocument(ctx, s, 'openapi', req.body);
    },
  );

  app.post(
    '/servers/:server_id/tools/import-collection',
    { preHandler: manage, schema: { tags, params, body: documentBody } },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'collection');
      return importDocument(ctx, s, 'collection', req.body);
    },
  );

  app.post(
    '/servers/:server_id/tools/import-svc',
    { preHandler: manage, schema: { tags, params, body: { type: 'object' } } },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'svc');
      return importManifest(ctx, s, req.body);
    },
  );

  app.post(
    '/servers/:server_id/tools/export',
    { preHandler: manage, schema: { tags, params } },
    async (req) => {
      const s = await findServer(ctx.store.db, (req.params as Params).server_id);
      if (!s) throw new ApiError(404, 'server_not_found', 'server not found');
      const body = (req.body ?? {}) as { tool_ids?: unknown };
      const ids = Array.isArray(body.tool_ids)
        ? body.tool_ids.filter((x): x is string => typeof x === 'string')
        : undefined;
      return exportManifest(ctx, s, ids);
    },
  );
}
