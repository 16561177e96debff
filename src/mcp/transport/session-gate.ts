import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../shared/caller.ts';
import type { ServerRecord } from '../../store/servers.repo.ts';
import type { SessionRecord } from '../../store/sessions.repo.ts';
import { HttpRejection, SERVER_ERROR, SESSION_NOT_FOUND } from '../errors.ts';
import { isSupportedVersion, SUPPORTED_VERSIONS } from '../protocol.ts';
import type { Cached } from '../record-cache.ts';
import { loadSession } from '../sessions.ts';
import { header } from './http-helpers.ts';

/**
 * The checks every request after initialize passes (basic/transports): a supported
 * `MCP-Protocol-Version` when the header is present (absent = 2025-03-26), then a session id
 * (400 without one) naming a live session of this server (404 otherwise, so the client
 * initializes again). A 2026-07-28 client probing with `server/discover` lands on one of the
 * 400s and falls back to initialize.
 */
export function requireSession(
  ctx: AppContext,
  server: ServerRecord,
  request: FastifyRequest,
  caller: Caller | null,
): Cached<SessionRecord> {
  checkProtocolHeader(request);
  const id = header(request, 'mcp-session-id');
  if (id === undefined || id === '')
    throw new HttpRejection(400, SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required');
  const session = loadSession(ctx, server, id);
  const person = caller?.userUuid ?? null;
  return session instanceof Promise
    ? session.then((found) => requireFound(found, person))
    : requireFound(session, person);
}

/**
 * The session, when it exists and was opened by this person (or, on a server that signs nobody
 * in, by nobody): another person's session id is as unknown as a made-up one (MCP security best
 * practices: sessions bound to the user), so it cannot be used or ended by someone else.
 */
function requireFound(session: SessionRecord | undefined, person: string | null): SessionRecord {
  if (!session || session.user_uuid !== person)
    throw new HttpRejection(404, SESSION_NOT_FOUND, 'Session not found');
  return session;
}

/** An `MCP-Protocol-Version` header, when present, must name a supported revision (else 400); returns it. */
export function checkProtocolHeader(request: FastifyRequest): string | undefined {
  const version = header(request, 'mcp-protocol-version')?.trim();
  if (version !== undefined && !isSupportedVersion(version))
    throw new HttpRejection(
      400,
      SERVER_ERROR,
      `Bad Request: Unsupported protocol version: ${version.slice(0, 40)} (supported: ${SUPPORTED_VERSIONS.join(', ')})`,
    );
  return version;
}
