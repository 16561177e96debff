import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden } from '../errors.ts';
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
    'You are not currently logged in: send Authorization: Bearer <API key>.',
  );
}

/** Reads the bearer key and resolves it; throws 401 rest_not_logged_in when absent or unknown. */
export async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal> {
  if (request.principal) return request.principal;
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw notLoggedIn(reply);
  const principal = await authenticateApiKey(ctx.store, match[1]!);
  if (!principal) throw notLoggedIn(reply);
  request.principal = principal;
  return principal;
}

/** preHandler: the caller must hold a key with this capability (403 rest_forbidden otherwise). */
export function requireCapability(ctx: AppContext, capability: Capability): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const principal = await authenticate(ctx, request, reply);
    if (!hasCapability(principal, capability)) throw forbidden();
  };
}
