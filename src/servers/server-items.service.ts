import type { AppContext } from '../context.ts';
import { invalidParams, notFound, storeFailed } from '../errors.ts';
import type { PageQuery } from '../http/pagination.ts';
import { nowIso } from '../store/rows.ts';
import type { ItemStore } from '../store/server-items.ts';
import type { ServerRecord } from '../store/servers.repo.ts';

/*
 * The CRUD every item of a server (tool, prompt, resource) shares: load by path reference or 404,
 * list a page, present, save a patch, delete — each change published as the kind's
 * `*_changed` event so MCP clients hear of it. A kind brings its store, its noun, its event and
 * what is checked before a write; the rest is here once.
 */

type ChangeEvent = 'tools_changed' | 'prompts_changed' | 'resources_changed';

export interface ItemKindService<R extends { id: number; created_at: string; updated_at: string }> {
  /** `tool`, `prompt`, `resource`: in "… not found" and "The … could not be updated." */
  noun: string;
  store: ItemStore<R>;
  changed: ChangeEvent;
}

/** The API object of an item: every stored field, plus the server's UUID. */
export function presentItem<R extends object>(record: R, server: Pick<ServerRecord, 'uuid'>) {
  return { ...record, server_uuid: server.uuid };
}

export function serverItems<R extends { id: number; created_at: string; updated_at: string }>(
  kind: ItemKindService<R>,
) {
  const publish = (ctx: Pick<AppContext, 'events'>, server: ServerRecord) =>
    ctx.events.publish({ type: kind.changed, serverId: server.id });

  return {
    /** Loads an item of the server by path reference, or throws 404 svc_not_found "<noun> not found". */
    async getOrThrow(ctx: Pick<AppContext, 'store'>, server: ServerRecord, ref: string): Promise<R> {
      const item = await kind.store.find(ctx.store.db, server.id, ref);
      if (!item) throw notFound(kind.noun);
      return item;
    },

    /** A page of the server's items, presented. */
    async list(ctx: Pick<AppContext, 'store'>, server: ServerRecord, page: PageQuery) {
      const { rows, total } = await kind.store.list(ctx.store.db, server.id, page);
      return { items: rows.map((r) => presentItem(r, server) as Record<string, unknown>), total };
    },

    /** Inserts a checked record and publishes the change. */
    async insert(ctx: Pick<AppContext, 'store' | 'events'>, server: ServerRecord, record: Omit<R, 'id'>) {
      const item = await kind.store.insert(ctx.store.db, record);
      publish(ctx, server);
      return item;
    },

    /**
     * Writes a checked patch (stamping `updated_at`); 404 when the item is gone, 500
     * svc_update_failed when the store fails (unless `onStoreError` says otherwise). Publishes the
     * change unless `quiet` (a kind that decides itself which events a change makes).
     */
    async save(
      ctx: Pick<AppContext, 'store' | 'events'>,
      server: ServerRecord,
      item: R,
      patch: Partial<Omit<R, 'id'>>,
      opts: { quiet?: boolean; onStoreError?: (err: unknown) => never } = {},
    ): Promise<R> {
      const stamped = { ...patch, updated_at: nowIso() };
      const updated = await kind.store
        .update(ctx.store.db, item.id, stamped)
        .catch(opts.onStoreError ?? storeFailed('update', kind.noun));
      if (!updated) throw notFound(kind.noun);
      if (!opts.quiet) publish(ctx, server);
      return updated;
    },

    /** Deletes an item; 500 svc_delete_failed only when the store itself fails. */
    async remove(ctx: Pick<AppContext, 'store' | 'events'>, server: ServerRecord, item: R): Promise<void> {
      const deleted = await kind.store.delete(ctx.store.db, item.id).catch(storeFailed('delete', kind.noun));
      if (!deleted) throw notFound(kind.noun);
      publish(ctx, server);
    },

    /** 400 naming `column` when another item of the server (not `selfId`) already has `value`. */
    async assertUnique(
      ctx: Pick<AppContext, 'store'>,
      server: ServerRecord,
      column: string,
      value: string,
      selfId?: number,
    ): Promise<void> {
      const other = await kind.store.findBy(ctx.store.db, server.id, column, value);
      if (other && other.id !== selfId)
        throw invalidParams({ [column]: `is already used by another ${kind.noun} of this server` });
    },

    /** Every item of the server, in list order (the MCP list methods). */
    listAll(ctx: Pick<AppContext, 'store'>, serverId: number): Promise<R[]> {
      return kind.store.listAll(ctx.store.db, serverId);
    },
  };
}
