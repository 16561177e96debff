import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { assertImportAllowed } from '../editions/edition.ts';
import { bindCredentialsForAdmin } from '../servers/credential-origins.ts';
import { getServerOrThrow } from '../servers/servers.service.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { importDocs } from './importers.schema.ts';
import { exportTools, importCurl, importDocument, importManifest } from './importers.service.ts';

type Params = { server_id: string };

/** Imports (cURL, OpenAPI, collection, HAR, manifest) and export under `/servers/{server_id}/tools/`. */
export async function importersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_servers');
  const server = (req: { params: unknown }) => getServerOrThrow(ctx, (req.params as Params).server_id);
  // An administrator's import binds the server's unbound credentials to the imported tools' origins.
  const bindCreated = async <R extends object>(s: ServerRecord, result: R, principal?: Principal) => {
    const created = (result as { created?: Array<{ tool_id: number }> }).created;
    if (created?.length)
      await bindCredentialsForAdmin(
        ctx,
        s,
        created.map((c) => c.tool_id),
        principal,
      );
    return result;
  };

  app.post(
    '/servers/:server_id/tools/import-curl',
    { preHandler: manage, schema: importDocs.curl },
    async (req, reply) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'curl');
      const tool = await importCurl(ctx, s, req.body, req.principal);
      await bindCredentialsForAdmin(ctx, s, [tool.id as number], req.principal);
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
      return bindCreated(s, await importDocument(ctx, s, 'openapi', req.body, req.principal), req.principal);
    },
  );

  app.post(
    '/servers/:server_id/tools/import-collection',
    { preHandler: manage, schema: importDocs.collection },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'collection');
      return bindCreated(
        s,
        await importDocument(ctx, s, 'collection', req.body, req.principal),
        req.principal,
      );
    },
  );

  app.post(
    '/servers/:server_id/tools/import-har',
    { preHandler: manage, schema: importDocs.har },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'har');
      return bindCreated(s, await importDocument(ctx, s, 'har', req.body, req.principal), req.principal);
    },
  );

  app.post(
    '/servers/:server_id/tools/import-svc',
    { preHandler: manage, schema: importDocs.manifest },
    async (req) => {
      const s = await server(req);
      await assertImportAllowed(ctx, 'svc');
      return bindCreated(s, await importManifest(ctx, s, req.body), req.principal);
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
