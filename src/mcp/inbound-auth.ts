import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { safeEqual } from '../auth/hash.ts';
import type { AppContext } from '../context.ts';
import type { Caller } from '../shared/caller.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { HttpRejection, SERVER_ERROR } from './errors.ts';
import {
  type JwksCache,
  oauthConfigOf,
  resourceMetadataUrl,
  scopesSupported,
  verifyAccessToken,
} from './oauth.ts';
import { header } from './transport/http-helpers.ts';

/*
 * Who may call a server's MCP endpoint, by its `auth_type`. Stored secrets are
 * keyed hashes (`ctx.secrets.mac`); presented ones are hashed the same way and compared in
 * constant time. The client's credentials stop here: the executor never sees them.
 */

function bearerToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  return m?.[1];
}

function macEquals(ctx: AppContext, presented: string | undefined, storedHash: unknown): boolean {
  // Hash even when nothing was presented, so a missing credential costs the same as a wrong one.
  const ok = safeEqual(ctx.secrets.mac(presented ?? ''), typeof storedHash === 'string' ? storedHash : '');
  return ok && presented !== undefined && typeof storedHash === 'string';
}

function unauthorized(scheme: string, message = 'Unauthorized'): HttpRejection {
  return new HttpRejection(401, SERVER_ERROR, message, { 'www-authenticate': scheme });
}

/**
 * Throws an HttpRejection (401/403) unless the request carries the server's credential; resolves
 * with the signed-in person when the credential names one (null for shared secrets).
 */
export async function authenticate(
  ctx: AppContext,
  server: ServerRecord,
  request: FastifyRequest,
  jwks: JwksCache,
): Promise<Caller | null> {
  const config = server.auth_config ?? {};
  switch (server.auth_type) {
    case 'none':
      return null;
    case 'bearer':
      if (!macEquals(ctx, bearerToken(request), config.token_hash))
        throw unauthorized('Bearer realm="toolgate"');
      return null;
    case 'api-key': {
      const name = typeof config.name === 'string' ? config.name : 'X-API-Key';
      const query = (request.query ?? {}) as Record<string, unknown>;
      const presented =
        config.location === 'query'
          ? typeof query[name] === 'string'
            ? (query[name] as string)
            : undefined
          : header(request, name.toLowerCase());
      if (!macEquals(ctx, presented, config.value_hash))
        throw unauthorized(
          `ApiKey realm="toolgate", ${config.location === 'query' ? 'query' : 'header'}="${name}"`,
        );
      return null;
    }
    case 'basic': {
      const auth = request.headers.authorization;
      const m = typeof auth === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auth) : null;
      const decoded = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
      const cut = decoded.indexOf(':');
      const user = cut >= 0 ? decoded.slice(0, cut) : '';
      const password = cut >= 0 ? decoded.slice(cut + 1) : undefined;
      const userOk = safeEqual(user, typeof config.username === 'string' ? config.username : '');
      const passOk = macEquals(ctx, password, config.password_hash);
      if (!(m && userOk && passOk)) throw unauthorized('Basic realm="toolgate", charset="UTF-8"');
      return null;
    }
    case 'oauth':
      return authenticateOAuth(ctx, server, request, jwks);
    default:
      throw unauthorized('Bearer realm="toolgate"');
  }
}

function callerOf(payload: JWTPayload): Caller | null {
  if (typeof payload.sub !== 'string') return null;
  return {
    userUuid: payload.sub,
    clientId: typeof payload.client_id === 'string' ? payload.client_id : null,
  };
}

async function authenticateOAuth(
  ctx: AppContext,
  server: ServerRecord,
  request: FastifyRequest,
  jwks: JwksCache,
): Promise<Caller | null> {
  const scopes = scopesSupported(oauthConfigOf(server));
  const metadata = `resource_metadata="${resourceMetadataUrl(ctx, server)}"`;
  const scope = scopes.length > 0 ? `, scope="${scopes.join(' ')}"` : '';
  const token = bearerToken(request);
  if (!token) throw unauthorized(`Bearer ${metadata}${scope}`);
  const check = await verifyAccessToken(ctx, server, jwks, token);
  // A token Toolgate issued names the person (`sub`, their UUID) and the client; an external
  // issuer's subject is nobody Toolgate knows, so that call has no caller.
  if (check.ok) return oauthConfigOf(server).toolgate ? callerOf(check.payload) : null;
  const challenge = `Bearer error="${check.error}", error_description="${check.description}", ${metadata}${scope}`;
  if (check.error === 'insufficient_scope')
    throw new HttpRejection(403, SERVER_ERROR, `Forbidden: ${check.description}`, {
      'www-authenticate': challenge,
    });
  throw unauthorized(challenge, `Unauthorized: ${check.description}`);
}
