import type { Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import { encodeJsonColumns, isNumericId, isUuid, parseJson, toInt } from './rows.ts';
import type { Database } from './schema.ts';

/*
 * The one repository of a server's items (tools, prompts, resources): rows of a table with `id`
 * and `server_id`, some JSON columns and some integer columns. A kind is described once (its
 * table, JSON columns, integer columns, order and how it is referred to) and gets insert, find,
 * find-by-column, list (paged, optionally narrowed), list-all, update and delete; a new item kind
 * is one such description.
 */

export type ItemTable = 'tools' | 'prompts' | 'resources';
export type Db = Kysely<Database> | Transaction<Database>;

/** An item table with loosely typed columns: the kinds differ, the queries here do not. */
type LooseDb = Kysely<{ item: Record<string, unknown> }>;
export type LooseQuery = SelectQueryBuilder<{ item: Record<string, unknown> }, 'item', Record<never, never>>;

/** How a stored row's JSON column reads back: its stored form for null, its value when absent. */
export interface JsonColumn {
  empty: string | null;
  fallback: unknown;
}

export interface ItemKind<T extends ItemTable> {
  table: T;
  json: Readonly<Record<string, JsonColumn>>;
  /** Integer columns besides `id` and `server_id` (PostgreSQL may return counts as text). */
  ints?: readonly string[];
  /** List order; `id` last keeps it stable. */
  order: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  /** `uuid-or-id`: a path reference may be either; `id`: numeric id only. */
  ref: 'id' | 'uuid-or-id';
}

export interface Page {
  limit: number;
  offset: number;
}

/** A record of an item table: its row with JSON columns parsed (types given by `Parsed`). */
export type ItemRecord<T extends ItemTable, Parsed> = Omit<Selectable<Database[T]>, keyof Parsed> & Parsed;

export interface ItemStore<R extends { id: number }> {
  insert(db: Db, record: Omit<R, 'id'>): Promise<R>;
  /** By path reference (numeric id, or UUID where the kind has one) within the server. */
  find(db: Db, serverId: number, ref: string | number): Promise<R | undefined>;
  /** By a unique column within the server (a prompt's name, a resource's URI, a tool's slug). */
  findBy(db: Db, serverId: number, column: string, value: string): Promise<R | undefined>;
  list(
    db: Db,
    serverId: number,
    page: Page,
    narrow?: (q: LooseQuery) => LooseQuery,
  ): Promise<{ rows: R[]; total: number }>;
  listAll(db: Db, serverId: number, narrow?: (q: LooseQuery) => LooseQuery): Promise<R[]>;
  update(db: Db, id: number, patch: Partial<Omit<R, 'id'>>): Promise<R | undefined>;
  delete(db: Db, id: number): Promise<boolean>;
}

export function itemStore<T extends ItemTable, R extends { id: number }>(kind: ItemKind<T>): ItemStore<R> {
  const empties = Object.fromEntries(Object.entries(kind.json).map(([col, c]) => [col, c.empty]));
  const loose = (db: Db) => db as unknown as LooseDb;
  const table = kind.table as ItemTable as unknown as 'item';
  const toRow = (record: object) => encodeJsonColumns(record, empties);

  function fromRow(row: Record<string, unknown>): R {
    const out: Record<string, unknown> = { ...row, id: toInt(row.id), server_id: toInt(row.server_id) };
    for (const col of kind.ints ?? []) out[col] = row[col] === null ? null : toInt(row[col]);
    for (const [col, c] of Object.entries(kind.json))
      out[col] = parseJson(row[col] as string | null, c.fallback);
    return out as R;
  }

  function ordered(q: LooseQuery): LooseQuery {
    for (const [col, dir] of kind.order) q = q.orderBy(col, dir) as unknown as LooseQuery;
    return q;
  }

  function scoped(db: Db, serverId: number): LooseQuery {
    return loose(db).selectFrom(table).where('server_id', '=', serverId);
  }

  async function first(q: LooseQuery): Promise<R | undefined> {
    const row = await q.selectAll().executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  return {
    async insert(db, record) {
      const row = await loose(db)
        .insertInto(table)
        .values(toRow(record))
        .returningAll()
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },
    find(db, serverId, ref) {
      const key = String(ref);
      if (kind.ref === 'uuid-or-id' && isUuid(key))
        return first(scoped(db, serverId).where('uuid', '=', key.toLowerCase()));
      if (!isNumericId(key)) return Promise.resolve(undefined);
      return first(scoped(db, serverId).where('id', '=', Number(key)));
    },
    findBy(db, serverId, column, value) {
      return first(scoped(db, serverId).where(column, '=', value));
    },
    async list(db, serverId, page, narrow = (q) => q) {
      const base = narrow(scoped(db, serverId));
      const [rows, count] = await Promise.all([
        ordered(base).selectAll().limit(page.limit).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(fromRow), total: toInt(count?.n) };
    },
    async listAll(db, serverId, narrow = (q) => q) {
      const rows = await ordered(narrow(scoped(db, serverId)))
        .selectAll()
        .execute();
      return rows.map(fromRow);
    },
    async update(db, id, patch) {
      const row = await loose(db)
        .updateTable(table)
        .set(toRow(patch))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },
    async delete(db, id) {
      const result = await loose(db).deleteFrom(table).where('id', '=', id).executeTakeFirst();
      return toInt(result.numDeletedRows) > 0;
    },
  };
}
