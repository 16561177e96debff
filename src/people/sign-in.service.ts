import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/capabilities.ts';
import { listCapabilities } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden } from '../errors.ts';
import { nowIso } from '../store/rows.ts';
import { findUserByEmail, findUserById, type UserRecord, updateUser } from '../store/users.repo.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { presentUser, type UserView } from './users.service.ts';
import {
  csrfMatches,
  csrfTokenFor,
  endWebSession,
  readSessionSecret,
  resolveWebSession,
  signedInOf,
  startWebSession,
} from './web-sessions.ts';

/** Sign-in attempts per e-mail address and per client address, per minute. */
export const SIGN_IN_LIMIT = 10;

export interface SignedInAnswer {
  user: UserView;
  capabilities: string[];
  csrf_token: string;
  expires_at: string;
}

function invalidCredentials(): ApiError {
  return new ApiError('rest_invalid_credentials', 'The e-mail address or the password is wrong.');
}

/** 429 rest_rate_limited when the e-mail address or the client address tried too often. */
async function limitAttempts(ctx: AppContext, email: string, ip: string): Promise<void> {
  for (const key of [`sign-in:email:${email}`, `sign-in:ip:${ip}`]) {
    const decision = await ctx.limiter.hit(key, SIGN_IN_LIMIT, 60_000);
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      throw new ApiError('rest_rate_limited', `Too many sign-in attempts: retry in ${seconds} s.`, {
        retry_after_seconds: seconds,
      });
    }
  }
}

/**
 * Checks an e-mail and password and starts a session. An unknown e-mail, a person without a
 * password, a wrong password and a disabled person all get the same 401 after a password check
 * of the same cost.
 */
export async function signInWithPassword(
  ctx: AppContext,
  request: FastifyRequest,
  input: { email: string; password: string },
): Promise<{ answer: SignedInAnswer; secret: string }> {
  if (!ctx.config.localSignIn) throw forbidden('Sign-in with a password is off: use the identity provider.');
  const email = input.email.trim().toLowerCase();
  await limitAttempts(ctx, email, request.ip);
  const user = await findUserByEmail(ctx.store.db, email);
  const matches = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user?.password_hash || !matches || user.disabled_at) throw invalidCredentials();
  return startSignedIn(ctx, request, user);
}

/** Records the sign-in and starts the session (password or IdP). */
export async function startSignedIn(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRecord,
): Promise<{ answer: SignedInAnswer; secret: string }> {
  const signedIn = (await updateUser(ctx.store.db, user.id, { last_sign_in_at: nowIso() })) ?? user;
  const { session, secret, csrfToken } = await startWebSession(ctx, signedIn, request);
  const view = await presentUser(ctx, signedIn);
  return {
    answer: {
      user: view,
      capabilities: view.capabilities,
      csrf_token: csrfToken,
      expires_at: session.expires_at,
    },
    secret,
  };
}

/** What the sign-in page offers. */
export function describeProviders(ctx: AppContext): { local: boolean; oidc: { name: string } | null } {
  const oidcOn = Boolean(ctx.config.oidcIssuer && ctx.config.oidcClientId);
  return { local: ctx.config.localSignIn, oidc: oidcOn ? { name: ctx.config.oidcName } : null };
}

/**
 * Ends the session of the request's cookie, if it is live (its CSRF token must come with it);
 * the caller clears the cookie either way.
 */
export async function signOut(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const secret = readSessionSecret(ctx, request);
  const found = secret ? await resolveWebSession(ctx, secret) : null;
  if (!found) return;
  const token = request.headers['x-csrf-token'];
  if (!csrfMatches(found.session, typeof token === 'string' ? token : undefined))
    throw new ApiError('rest_csrf_failed', 'Missing or wrong X-CSRF-Token for this session.');
  await endWebSession(ctx, found.session.id);
}

/** `GET /auth/session`: the person (or the key's owner), how, what they may do; the CSRF token for a session. */
export async function describeSession(ctx: AppContext, request: FastifyRequest, principal: Principal) {
  const capabilities = listCapabilities(principal.capabilities);
  const found = principal.via === 'session' ? signedInOf(request) : undefined;
  if (found)
    return {
      user: await presentUser(ctx, found.user),
      via: 'session' as const,
      capabilities,
      csrf_token: csrfTokenFor(ctx, found.secret),
      expires_at: found.session.expires_at,
    };
  const owner = principal.userId !== null ? await findUserById(ctx.store.db, principal.userId) : undefined;
  return { user: owner ? await presentUser(ctx, owner) : null, via: principal.via, capabilities };
}
