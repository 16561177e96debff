import { hasCapability, type Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { bindCredentialOriginsIfUnbound, type ServerRecord } from '../store/servers.repo.ts';
import { listToolUrls } from '../store/tools.repo.ts';

/*
 * Credentials are bound to origins (issue 31). Each credential set (`auth_credentials`,
 * `test_auth_credentials`) carries the origins it may be sent to (`*_origins`); the executor
 * refuses to send it anywhere else, so a key that may edit tools but not read credentials cannot
 * point a tool at a host it controls and receive them. Who may set a list: whoever types the
 * secret in the same request (they know it anyway), or an administrator (manage_options, who may
 * read it). Saved without a list, a set keeps the list of the set it replaces, else takes the
 * origins of the server's tools at that moment. A set saved while the server has no tool with a
 * literal origin stays unbound (sent nowhere) until an administrator saves or imports a tool,
 * which binds it to that tool's origin: never the first tool of just anyone (trust on first use
 * would let an editor bind an administrator's secret to their own host).
 */

export type CredentialField = 'auth_credentials' | 'test_auth_credentials';
export const CREDENTIAL_FIELDS: readonly CredentialField[] = ['auth_credentials', 'test_auth_credentials'];

export const MAX_CREDENTIAL_ORIGINS = 50;

export function originsField(field: CredentialField): `${CredentialField}_origins` {
  return `${field}_origins`;
}

/**
 * The origin of a tool URL whose scheme and host are literal (placeholders only after them):
 * `https://api.example.com/v1/{{id}}` → `https://api.example.com`; null for `{{baseUrl}}/pets`
 * or `https://{{host}}/x`, whose origin is only known at call time.
 */
export function literalOrigin(url: string): string | null {
  const head = /^(https?:\/\/[^/?#]*)/i.exec(url)?.[1];
  if (!head || head.includes('{{')) return null;
  try {
    const parsed = new URL(head);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The literal origins of these tool URLs, once each, sorted. */
export function originsOfUrls(urls: readonly string[]): string[] {
  const found = new Set<string>();
  for (const url of urls) {
    const origin = literalOrigin(url);
    if (origin) found.add(origin);
  }
  return [...found].sort();
}

/**
 * Checks an origin list sent by a caller: each entry an http(s) origin (`scheme://host[:port]`,
 * nothing after it but an optional `/`), written back as `URL.origin` writes it (lower-case
 * host, no default port). 400 rest_invalid_param naming the field and the entry otherwise.
 */
export function readOriginList(field: string, input: unknown): string[] {
  if (input === null) return [];
  if (!Array.isArray(input)) throw invalidParams({ [field]: 'must be an array of origins' });
  if (input.length > MAX_CREDENTIAL_ORIGINS)
    throw invalidParams({ [field]: `must list at most ${MAX_CREDENTIAL_ORIGINS} origins` });
  const origins = new Set<string>();
  for (const [i, entry] of input.entries()) {
    const origin = typeof entry === 'string' ? parseOrigin(entry) : null;
    if (!origin)
      throw invalidParams({
        [`${field}[${i}]`]:
          'must be an http(s) origin such as https://api.example.com (no path, query or user)',
      });
    origins.add(origin);
  }
  return [...origins].sort();
}

function parseOrigin(text: string): string | null {
  if (text.length > 300) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // `new URL` adds the `/`; a path written out (`/v1`) was refused above.
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(text.trim())) return null;
  return url.origin;
}

/** The literal origins of the server's tools now (or of the given tools only). */
export async function toolOrigins(
  ctx: Pick<AppContext, 'store'>,
  server: Pick<ServerRecord, 'id'>,
  toolIds?: readonly number[],
): Promise<string[]> {
  return originsOfUrls(await listToolUrls(ctx.store.db, server.id, toolIds));
}

/**
 * After an administrator saved or imported tools: binds each unbound credential set of the
 * server to those tools' origins. Sets already bound are left as they are (adding an origin to a
 * list stays an explicit act). Returns the fields it bound.
 */
export async function bindUnboundCredentials(
  ctx: Pick<AppContext, 'store' | 'events'>,
  server: ServerRecord,
  toolIds: readonly number[],
): Promise<CredentialField[]> {
  const unbound = CREDENTIAL_FIELDS.filter(
    (f) => server[f] !== null && (server[originsField(f)]?.length ?? 0) === 0,
  );
  if (unbound.length === 0 || toolIds.length === 0) return [];
  const origins = await toolOrigins(ctx, server, toolIds);
  if (origins.length === 0) return [];
  const bound: CredentialField[] = [];
  for (const field of unbound)
    if (await bindCredentialOriginsIfUnbound(ctx.store.db, server.id, field, server[field]!, origins))
      bound.push(field);
  if (bound.length > 0) ctx.events.publish({ type: 'server_changed', serverId: server.id });
  return bound;
}

/**
 * `bindUnboundCredentials` when the caller is an administrator (manage_options: they may read the
 * credentials, so binding them to a host is no more than they could do anyway); nothing otherwise.
 */
export async function bindCredentialsForAdmin(
  ctx: Pick<AppContext, 'store' | 'events'>,
  server: ServerRecord,
  toolIds: readonly number[],
  principal: Principal | undefined,
): Promise<void> {
  if (!principal || !hasCapability(principal, 'manage_options')) return;
  await bindUnboundCredentials(ctx, server, toolIds);
}
