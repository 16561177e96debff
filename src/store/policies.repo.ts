import type { Kysely, Selectable } from 'kysely';
import { nowIso, toInt } from './rows.ts';
import type { Database, PoliciesTable, PolicyVersionsTable } from './schema.ts';

/** A policy as stored: Cedar text for one server, or global (`server_id` null). */
export interface PolicyRecord {
  id: number;
  uuid: string;
  server_id: number | null;
  name: string;
  description: string;
  text: string;
  enabled: boolean;
  version: number;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export type PolicyVersionRecord = Omit<Selectable<PolicyVersionsTable>, 'enabled'> & { enabled: boolean };

function fromRow(row: Selectable<PoliciesTable>): PolicyRecord {
  return {
    ...row,
    id: toInt(row.id),
    server_id: row.server_id === null ? null : toInt(row.server_id),
    enabled: toInt(row.enabled) === 1,
    version: toInt(row.version),
  };
}

/** The enabled policies that apply to a server: its own and the global ones. */
export async function listPoliciesFor(db: Kysely<Database>, serverId: number): Promise<PolicyRecord[]> {
  const rows = await db
    .selectFrom('policies')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('server_id', '=', serverId), eb('server_id', 'is', null)]))
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

export async function listPolicies(db: Kysely<Database>, serverId?: number | null): Promise<PolicyRecord[]> {
  let query = db.selectFrom('policies').selectAll().orderBy('server_id').orderBy('name');
  if (serverId === null) query = query.where('server_id', 'is', null);
  else if (serverId !== undefined) query = query.where('server_id', '=', serverId);
  return (await query.execute()).map(fromRow);
}

export async function findPolicy(db: Kysely<Database>, uuid: string): Promise<PolicyRecord | undefined> {
  const row = await db.selectFrom('policies').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findPolicyByName(
  db: Kysely<Database>,
  serverId: number | null,
  name: string,
): Promise<PolicyRecord | undefined> {
  const row = await db
    .selectFrom('policies')
    .selectAll()
    .where('name', '=', name)
    .where((eb) => (serverId === null ? eb('server_id', 'is', null) : eb('server_id', '=', serverId)))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Saves a policy and its version row in one transaction. */
export async function savePolicy(
  db: Kysely<Database>,
  policy: Omit<PolicyRecord, 'id' | 'created_at' | 'updated_at'>,
  change: 'created' | 'updated',
): Promise<PolicyRecord> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const values = { ...policy, enabled: policy.enabled ? 1 : 0, updated_at: now };
    const row =
      change === 'created'
        ? await trx
            .insertInto('policies')
            .values({ ...values, created_at: now })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .updateTable('policies')
            .set(values)
            .where('uuid', '=', policy.uuid)
            .returningAll()
            .executeTakeFirstOrThrow();
    await trx
      .insertInto('policy_versions')
      .values({
        policy_uuid: policy.uuid,
        version: policy.version,
        change,
        name: policy.name,
        text: policy.text,
        enabled: policy.enabled ? 1 : 0,
        changed_by: policy.updated_by,
        changed_at: now,
      })
      .execute();
    return fromRow(row);
  });
}

export async function deletePolicy(
  db: Kysely<Database>,
  policy: PolicyRecord,
  by: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('policies').where('uuid', '=', policy.uuid).execute();
    await trx
      .insertInto('policy_versions')
      .values({
        policy_uuid: policy.uuid,
        version: policy.version + 1,
        change: 'deleted',
        name: policy.name,
        text: policy.text,
        enabled: 0,
        changed_by: by,
        changed_at: nowIso(),
      })
      .execute();
  });
}

export async function listPolicyVersions(db: Kysely<Database>, uuid: string): Promise<PolicyVersionRecord[]> {
  const rows = await db
    .selectFrom('policy_versions')
    .selectAll()
    .where('policy_uuid', '=', uuid)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, version: toInt(r.version), enabled: toInt(r.enabled) === 1 }));
}
