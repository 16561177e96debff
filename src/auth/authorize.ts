import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden } from '../errors.ts';
import {
  csrfMatches,
  readSessionSecret,
  rememberSignedIn,
  resolveWebSession,
  sessionPrincipal,
} from '../people/web-sessions.ts';
import { authenticateApiKey } from './api-keys.ts';
import { type Capability, hasCapability, type Principal } from './capabilities.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

function notLoggedIn(reply: FastifyReply): ApiError {
  reply.header('WWW-Authenticate', 'Bearer realm="toolgate"');
  return new ApiError(
    'rest_not_logged_in',
    'You are not currently logged in: sign in, or send Authorization: Bearer <API key>.',
  );
}

/** Methods that change nothing: a cookie-authenticated request of any other needs the CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who is asking: the bearer key when the request sends one, else the admin UI session cookie (a
 * request that changes something must then send `X-CSRF-Token`: 403 rest_csrf_failed). Throws
 * 401 rest_not_logged_in when neither identifies anyone.
 */
export async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal> {
  if (request.principal) return request.principal;
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw notLoggedIn(reply);
    const principal = await authenticateApiKey(ctx.store, match[1]!);
    if (!principal) throw notLoggedIn(reply);
    request.principal = principal;
    return principal;
  }
  const secret = readSessionSecret(ctx, request);
  const found = secret ? await resolveWebSession(ctx, secret) : null;
  if (!found) throw notLoggedIn(reply);
  if (!SAFE_METHODS.has(request.method)) {
    const token = request.headers['x-csrf-token'];
    if (!csrfMatches(found.session, typeof token === 'string' ? token : undefined))
      throw new ApiError('rest_csrf_failed', 'Missing or wrong X-CSRF-Token for this session.');
  }
  const principal = sessionPrincipal(found);
  rememberSignedIn(request, found);
  request.principal = principal;
  return principal;
}

/** preHandler: the caller must hold this capability (403 rest_forbidden otherwise). */
export function requireCapability(ctx: AppContext, capability: Capability): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const principal = await authenticate(ctx, request, reply);
    if (!hasCapability(principal, capability)) throw forbidden();
  };
}

/** preHandler: anyone signed in or holding a valid key. */
export function requireSignedIn(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    await authenticate(ctx, request, reply);
  };
}
