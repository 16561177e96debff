import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { assertImportAllowed } from '../editions/edition.ts';
import { getServerOrThrow } from '../servers/servers.service.ts';
import { importDocs } from './importers.schema.ts';
import { exportTools, importCurl, importDocument, importManifest } from './importers.service.ts';

type Params = { server_id: string };

/** Imports (cURL, OpenAPI, collection, manifest) and export under `/servers/{server_id}/tools/`. */
export async function importersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');
  const server = (req: { params: unknown }) => getServerOrThrow(ctx, (req.params as Params).server_id);

  app.post(
    '/servers/:server_id/tools/import-curl',
    { preHandler: manage, schema: importDocs.curl },
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
    { preHandler: manage, schema: importDocs.openapi },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'openapi');
      return importDocument(ctx, s, 'openapi', req.body);
    },
  );

  app.post(
    '/servers/:server_id/tools/import-collection',
    { preHandler: manage, schema: importDocs.collection },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'collection');
      return importDocument(ctx, s, 'collection', req.body);
    },
  );

  app.post(
    '/servers/:server_id/tools/import-svc',
    { preHandler: manage, schema: importDocs.manifest },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'svc');
      return importManifest(ctx, s, req.body);
    },
  );

  app.post(
    '/servers/:server_id/tools/export',
    { preHandler: manage, schema: importDocs.export },
    async (req) => {
      return exportTools(ctx, (req.params as Params).server_id, req.body);
    },
  );
}
