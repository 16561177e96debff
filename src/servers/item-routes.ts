import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { type PageQuery, parsePage, setPageHeaders } from '../http/pagination.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { getServerItemOrThrow, getServerOrThrow } from './servers.service.ts';

type Schema = RouteShorthandOptions['schema'];

/**
 * One kind of server item (tools, prompts, resources) as the management API serves it: the verbs
 * of its service and its route documentation. `registerItemRoutes` turns it into
 * `GET/POST /servers/{server_id}/{kind}` and `GET/PATCH[/PUT]/DELETE /servers/{server_id}/{kind}/{id}`,
 * so a new item kind is a declaration, not a copy of five handlers.
 */
export interface ItemKind<T> {
  /** The path segment: `tools`, `prompts`, `resources`. */
  kind: string;
  docs: { list: Schema; create: Schema; get: Schema; update: Schema; remove: Schema };
  /** The server may be named by slug as well as by UUID or id (the spec's resource list). */
  allowSlug?: boolean;
  /** PUT is a partial update like PATCH. */
  put?: boolean;
  list(
    ctx: AppContext,
    server: ServerRecord,
    page: PageQuery,
    query: Record<string, string>,
  ): Promise<{ items: unknown[]; total: number }>;
  /** `principal`: the caller's key (a kind may let what it may do depend on it). */
  create(ctx: AppContext, server: ServerRecord, body: unknown, principal?: Principal): Promise<T>;
  getOrThrow(ctx: AppContext, server: ServerRecord, ref: string): Promise<T>;
  update(ctx: AppContext, server: ServerRecord, item: T, body: unknown, principal?: Principal): Promise<T>;
  remove(ctx: AppContext, server: ServerRecord, item: T): Promise<unknown>;
  present(item: T, server: ServerRecord): Record<string, unknown>;
}

/** Registers the list, create, get, update and delete routes of one item kind. */
export function registerItemRoutes<T>(app: FastifyInstance, ctx: AppContext, item: ItemKind<T>): void {
  const preHandler = requireCapability(ctx, 'svc_manage_servers');
  const opts = { allowSlug: item.allowSlug };
  const collection = `/servers/:server_id/${item.kind}`;
  const one = `${collection}/:id`;
  const load = (params: unknown) => getServerItemOrThrow(ctx, params, item.getOrThrow, opts);

  app.get(collection, { preHandler, schema: item.docs.list }, async (req, reply) => {
    const query = req.query as Record<string, string>;
    const page = parsePage(query);
    const server = await getServerOrThrow(ctx, (req.params as { server_id: string }).server_id, opts);
    const { items, total } = await item.list(ctx, server, page, query);
    setPageHeaders(reply, total, page.per_page);
    return items;
  });

  app.post(collection, { preHandler, schema: item.docs.create }, async (req, reply) => {
    const server = await getServerOrThrow(ctx, (req.params as { server_id: string }).server_id, opts);
    const created = await item.create(ctx, server, req.body, req.principal);
    reply.status(201);
    return item.present(created, server);
  });

  app.get(one, { preHandler, schema: item.docs.get }, async (req) => {
    const [server, found] = await load(req.params);
    return item.present(found, server);
  });

  const update = async (req: { params: unknown; body: unknown; principal?: Principal }) => {
    const [server, found] = await load(req.params);
    return item.present(await item.update(ctx, server, found, req.body ?? {}, req.principal), server);
  };
  app.patch(one, { preHandler, schema: item.docs.update }, update);
  if (item.put) app.put(one, { preHandler, schema: item.docs.update }, update);

  app.delete(one, { preHandler, schema: item.docs.remove }, async (req) => {
    const [server, found] = await load(req.params);
    await item.remove(ctx, server, found);
    return { deleted: true };
  });
}
