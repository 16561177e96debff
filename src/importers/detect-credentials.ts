import { type KeyPlacement, MAX_EXTRA_KEYS, type OutboundCredentials } from '../servers/credentials.ts';
import type { DetectedCredential } from './types.ts';

/*
 * What counts as a credential in an imported request. Header names are matched per segment
 * so that `X-Auth-Token` and `user-token` count while `Authority` or `X-API-Version` do not;
 * `X-…-Key` and `…Subscription-Key` headers count (`X-RapidAPI-Key`, `Ocp-Apim-Subscription-Key`),
 * `Idempotency-Key` and the like do not; `Cookie` always counts (a session is a credential).
 */
const CREDENTIAL_HEADER = /(^|[-_])(api[-_]?key|apikey|token|secret|auth|access[-_]?key|password)([-_]|$)/i;
const KEY_HEADER = /^(x[-_].*|.*subscription)[-_]key$/i;
const NOT_A_SECRET =
  /idempotency|public|cache|request[-_]?id|correlation|page|next|continuation|cursor|sync/i;

/**
 * Query and body field names that carry secrets, compared without case, `-` or `_`: exact names
 * (`key` only in a query, where Google and others put API keys) and names ending in `token`,
 * `secret`, `password` or a kind of key (`private_token`, `client_secret`, `refresh_token`,
 * `x_api_key`). Paging tokens (`page_token`, `next_token`, `cursor`) are arguments, not secrets.
 */
const SECRET_NAME = /^(apikey|token|secret|password|passwd|auth|accesskey|secretkey|privatekey)$/;
const SECRET_SUFFIX = /(token|secret|password|apikey|accesskey|secretkey|privatekey)$/;
const QUERY_ONLY = new Set(['key', 'sig', 'signature']);

const compact = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '');

export function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'cookie' || lower === 'proxy-authorization') return true;
  if (NOT_A_SECRET.test(name)) return false;
  return CREDENTIAL_HEADER.test(name) || KEY_HEADER.test(name);
}

function isSecretName(name: string): boolean {
  if (NOT_A_SECRET.test(name)) return false;
  const c = compact(name);
  return SECRET_NAME.test(c) || SECRET_SUFFIX.test(c);
}

export function isCredentialQuery(name: string): boolean {
  return isSecretName(name) || QUERY_ONLY.has(compact(name));
}

/** A top-level field of a JSON or form body that carries a secret (`client_secret`, `password`, `api_key`…). */
export function isCredentialField(name: string): boolean {
  return isSecretName(name);
}

/** Decodes `Basic base64(user:pass)`; undefined when it is not valid base64 of `user:pass`. */
function decodeBasic(encoded: string): { username: string; password: string } | undefined {
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (
    colon < 0 ||
    Buffer.from(text, 'utf8').toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')
  )
    return undefined;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** Turns one credential-looking header into outbound credentials of the matching type. */
export function credentialFromHeader(name: string, value: string): DetectedCredential {
  const source = `header ${name}`;
  if (name.toLowerCase() === 'authorization') {
    const bearer = /^Bearer\s+(.+)$/i.exec(value.trim());
    if (bearer) return { credentials: { type: 'bearer', token: bearer[1]!.trim() }, source };
    const basic = /^Basic\s+(\S+)$/i.exec(value.trim());
    const decoded = basic ? decodeBasic(basic[1]!) : undefined;
    if (decoded) return { credentials: { type: 'basic', ...decoded }, source };
  }
  return { credentials: { type: 'api-key', name, value, location: 'header' }, source };
}

export function credentialFromQuery(name: string, value: string): DetectedCredential {
  return { credentials: { type: 'api-key', name, value, location: 'query' }, source: `query ${name}` };
}

export function credentialFromBody(name: string, value: string): DetectedCredential {
  return { credentials: { type: 'api-key', name, value, location: 'body' }, source: `body field ${name}` };
}

export function basicCredential(username: string, password: string, source: string): DetectedCredential {
  return { credentials: { type: 'basic', username, password }, source };
}

/**
 * Every secret of one request as one credential set, so a replay (the Test action) sends them
 * all: the first bearer or basic credential (else the first key) is the set's own, the other
 * keys go to `extra_keys`. What cannot join (a second Authorization, keys past the bound) is
 * returned after it, so the notice names it as removed but not saved.
 */
export function combineCredentials(found: DetectedCredential[]): DetectedCredential[] {
  const auth = found.filter((f) => f.credentials.type !== 'api-key');
  const keys = found.filter((f) => f.credentials.type === 'api-key');
  const primary = auth[0] ?? keys[0];
  if (!primary) return [];
  const extra = keys.filter((k) => k !== primary).slice(0, MAX_EXTRA_KEYS);
  const joined = [primary, ...extra];
  const dropped = found.filter((f) => !joined.includes(f));
  const placements: KeyPlacement[] = extra.map((k) => {
    const { name, value, location } = k.credentials as Extract<OutboundCredentials, { type: 'api-key' }>;
    return { name, value, location };
  });
  const credentials: OutboundCredentials = placements.length
    ? { ...primary.credentials, extra_keys: placements }
    : primary.credentials;
  return [{ credentials, source: joined.map((f) => f.source).join(', ') }, ...dropped];
}

/** The `_notice` text for detected credentials; names where they came from, never the values. */
export function describeCredentialNotice(found: DetectedCredential[]): string | undefined {
  const first = found[0];
  if (!first) return undefined;
  const extra = first.credentials.extra_keys?.length ?? 0;
  const kind = `${first.credentials.type}${extra ? ` + ${extra} more key${extra > 1 ? 's' : ''}` : ''}`;
  let text =
    `Credentials detected (${first.source}; ${kind}) were saved as this server's test ` +
    'credentials only and removed from the tool. Configure production authentication on the server separately.';
  if (found.length > 1)
    text += ` Also removed but not saved (one test credential per server): ${found
      .slice(1)
      .map((f) => f.source)
      .join(', ')}.`;
  return text;
}
