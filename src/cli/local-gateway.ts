import { closeContext, createContext } from '../bootstrap.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { assertImportAllowed } from '../editions/edition.ts';
import { ApiError } from '../errors.ts';
import { checkSecretKey, describeKeyMismatch } from '../health/secret-canary.ts';
import { importCurl, importDocument } from '../importers/importers.service.ts';
import { resolvePublicUrl } from '../servers/public-url.ts';
import {
  createServer,
  getServerOrThrow,
  listServers,
  presentOne,
  type ServerInput,
  updateServer,
} from '../servers/servers.service.ts';
import { presentTool } from '../tools/present-tool.ts';
import { getToolOrThrow, listTools, type ToolInput, updateTool } from '../tools/tools.service.ts';
import { type Gateway, GatewayError, type Json } from './gateway.ts';

const PAGE = 100;

/** Reads every page of a paged service listing. */
async function readAll(
  list: (page: { page: number; per_page: number; limit: number; offset: number }) => Promise<{
    items: Json[];
    total: number;
  }>,
): Promise<Json[]> {
  const all: Json[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await list({ page, per_page: PAGE, limit: PAGE, offset: (page - 1) * PAGE });
    all.push(...items);
    if (all.length >= total || items.length === 0) return all;
  }
}

/** Runs a service verb, turning its ApiError into a GatewayError. */
async function verb<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError)
      throw new GatewayError(err.code, err.message, err.data.params as Record<string, string> | undefined);
    throw err;
  }
}

/**
 * The local database (the configured DATABASE_URL / data directory) through the same services the
 * routes use. A running instance on the same database sees the changes within its record-cache
 * TTL (a few seconds), or at once when both share REDIS_URL.
 */
export async function openLocalGateway(config: Config): Promise<Gateway> {
  const ctx: AppContext = await createContext({ ...config, schedulerEnabled: false });
  // Credentials an import saves must be readable by the gateway: refuse with a foreign key.
  const keyCheck = await checkSecretKey(ctx, { write: true });
  if (!keyCheck.ok) {
    await closeContext(ctx);
    throw new GatewayError('secret_key_mismatch', describeKeyMismatch(keyCheck));
  }
  // Endpoints under the address of the gateway serving this database, not this shell's PORT.
  ctx.config.publicUrl = await resolvePublicUrl(ctx.store, config);
  const server = (uuid: string) => getServerOrThrow(ctx, uuid);
  return {
    target: `local database ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')}`,
    listServers: () => verb(() => readAll((page) => listServers(ctx, {}, page))),
    createServer: (name) => verb(async () => presentOne(ctx, await createServer(ctx, { name }))),
    updateServer: (uuid, patch) =>
      verb(async () => presentOne(ctx, await updateServer(ctx, await server(uuid), patch as ServerInput))),
    listTools: (uuid) =>
      verb(async () => {
        const s = await server(uuid);
        return readAll((page) => listTools(ctx, s, {}, page));
      }),
    updateTool: (uuid, toolUuid, patch) =>
      verb(async () => {
        const s = await server(uuid);
        const tool = await getToolOrThrow(ctx, s, toolUuid);
        return presentTool(await updateTool(ctx, s, tool, patch as ToolInput), s);
      }),
    importCurl: (uuid, body) =>
      verb(async () => {
        await assertImportAllowed(ctx, 'curl');
        return importCurl(ctx, await server(uuid), body);
      }),
    importDocument: (uuid, kind, body) =>
      verb(async () => {
        await assertImportAllowed(ctx, kind);
        return importDocument(ctx, await server(uuid), kind, body);
      }),
    close: () => closeContext(ctx),
  };
}
