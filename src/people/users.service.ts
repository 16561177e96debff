import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../audit/audit.service.ts';
import {
  type Capability,
  capabilitiesOfRoles,
  listCapabilities,
  type Principal,
  ROLES,
} from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { ApiError, invalidParams, notFound } from '../errors.ts';
import { revokeApiKeysOfUser } from '../store/keys.repo.ts';
import { isUniqueViolation, nowIso } from '../store/rows.ts';
import {
  deleteGroup,
  deleteUser,
  findGroupByUuid,
  findUserByEmail,
  findUserByUuid,
  findUsersByUuids,
  type GroupRecord,
  insertGroup,
  insertUser,
  listGroups,
  listMemberships,
  listMembersOfGroups,
  listUsers,
  readRoleFacts,
  replaceGroupMembers,
  type UserPatch,
  type UserRecord,
  updateGroup,
  updateUser,
} from '../store/users.repo.ts';
import { listLiveWebSessions, revokeUserWebSessions, revokeWebSession } from '../store/web-sessions.repo.ts';
import { auditGroup, auditMembers } from './group-audit.ts';
import { generatePassword, hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import { capabilitiesOf } from './user-capabilities.ts';

type Ctx = Pick<AppContext, 'store'>;
/** Changes that are audited need the config too (the audit logger). */
type AuditedCtx = Pick<AppContext, 'store' | 'config'>;
/** Who makes a change, for the audit trail (none: the system). */
type Actor = AuditEntry['actor'];

/** A person as the API answers them: never a hash. */
export interface UserView {
  id: string;
  email: string;
  display_name: string;
  role: string | null;
  groups: Array<{ id: string; name: string }>;
  capabilities: Capability[];
  has_password: boolean;
  external: boolean;
  disabled: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}

export interface GroupView {
  id: string;
  name: string;
  role: string | null;
  idp_group: string | null;
  members: Array<{ id: string; email: string; display_name: string }>;
  created_at: string;
  updated_at: string;
}

/** The people as answered, their groups read in one query. */
export async function presentUsers(ctx: Ctx, users: UserRecord[]): Promise<UserView[]> {
  const memberships = await listMemberships(
    ctx.store.db,
    users.map((u) => u.id),
  );
  return users.map((user) => {
    const groups = memberships.get(user.id) ?? [];
    return {
      id: user.uuid,
      email: user.email,
      display_name: user.display_name,
      role: user.role,
      groups: groups.map((g) => ({ id: g.uuid, name: g.name })),
      capabilities: listCapabilities(capabilitiesOf(user, groups)),
      has_password: user.password_hash !== null,
      external: user.external_subject !== null,
      disabled: user.disabled_at !== null,
      last_sign_in_at: user.last_sign_in_at,
      created_at: user.created_at,
    };
  });
}

export async function presentUser(ctx: Ctx, user: UserRecord): Promise<UserView> {
  return (await presentUsers(ctx, [user]))[0]!;
}

export async function listPeople(ctx: Ctx, page: { limit: number; offset: number }) {
  const { items, total } = await listUsers(ctx.store.db, page);
  return { items: await presentUsers(ctx, items), total };
}

export async function getUserOrThrow(ctx: Ctx, uuid: string): Promise<UserRecord> {
  const user = await findUserByUuid(ctx.store.db, uuid);
  if (!user) throw notFound('user');
  return user;
}

function checkRole(role: string | null | undefined, field = 'role'): void {
  if (role !== undefined && role !== null && !ROLES[role])
    throw invalidParams({ [field]: `must be one of ${Object.keys(ROLES).join(', ')}` });
}

function checkPassword(password: string | undefined, field = 'password'): void {
  if (password !== undefined && [...password].length < MIN_PASSWORD_LENGTH)
    throw invalidParams({ [field]: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
}

/** A normalised e-mail address, or 400 naming `email`. */
export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(e) || e.length > 254)
    throw invalidParams({ email: 'must be an e-mail address' });
  return e;
}

function conflict(message: string): ApiError {
  return new ApiError('rest_conflict', message);
}

export interface NewUserInput {
  email: string;
  display_name?: string;
  password?: string;
  role?: string | null;
}

/** Creates a person; a taken e-mail is 409 rest_conflict. */
export async function createUser(ctx: Ctx, input: NewUserInput): Promise<UserRecord> {
  const email = normaliseEmail(input.email);
  checkRole(input.role);
  checkPassword(input.password);
  try {
    return await insertUser(ctx.store.db, {
      uuid: randomUUID(),
      email,
      display_name: input.display_name?.trim() || email.split('@')[0]!,
      password_hash: input.password !== undefined ? await hashPassword(input.password) : null,
      role: input.role ?? null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A user with this e-mail exists.');
    throw err;
  }
}

/**
 * The enabled people who hold `manage_options` (directly or through a group), after a change of
 * one user or one group is applied in thought.
 */
async function administratorsAfter(
  ctx: Ctx,
  change: {
    user?: { id: number; role: string | null; disabled: boolean } | { id: number; deleted: true };
    group?: { id: number; role: string | null; memberIds?: number[] } | { id: number; deleted: true };
  },
): Promise<Set<number>> {
  const facts = await readRoleFacts(ctx.store.db);
  let users = facts.users;
  let groups = facts.groups;
  let members = facts.members;
  const u = change.user;
  if (u) {
    users =
      'deleted' in u ? users.filter((x) => x.id !== u.id) : users.map((x) => (x.id === u.id ? { ...u } : x));
    if ('deleted' in u) members = members.filter((m) => m.user_id !== u.id);
  }
  const g = change.group;
  if (g) {
    if ('deleted' in g) {
      groups = groups.filter((x) => x.id !== g.id);
      members = members.filter((m) => m.group_id !== g.id);
    } else {
      groups = groups.map((x) => (x.id === g.id ? { id: g.id, role: g.role } : x));
      if (g.memberIds)
        members = [
          ...members.filter((m) => m.group_id !== g.id),
          ...g.memberIds.map((user_id) => ({ group_id: g.id, user_id })),
        ];
    }
  }
  const groupRole = new Map(groups.map((x) => [x.id, x.role]));
  const out = new Set<number>();
  for (const user of users) {
    if (user.disabled) continue;
    const roles = [
      user.role,
      ...members.filter((m) => m.user_id === user.id).map((m) => groupRole.get(m.group_id)),
    ];
    if (capabilitiesOfRoles(roles).has('manage_options')) out.add(user.id);
  }
  return out;
}

/** 409 when the change leaves no enabled administrator where there was one. */
async function keepAnAdministrator(
  ctx: Ctx,
  change: Parameters<typeof administratorsAfter>[1],
): Promise<void> {
  const before = await administratorsAfter(ctx, {});
  if (before.size === 0) return;
  const after = await administratorsAfter(ctx, change);
  if (after.size === 0) throw conflict('This would remove the last administrator.');
}

export interface UserPatchInput {
  display_name?: string;
  role?: string | null;
  password?: string;
  disabled?: boolean;
}

/** An administrator changes a person. Not themselves disabled, and never the last administrator. */
export async function changeUser(
  ctx: Ctx,
  actor: Principal,
  uuid: string,
  input: UserPatchInput,
): Promise<UserRecord> {
  const user = await getUserOrThrow(ctx, uuid);
  checkRole(input.role);
  checkPassword(input.password);
  if (input.disabled === true && actor.userId === user.id) throw conflict('You cannot disable yourself.');
  const role = input.role === undefined ? user.role : input.role;
  const disabled = input.disabled === undefined ? user.disabled_at !== null : input.disabled;
  await keepAnAdministrator(ctx, { user: { id: user.id, role, disabled } });
  const patch: UserPatch = {};
  if (input.display_name !== undefined) patch.display_name = input.display_name.trim() || user.display_name;
  if (input.role !== undefined) patch.role = input.role;
  if (input.password !== undefined) patch.password_hash = await hashPassword(input.password);
  if (input.disabled !== undefined)
    patch.disabled_at = input.disabled ? (user.disabled_at ?? nowIso()) : null;
  const saved = await updateUser(ctx.store.db, user.id, patch);
  if (!saved) throw notFound('user');
  // A disabled person is signed out everywhere (their keys stop working with the owner check);
  // a password set by an administrator ends the person's sessions too (but the one doing it).
  if (input.disabled === true) await revokeUserWebSessions(ctx.store.db, user.id);
  else if (input.password !== undefined)
    for (const s of await listLiveWebSessions(ctx.store.db, user.id))
      if (s.id !== actor.sessionId) await revokeWebSession(ctx.store.db, user.id, s.uuid);
  return saved;
}

/**
 * Sets a person's password from the command line (a lost first password, a locked-out
 * administrator): the given one, or a generated one that is returned to be printed once. Their
 * sessions end. 404-like `undefined` when no person has that e-mail.
 */
export async function resetPassword(
  ctx: Ctx,
  email: string,
  password?: string,
): Promise<{ user: UserRecord; password: string } | undefined> {
  const user = await findUserByEmail(ctx.store.db, normaliseEmail(email));
  if (!user) return undefined;
  const chosen = password ?? generatePassword();
  checkPassword(chosen);
  await updateUser(ctx.store.db, user.id, { password_hash: await hashPassword(chosen) });
  await revokeUserWebSessions(ctx.store.db, user.id);
  return { user, password: chosen };
}

/** Deletes a person, their sessions and keys; not oneself, never the last administrator. */
export async function removeUser(ctx: Ctx, actor: Principal, uuid: string): Promise<UserRecord> {
  const user = await getUserOrThrow(ctx, uuid);
  if (actor.userId === user.id) throw conflict('You cannot delete yourself.');
  await keepAnAdministrator(ctx, { user: { id: user.id, deleted: true } });
  await revokeApiKeysOfUser(ctx.store.db, user.id);
  await revokeUserWebSessions(ctx.store.db, user.id);
  await deleteUser(ctx.store.db, user.id);
  return user;
}

// Groups

/** Groups as answered, their members read in one query. */
export async function presentGroups(ctx: Ctx, groups: GroupRecord[]): Promise<GroupView[]> {
  const members = await listMembersOfGroups(
    ctx.store.db,
    groups.map((g) => g.id),
  );
  return groups.map((group) => ({
    id: group.uuid,
    name: group.name,
    role: group.role,
    idp_group: group.idp_group,
    members: (members.get(group.id) ?? []).map((m) => ({
      id: m.uuid,
      email: m.email,
      display_name: m.display_name,
    })),
    created_at: group.created_at,
    updated_at: group.updated_at,
  }));
}

export async function presentGroup(ctx: Ctx, group: GroupRecord): Promise<GroupView> {
  return (await presentGroups(ctx, [group]))[0]!;
}

export async function listAllGroups(ctx: Ctx, page: { limit: number; offset: number }) {
  const { items, total } = await listGroups(ctx.store.db, page);
  return { items: await presentGroups(ctx, items), total };
}

export async function getGroupOrThrow(ctx: Ctx, uuid: string): Promise<GroupRecord> {
  const group = await findGroupByUuid(ctx.store.db, uuid);
  if (!group) throw notFound('group');
  return group;
}

export interface GroupInput {
  name?: string;
  role?: string | null;
  idp_group?: string | null;
}

function groupName(name: string): string {
  const n = name.trim();
  if (!n) throw invalidParams({ name: 'must not be empty' });
  return n;
}

export async function createGroup(
  ctx: AuditedCtx,
  input: GroupInput & { name: string },
  actor?: Actor,
): Promise<GroupRecord> {
  checkRole(input.role);
  try {
    const group = await insertGroup(ctx.store.db, {
      uuid: randomUUID(),
      name: groupName(input.name),
      role: input.role ?? null,
      idp_group: input.idp_group?.trim() || null,
    });
    await auditGroup(ctx, actor, 'group.created', group, { idp_group: group.idp_group });
    return group;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A group with this name exists.');
    throw err;
  }
}

export async function changeGroup(
  ctx: AuditedCtx,
  uuid: string,
  input: GroupInput,
  actor?: Actor,
): Promise<GroupRecord> {
  const group = await getGroupOrThrow(ctx, uuid);
  checkRole(input.role);
  if (input.role !== undefined) await keepAnAdministrator(ctx, { group: { id: group.id, role: input.role } });
  try {
    const saved = await updateGroup(ctx.store.db, group.id, {
      ...(input.name !== undefined ? { name: groupName(input.name) } : {}),
      ...(input.role !== undefined ? { role: input.role } : {}),
      ...(input.idp_group !== undefined ? { idp_group: input.idp_group?.trim() || null } : {}),
    });
    if (!saved) throw notFound('group');
    await auditGroup(ctx, actor, 'group.updated', saved, {
      fields: Object.keys(input),
      previous_role: group.role,
    });
    return saved;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A group with this name exists.');
    throw err;
  }
}

export async function removeGroup(ctx: AuditedCtx, uuid: string, actor?: Actor): Promise<GroupRecord> {
  const group = await getGroupOrThrow(ctx, uuid);
  await keepAnAdministrator(ctx, { group: { id: group.id, deleted: true } });
  await deleteGroup(ctx.store.db, group.id);
  await auditGroup(ctx, actor, 'group.deleted', group);
  return group;
}

/** Makes the group's members exactly these people (by UUID; an unknown one is 400 naming it). */
export async function setGroupMembers(
  ctx: AuditedCtx,
  uuid: string,
  userUuids: string[],
  actor?: Actor,
): Promise<GroupRecord> {
  const group = await getGroupOrThrow(ctx, uuid);
  const users = await findUsersByUuids(ctx.store.db, userUuids);
  const known = new Set(users.map((u) => u.uuid));
  const unknown = userUuids.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw invalidParams({ [`user_ids.${unknown}`]: 'no such user' });
  const ids = users.map((u) => u.id);
  await keepAnAdministrator(ctx, { group: { id: group.id, role: group.role, memberIds: ids } });
  const before = (await listMembersOfGroups(ctx.store.db, [group.id])).get(group.id) ?? [];
  await replaceGroupMembers(ctx.store.db, group.id, ids);
  const uuids = (list: UserRecord[]) => list.map((u) => u.uuid);
  await auditMembers(ctx, actor, group, uuids(before), uuids(users));
  return group;
}
