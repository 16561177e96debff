import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Capability, Principal } from '../auth/capabilities.ts';
import { hashSecret, safeEqual } from '../auth/hash.ts';
import type { AppContext } from '../context.ts';
import { findUserById, type MembershipRecord, type UserRecord } from '../store/users.repo.ts';
import {
  deleteEndedWebSessions,
  findWebSessionByTokenHash,
  insertWebSession,
  revokeWebSessionById,
  touchWebSession,
  type WebSessionRecord,
} from '../store/web-sessions.repo.ts';
import { readCookie, serializeCookie } from './cookies.ts';
import { loadCapabilities } from './user-capabilities.ts';

/*
 * Admin UI sessions. The cookie carries 32 random bytes; the store keeps their SHA-256 only. The
 * CSRF token is a keyed hash of the cookie secret (so it can be answered again by
 * GET /auth/session without being stored); the store keeps its SHA-256 too.
 */

export const SESSION_COOKIE = 'tg_session';
/** The name over HTTPS: the `__Host-` prefix pins the cookie to this host, Path=/ and Secure. */
export const SECURE_SESSION_COOKIE = '__Host-tg_session';
/** `last_seen_at` moves at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;
const USER_AGENT_MAX = 200;

type Ctx = Pick<AppContext, 'config' | 'store' | 'secrets'>;

/** A live session and its person, capabilities read now. */
export interface SignedIn {
  user: UserRecord;
  session: WebSessionRecord;
  groups: MembershipRecord[];
  capabilities: Set<Capability>;
  /** The cookie secret this session was found by (to answer its CSRF token). */
  secret: string;
}

/** Whether cookies are `Secure`: the request came over HTTPS, or PUBLIC_URL is https. */
export function isSecureSite(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): boolean {
  return request.protocol === 'https' || ctx.config.publicUrl.startsWith('https:');
}

export function sessionCookieName(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): string {
  return isSecureSite(ctx, request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The `Set-Cookie` value that carries a new session's secret. */
export function sessionCookie(
  ctx: Pick<AppContext, 'config'>,
  request: FastifyRequest,
  secret: string,
): string {
  return serializeCookie(sessionCookieName(ctx, request), secret, { secure: isSecureSite(ctx, request) });
}

/** The `Set-Cookie` value that removes the session cookie. */
export function clearedSessionCookie(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): string {
  return serializeCookie(sessionCookieName(ctx, request), '', {
    secure: isSecureSite(ctx, request),
    maxAge: 0,
  });
}

/** The CSRF token of the session whose cookie secret this is. */
export function csrfTokenFor(ctx: Pick<AppContext, 'secrets'>, secret: string): string {
  return ctx.secrets.mac(`csrf:${secret}`);
}

/** Whether the presented token is the session's (constant time). */
export function csrfMatches(session: WebSessionRecord, presented: string | undefined): boolean {
  if (!presented) return false;
  return safeEqual(hashSecret(presented), session.csrf_token_hash);
}

/** When this process last deleted ended sessions, per store. */
const prunedAt = new WeakMap<object, number>();
const PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Deletes the sessions that ended more than a day ago, at most once an hour per process (on a
 * sign-in, after the answer; a failure only leaves the rows for the next time).
 */
function pruneEndedSessions(ctx: Ctx): void {
  const now = Date.now();
  if (now - (prunedAt.get(ctx.store) ?? 0) < PRUNE_INTERVAL_MS) return;
  prunedAt.set(ctx.store, now);
  const before = new Date(now - 86_400_000).toISOString();
  const idleBefore = new Date(now - 86_400_000 - ctx.config.sessionIdleHours * 3_600_000).toISOString();
  setImmediate(
    () => void deleteEndedWebSessions(ctx.store.db, { before, idleBefore }).catch(() => undefined),
  );
}

/** Starts a session for the person: the cookie secret and CSRF token are answered once, here. */
export async function startWebSession(
  ctx: Ctx,
  user: UserRecord,
  request: FastifyRequest,
): Promise<{ session: WebSessionRecord; secret: string; csrfToken: string }> {
  const secret = randomBytes(32).toString('base64url');
  const csrfToken = csrfTokenFor(ctx, secret);
  const now = Date.now();
  const userAgent = request.headers['user-agent'];
  const session = await insertWebSession(ctx.store.db, {
    uuid: randomUUID(),
    token_hash: hashSecret(secret),
    csrf_token_hash: hashSecret(csrfToken),
    user_id: user.id,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + ctx.config.sessionMaxDays * 86_400_000).toISOString(),
    last_seen_at: new Date(now).toISOString(),
    ip: request.ip ?? null,
    user_agent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
  });
  pruneEndedSessions(ctx);
  return { session, secret, csrfToken };
}

/** When the session stops working: its absolute end or `idle hours` after it was last seen. */
export function sessionEndsAt(ctx: Pick<AppContext, 'config'>, session: WebSessionRecord): string {
  const idleEnd = Date.parse(session.last_seen_at) + ctx.config.sessionIdleHours * 3_600_000;
  return new Date(Math.min(idleEnd, Date.parse(session.expires_at))).toISOString();
}

/**
 * The live session a cookie secret stands for, with its person; null when unknown, revoked,
 * expired (idle or absolute) or the person is disabled or gone. Records the use (once a minute).
 */
export async function resolveWebSession(ctx: Ctx, secret: string): Promise<SignedIn | null> {
  if (!secret || secret.length > 200) return null;
  const session = await findWebSessionByTokenHash(ctx.store.db, hashSecret(secret));
  if (!session || session.revoked_at) return null;
  const now = Date.now();
  if (Date.parse(sessionEndsAt(ctx, session)) <= now) return null;
  const user = await findUserById(ctx.store.db, session.user_id);
  if (!user || user.disabled_at) return null;
  if (now - Date.parse(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
    const at = new Date(now).toISOString();
    await touchWebSession(ctx.store.db, session.id, at);
    session.last_seen_at = at;
  }
  const { groups, capabilities } = await loadCapabilities(ctx.store, user);
  return { user, session, groups, capabilities, secret };
}

/** The session cookie's secret on the request, if any (the name this site uses). */
export function readSessionSecret(
  ctx: Pick<AppContext, 'config'>,
  request: FastifyRequest,
): string | undefined {
  return readCookie(request.headers.cookie, sessionCookieName(ctx, request));
}

/**
 * The person signed in to the admin UI by the request's cookie, or null. No CSRF check: for
 * pages that only read who is there (the OAuth consent pages check their own token).
 */
export async function findSignedInUser(
  ctx: Ctx,
  request: FastifyRequest,
): Promise<{ user: UserRecord; session: WebSessionRecord } | null> {
  const secret = readSessionSecret(ctx, request);
  if (!secret) return null;
  const found = await resolveWebSession(ctx, secret);
  return found ? { user: found.user, session: found.session } : null;
}

/** The session each request authenticated by its cookie found (see `authenticate`). */
const signedInByRequest = new WeakMap<FastifyRequest, SignedIn>();

export function rememberSignedIn(request: FastifyRequest, found: SignedIn): void {
  signedInByRequest.set(request, found);
}

/** The session this request was authenticated by, when it was its cookie. */
export function signedInOf(request: FastifyRequest): SignedIn | undefined {
  return signedInByRequest.get(request);
}

/** The principal of a signed-in person. */
export function sessionPrincipal(found: SignedIn): Principal {
  return {
    keyId: null,
    userId: found.user.id,
    name: found.user.display_name || found.user.email,
    role: found.user.role ?? 'member',
    capabilities: found.capabilities,
    via: 'session',
    sessionId: found.session.id,
  };
}

/** Ends the session the cookie stands for (sign-out). */
export async function endWebSession(ctx: Ctx, sessionId: number): Promise<void> {
  await revokeWebSessionById(ctx.store.db, sessionId);
}
