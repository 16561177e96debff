import type { Kysely, Selectable } from 'kysely';
import { isUuid, nowIso, toInt } from './rows.ts';
import type { Database, UserGroupsTable, UsersTable } from './schema.ts';

/** A person as stored, password hash included: services decide what leaves the process. */
export interface UserRecord {
  id: number;
  uuid: string;
  email: string;
  display_name: string;
  password_hash: string | null;
  role: string | null;
  external_subject: string | null;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GroupRecord {
  id: number;
  uuid: string;
  name: string;
  role: string | null;
  idp_group: string | null;
  created_at: string;
  updated_at: string;
}

/** A user's group as the user answer shows it. */
export interface MembershipRecord {
  group_id: number;
  uuid: string;
  name: string;
  role: string | null;
}

function userFromRow(row: Selectable<UsersTable>): UserRecord {
  return { ...row, id: toInt(row.id) };
}

function groupFromRow(row: Selectable<UserGroupsTable>): GroupRecord {
  return { ...row, id: toInt(row.id) };
}

export type NewUser = Pick<UserRecord, 'uuid' | 'email' | 'display_name'> &
  Partial<Pick<UserRecord, 'password_hash' | 'role' | 'external_subject'>>;

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<UserRecord> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      uuid: user.uuid,
      email: user.email.toLowerCase(),
      display_name: user.display_name,
      password_hash: user.password_hash ?? null,
      role: user.role ?? null,
      external_subject: user.external_subject ?? null,
      disabled_at: null,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return userFromRow(row);
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? userFromRow(row) : undefined;
}

/** By UUID; anything that is not a UUID finds nobody. */
export async function findUserByUuid(db: Kysely<Database>, uuid: string): Promise<UserRecord | undefined> {
  if (!isUuid(uuid)) return undefined;
  const row = await db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  return row ? userFromRow(row) : undefined;
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? userFromRow(row) : undefined;
}

export async function findUserBySubject(
  db: Kysely<Database>,
  subject: string,
): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('external_subject', '=', subject)
    .executeTakeFirst();
  return row ? userFromRow(row) : undefined;
}

/** The users whose UUIDs are given (unknown ones are left out). */
export async function findUsersByUuids(db: Kysely<Database>, uuids: string[]): Promise<UserRecord[]> {
  const valid = uuids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db.selectFrom('users').selectAll().where('uuid', 'in', valid).execute();
  return rows.map(userFromRow);
}

export async function listUsers(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ items: UserRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id', 'asc').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return { items: rows.map(userFromRow), total: toInt(count?.n) };
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return toInt(row?.n);
}

export type UserPatch = Partial<
  Pick<
    UserRecord,
    | 'display_name'
    | 'password_hash'
    | 'role'
    | 'disabled_at'
    | 'last_sign_in_at'
    | 'external_subject'
    | 'email'
  >
>;

export async function updateUser(
  db: Kysely<Database>,
  id: number,
  patch: UserPatch,
): Promise<UserRecord | undefined> {
  const row = await db
    .updateTable('users')
    .set({ ...patch, ...(patch.email ? { email: patch.email.toLowerCase() } : {}), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? userFromRow(row) : undefined;
}

/** Deletes the user; memberships and web sessions go with it (foreign keys). */
export async function deleteUser(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return toInt(result.numDeletedRows) > 0;
}

// Groups

export async function insertGroup(
  db: Kysely<Database>,
  group: Pick<GroupRecord, 'uuid' | 'name' | 'role' | 'idp_group'>,
): Promise<GroupRecord> {
  const now = nowIso();
  const row = await db
    .insertInto('user_groups')
    .values({ ...group, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return groupFromRow(row);
}

export async function findGroupByUuid(db: Kysely<Database>, uuid: string): Promise<GroupRecord | undefined> {
  if (!isUuid(uuid)) return undefined;
  const row = await db.selectFrom('user_groups').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  return row ? groupFromRow(row) : undefined;
}

export async function findGroupByName(db: Kysely<Database>, name: string): Promise<GroupRecord | undefined> {
  const row = await db.selectFrom('user_groups').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? groupFromRow(row) : undefined;
}

export async function listGroups(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ items: GroupRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('user_groups')
      .selectAll()
      .orderBy('name', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('user_groups')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return { items: rows.map(groupFromRow), total: toInt(count?.n) };
}

/** Groups whose `idp_group` is one of the claim values. */
export async function findGroupsByIdpGroups(db: Kysely<Database>, values: string[]): Promise<GroupRecord[]> {
  if (values.length === 0) return [];
  const rows = await db.selectFrom('user_groups').selectAll().where('idp_group', 'in', values).execute();
  return rows.map(groupFromRow);
}

/** Every group that maps an IdP claim value. */
export async function listMappedGroups(db: Kysely<Database>): Promise<GroupRecord[]> {
  const rows = await db.selectFrom('user_groups').selectAll().where('idp_group', 'is not', null).execute();
  return rows.map(groupFromRow);
}

export async function updateGroup(
  db: Kysely<Database>,
  id: number,
  patch: Partial<Pick<GroupRecord, 'name' | 'role' | 'idp_group'>>,
): Promise<GroupRecord | undefined> {
  const row = await db
    .updateTable('user_groups')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? groupFromRow(row) : undefined;
}

export async function deleteGroup(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_groups').where('id', '=', id).executeTakeFirst();
  return toInt(result.numDeletedRows) > 0;
}

// Members

/** The groups of each user, by user id. */
export async function listMemberships(
  db: Kysely<Database>,
  userIds: number[],
): Promise<Map<number, MembershipRecord[]>> {
  const out = new Map<number, MembershipRecord[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_group_members')
    .innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
    .select([
      'user_group_members.user_id as user_id',
      'user_groups.id as group_id',
      'user_groups.uuid as uuid',
      'user_groups.name as name',
      'user_groups.role as role',
    ])
    .where('user_group_members.user_id', 'in', userIds)
    .orderBy('user_groups.name', 'asc')
    .execute();
  for (const row of rows) {
    const userId = toInt(row.user_id);
    const list = out.get(userId) ?? [];
    list.push({ group_id: toInt(row.group_id), uuid: row.uuid, name: row.name, role: row.role });
    out.set(userId, list);
  }
  return out;
}

/** Makes the group's members exactly these users. */
export async function replaceGroupMembers(
  db: Kysely<Database>,
  groupId: number,
  userIds: number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_group_members').where('group_id', '=', groupId).execute();
    if (userIds.length > 0)
      await trx
        .insertInto('user_group_members')
        .values([...new Set(userIds)].map((user_id) => ({ group_id: groupId, user_id })))
        .execute();
  });
}

/**
 * Makes the user's memberships among `managedGroupIds` exactly `groupIds` (federated sign-in:
 * the groups that map an IdP claim follow the claim; other memberships are left alone).
 */
export async function syncUserGroups(
  db: Kysely<Database>,
  userId: number,
  managedGroupIds: number[],
  groupIds: number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (managedGroupIds.length > 0)
      await trx
        .deleteFrom('user_group_members')
        .where('user_id', '=', userId)
        .where('group_id', 'in', managedGroupIds)
        .execute();
    if (groupIds.length > 0)
      await trx
        .insertInto('user_group_members')
        .values([...new Set(groupIds)].map((group_id) => ({ group_id, user_id: userId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
}

/** Who holds which role directly and through which groups (the "last administrator" check). */
export async function readRoleFacts(db: Kysely<Database>): Promise<{
  users: Array<{ id: number; role: string | null; disabled: boolean }>;
  groups: Array<{ id: number; role: string | null }>;
  members: Array<{ group_id: number; user_id: number }>;
}> {
  const [users, groups, members] = await Promise.all([
    db.selectFrom('users').select(['id', 'role', 'disabled_at']).execute(),
    db.selectFrom('user_groups').select(['id', 'role']).execute(),
    db.selectFrom('user_group_members').select(['group_id', 'user_id']).execute(),
  ]);
  return {
    users: users.map((u) => ({ id: toInt(u.id), role: u.role, disabled: u.disabled_at !== null })),
    groups: groups.map((g) => ({ id: toInt(g.id), role: g.role })),
    members: members.map((m) => ({ group_id: toInt(m.group_id), user_id: toInt(m.user_id) })),
  };
}

/** The users with these ids (unknown ones are left out). */
export async function findUsersByIds(db: Kysely<Database>, ids: number[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(userFromRow);
}

/** The members of each group, by group id, in e-mail order. */
export async function listMembersOfGroups(
  db: Kysely<Database>,
  groupIds: number[],
): Promise<Map<number, UserRecord[]>> {
  const out = new Map<number, UserRecord[]>();
  if (groupIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_group_members')
    .innerJoin('users', 'users.id', 'user_group_members.user_id')
    .selectAll('users')
    .select('user_group_members.group_id as group_id')
    .where('user_group_members.group_id', 'in', groupIds)
    .orderBy('users.email', 'asc')
    .execute();
  for (const { group_id, ...user } of rows) {
    const list = out.get(toInt(group_id)) ?? [];
    list.push(userFromRow(user));
    out.set(toInt(group_id), list);
  }
  return out;
}
