import type { AppContext } from '../context.ts';
import type { ServerRecord } from '../store/servers.repo.ts';

/*
 * Which MCP endpoints Toolgate issues tokens for: a server whose inbound `auth_type` is `oauth`
 * and whose `auth_config` names no external authorization server (neither `issuer` nor
 * `authorization_servers`). Its resource is exactly `{PUBLIC_URL}/mcp/{slug}` (RFC 8707; no
 * trailing slash, scheme and host compared case-insensitively as URLs are).
 */

/**
 * The scope every Toolgate-issued token carries: using the server's tools as the person. A
 * request that names no scope asks for it (RFC 6749 §3.3: the server's default scope).
 */
export const DEFAULT_SCOPE = 'mcp';

/** Whether a server's inbound OAuth is Toolgate's own authorization server. */
export function usesToolgateIssuer(server: Pick<ServerRecord, 'auth_type' | 'auth_config'>): boolean {
  if (server.auth_type !== 'oauth') return false;
  const c = (server.auth_config ?? {}) as { issuer?: unknown; authorization_servers?: unknown };
  const external = Array.isArray(c.authorization_servers) ? c.authorization_servers.length : 0;
  return external === 0 && !(typeof c.issuer === 'string' && c.issuer !== '');
}

/** The scopes every token for the server must carry (`auth_config.required_scopes`). */
export function requiredScopesOf(server: Pick<ServerRecord, 'auth_config'>): string[] {
  const scopes = server.auth_config?.required_scopes;
  return Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string' && s !== '') : [];
}

export interface ToolgateResource {
  /** The canonical resource URL, the tokens' `aud`. */
  url: string;
  server: ServerRecord;
  /** The scopes a token for it may carry: the default one and the server's required ones. */
  scopes: string[];
}

/** The slug a resource indicator names on this gateway, or undefined. */
export function slugOfResource(ctx: AppContext, indicator: string): string | undefined {
  let url: URL;
  let base: URL;
  try {
    url = new URL(indicator);
    base = new URL(ctx.config.publicUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || url.search !== '' || url.hash !== '' || url.username !== '')
    return undefined;
  const prefix = `${base.pathname.replace(/\/+$/, '')}/mcp/`;
  if (!url.pathname.startsWith(prefix)) return undefined;
  const slug = url.pathname.slice(prefix.length);
  return /^[A-Za-z0-9._~-]+$/.test(slug) ? slug : undefined;
}

/** The Toolgate-issued resource an indicator names (an existing, non-draft server), or undefined. */
export async function toolgateResourceOf(
  ctx: AppContext,
  indicator: string,
  findBySlug: (slug: string) => Promise<ServerRecord | undefined>,
): Promise<ToolgateResource | undefined> {
  const slug = slugOfResource(ctx, indicator);
  if (!slug) return undefined;
  const server = await findBySlug(slug);
  if (!server || server.status === 'draft' || !usesToolgateIssuer(server)) return undefined;
  const scopes = [DEFAULT_SCOPE, ...requiredScopesOf(server).filter((s) => s !== DEFAULT_SCOPE)];
  return { url: `${ctx.config.publicUrl}/mcp/${server.slug}`, server, scopes };
}
