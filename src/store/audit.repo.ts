import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Store } from './db.ts';
import { nowIso, toInt, toJson } from './rows.ts';
import type { AuditLogTable, Database } from './schema.ts';

/*
 * The audit trail's rows. Appends are serialized so two writers never chain to the same
 * predecessor: on PostgreSQL a transaction-scoped advisory lock (held across instances), on
 * SQLite one `BEGIN IMMEDIATE` transaction run synchronously on better-sqlite3 (the write lock
 * is taken before the last hash is read, so another process cannot slip in between).
 */

/** A stored row, JSON columns still as text (the hash is over exactly these texts). */
export type AuditRow = Omit<AuditLogTable, 'id'> & { id: number };
/** What is hashed: every column but id and hash. */
export type AuditFields = Omit<AuditRow, 'id' | 'hash'>;

/** pg_advisory_xact_lock key of audit appends ("audit" in ASCII). */
const AUDIT_LOCK_KEY = 0x6175646974;
/** Option holding the last row retention deleted: the chain's new start. */
export const AUDIT_ANCHOR_OPTION = 'audit_anchor';
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditAnchor {
  id: number;
  hash: string;
}

export interface AuditFilter {
  actor?: string;
  /** Exact action, or a prefix when it ends with `.` (e.g. `policy.`). */
  action?: string;
  server?: string;
  decision?: string;
  from?: string;
  to?: string;
}

/**
 * Appends one row after the current last one: `seal(prevHash)` gives its fields and hash.
 * Returns the stored row.
 */
export async function appendAuditRow(
  store: Pick<Store, 'db' | 'dialect' | 'sqlite'>,
  seal: (prevHash: string) => { fields: AuditFields; hash: string },
): Promise<AuditRow> {
  const sqlite = store.sqlite;
  if (sqlite) {
    // Holding kysely's only connection keeps its own queries (and transactions) out meanwhile.
    return store.db.connection().execute(async () =>
      sqlite
        .transaction(() => {
          const last = sqlite.prepare('select hash from audit_log order by id desc limit 1').get() as
            | { hash: string }
            | undefined;
          const sealed = seal(last?.hash ?? GENESIS_HASH);
          const row = { ...sealed.fields, hash: sealed.hash };
          const columns = Object.keys(row);
          const info = sqlite
            .prepare(
              `insert into audit_log (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
            )
            .run(row);
          return { id: Number(info.lastInsertRowid), ...row };
        })
        .immediate(),
    );
  }
  return store.db.transaction().execute(async (trx) => {
    if (store.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`.execute(trx);
    const last = await trx
      .selectFrom('audit_log')
      .select('hash')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const sealed = seal(last?.hash ?? GENESIS_HASH);
    const row = await trx
      .insertInto('audit_log')
      .values({ ...sealed.fields, hash: sealed.hash })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, id: toInt(row.id) };
  });
}

function applyFilter<O>(
  query: SelectQueryBuilder<Database, 'audit_log', O>,
  filter: AuditFilter,
): SelectQueryBuilder<Database, 'audit_log', O> {
  let q = query;
  const { actor, action, server, decision, from, to } = filter;
  if (actor) q = q.where((eb) => eb.or([eb('actor_id', '=', actor), eb('actor_name', '=', actor)]));
  if (action)
    q = action.endsWith('.') ? q.where('action', 'like', `${action}%`) : q.where('action', '=', action);
  if (server) q = q.where('server_uuid', '=', server);
  if (decision) q = q.where('decision', '=', decision);
  if (from) q = q.where('at', '>=', from);
  if (to) q = q.where('at', '<=', to);
  return q;
}

/** A page of rows matching the filter, newest first, and the total count. */
export async function listAuditRows(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ items: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    applyFilter(db.selectFrom('audit_log').selectAll(), filter)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    applyFilter(
      db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')),
      filter,
    ).executeTakeFirst(),
  ]);
  return { items: rows.map((r) => ({ ...r, id: toInt(r.id) })), total: toInt(count?.n) };
}

/**
 * Rows matching the filter in id order (oldest first), `pageSize` at a time by id (no offset
 * scans, never every row in memory).
 */
export async function* iterateAuditRows(
  db: Kysely<Database>,
  filter: AuditFilter = {},
  pageSize = 500,
): AsyncGenerator<AuditRow> {
  let after = 0;
  for (;;) {
    const rows = await applyFilter(db.selectFrom('audit_log').selectAll(), filter)
      .where('id', '>', after)
      .orderBy('id', 'asc')
      .limit(pageSize)
      .execute();
    for (const r of rows) yield { ...r, id: toInt(r.id) };
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = toInt(last.id);
  }
}

export async function readAuditAnchor(db: Kysely<Database>): Promise<AuditAnchor | undefined> {
  const row = await db
    .selectFrom('options')
    .select('value')
    .where('name', '=', AUDIT_ANCHOR_OPTION)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as AuditAnchor) : undefined;
}

/**
 * Deletes the oldest rows, up to (not past) the first one at or after `before`: a prefix in id
 * order, so the rest still chains. The last deleted row's id and hash are kept as the anchor
 * (option `audit_anchor`) in the same transaction; verification starts from it. Returns the count.
 */
export async function deleteAuditRowsBefore(
  store: Pick<Store, 'db' | 'dialect'>,
  before: string,
): Promise<number> {
  return store.db.transaction().execute(async (trx) => {
    if (store.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`.execute(trx);
    const keep = await trx
      .selectFrom('audit_log')
      .select('id')
      .where('at', '>=', before)
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    let last = trx.selectFrom('audit_log').select(['id', 'hash']).orderBy('id', 'desc').limit(1);
    if (keep) last = last.where('id', '<', keep.id);
    const anchor = await last.executeTakeFirst();
    if (!anchor) return 0;
    const result = await trx.deleteFrom('audit_log').where('id', '<=', anchor.id).executeTakeFirst();
    const value = toJson({ id: toInt(anchor.id), hash: anchor.hash });
    const now = nowIso();
    await trx
      .insertInto('options')
      .values({ name: AUDIT_ANCHOR_OPTION, value, updated_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
      .execute();
    return Number(result.numDeletedRows);
  });
}
