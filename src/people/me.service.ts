import { recordAudit } from '../audit/audit.service.ts';
import { createApiKey } from '../auth/api-keys.ts';
import { expandCapabilities, type Principal, ROLES } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { forbidden, invalidParams, notFound } from '../errors.ts';
import { presentKeys } from '../keys/keys.service.ts';
import { listApiKeysOfUser, revokeApiKeyOfUser } from '../store/keys.repo.ts';
import { findUserById, type UserRecord, updateUser } from '../store/users.repo.ts';
import {
  listLiveWebSessions,
  revokeUserWebSessions,
  revokeWebSession,
  type WebSessionRecord,
} from '../store/web-sessions.repo.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.ts';
import { loadCapabilities } from './user-capabilities.ts';
import { getUserOrThrow } from './users.service.ts';
import { sessionEndsAt } from './web-sessions.ts';

type Ctx = Pick<AppContext, 'store' | 'config'>;

/** The person behind the principal; 403 for a key that belongs to nobody. */
export async function personOf(ctx: Ctx, principal: Principal): Promise<UserRecord> {
  if (principal.userId === null) throw forbidden('This API key belongs to no person.');
  const user = await findUserById(ctx.store.db, principal.userId);
  if (!user) throw forbidden('This API key belongs to no person.');
  return user;
}

export interface MePatch {
  display_name?: string;
  password?: string;
  current_password?: string;
}

/**
 * Changes one's own name or password. A new password needs the current one when one is set;
 * the person's other sessions end with it.
 */
export async function changeMe(ctx: Ctx, principal: Principal, input: MePatch): Promise<UserRecord> {
  const user = await personOf(ctx, principal);
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    if ([...input.password].length < MIN_PASSWORD_LENGTH)
      throw invalidParams({ password: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
    if (user.password_hash) {
      if (input.current_password === undefined)
        throw invalidParams({ current_password: 'is required to change the password' });
      if (!(await verifyPassword(input.current_password, user.password_hash)))
        throw invalidParams({ current_password: 'is not the current password' });
    }
    passwordHash = await hashPassword(input.password);
  }
  const saved = await updateUser(ctx.store.db, user.id, {
    ...(input.display_name !== undefined
      ? { display_name: input.display_name.trim() || user.display_name }
      : {}),
    ...(passwordHash ? { password_hash: passwordHash } : {}),
  });
  if (passwordHash) {
    const sessions = await listLiveWebSessions(ctx.store.db, user.id);
    for (const s of sessions)
      if (s.id !== principal.sessionId) await revokeWebSession(ctx.store.db, user.id, s.uuid);
  }
  const fields = (['display_name', 'password'] as const).filter((f) => input[f] !== undefined);
  await recordAudit(ctx, {
    actor: principal,
    action: 'user.updated',
    target_kind: 'user',
    target_id: user.uuid,
    detail: { fields },
  });
  return saved ?? user;
}

// Keys

export async function listMyKeys(ctx: Ctx, principal: Principal) {
  const user = await personOf(ctx, principal);
  return presentKeys(ctx, await listApiKeysOfUser(ctx.store.db, user.id));
}

/** Roles from the widest down: a key's default role is the widest the person holds whole. */
const ROLE_ORDER = ['administrator', 'editor', 'settings', 'analyst'];

/**
 * Creates a key the person owns; its role may not carry a capability the person lacks (403).
 * The secret is answered once.
 */
export async function createMyKey(
  ctx: Ctx,
  principal: Principal,
  input: { name: string; role?: string; expires_at?: string },
) {
  const user = await personOf(ctx, principal);
  const { capabilities } = await loadCapabilities(ctx.store, user);
  const fits = (role: string) => [...expandCapabilities(ROLES[role] ?? [])].every((c) => capabilities.has(c));
  const role = input.role ?? ROLE_ORDER.find(fits);
  if (!role) throw forbidden('You hold no role a key could have.');
  if (!ROLES[role]) throw invalidParams({ role: `must be one of ${Object.keys(ROLES).join(', ')}` });
  if (!fits(role))
    throw forbidden(`A key cannot have the role "${role}": it would grant more than you hold.`);
  const { key, secret } = await createApiKey(ctx.store, {
    name: input.name,
    role,
    expires_at: input.expires_at ?? null,
    user_id: user.id,
  });
  const [shown] = await presentKeys(ctx, [key]);
  // The key's id, name, role and owner: never its secret.
  const detail = { name: key.name, role, owner: user.uuid };
  await recordAudit(ctx, {
    actor: principal,
    action: 'key.created',
    target_kind: 'key',
    target_id: String(key.id),
    detail,
  });
  return { ...shown!, secret };
}

export async function revokeMyKey(ctx: Ctx, principal: Principal, uuid: string) {
  const user = await personOf(ctx, principal);
  const revoked = await revokeApiKeyOfUser(ctx.store.db, user.id, uuid);
  if (!revoked) throw notFound('key');
  const detail = { name: revoked.name, owner: user.uuid };
  await recordAudit(ctx, {
    actor: principal,
    action: 'key.revoked',
    target_kind: 'key',
    target_id: String(revoked.id),
    detail,
  });
  return { revoked: true, id: revoked.id, uuid: revoked.uuid };
}

// Sessions

export interface SessionView {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

function presentSessions(ctx: Ctx, sessions: WebSessionRecord[], currentId?: number): SessionView[] {
  const now = Date.now();
  return sessions
    .filter((s) => Date.parse(sessionEndsAt(ctx, s)) > now)
    .map((s) => ({
      id: s.uuid,
      created_at: s.created_at,
      last_seen_at: s.last_seen_at,
      expires_at: sessionEndsAt(ctx, s),
      ip: s.ip,
      user_agent: s.user_agent,
      current: s.id === currentId,
    }));
}

export async function listMySessions(ctx: Ctx, principal: Principal): Promise<SessionView[]> {
  const user = await personOf(ctx, principal);
  return presentSessions(ctx, await listLiveWebSessions(ctx.store.db, user.id), principal.sessionId);
}

/** Ends one of one's own sessions; another person's session id is 404 (as if there were none). */
export async function endMySession(ctx: Ctx, principal: Principal, uuid: string) {
  const user = await personOf(ctx, principal);
  if (!(await revokeWebSession(ctx.store.db, user.id, uuid))) throw notFound('session');
  return { revoked: true, id: uuid };
}

export async function listSessionsOf(ctx: Ctx, uuid: string): Promise<SessionView[]> {
  const user = await getUserOrThrow(ctx, uuid);
  return presentSessions(ctx, await listLiveWebSessions(ctx.store.db, user.id));
}

/** Signs a person out everywhere. */
export async function endSessionsOf(ctx: Ctx, uuid: string) {
  const user = await getUserOrThrow(ctx, uuid);
  return { revoked: await revokeUserWebSessions(ctx.store.db, user.id) };
}
