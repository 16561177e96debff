import type { OutboundCredentials } from '../servers/credentials.ts';
import type { DetectedCredential } from './types.ts';

/*
 * What counts as a credential in an imported request. Header names are matched per segment
 * so that `X-Auth-Token` and `user-token` count while `Authority` or `X-API-Version` do not.
 */
const CREDENTIAL_HEADER = /(^|[-_])(api[-_]?key|apikey|token|secret|auth|access[-_]?key|password)([-_]|$)/i;
const CREDENTIAL_QUERY =
  /^(api[-_]?key|apikey|key|access[-_]?token|token|auth[-_]?token|auth|client[-_]?secret|secret|password|sig|signature)$/i;

export function isCredentialHeader(name: string): boolean {
  return name.toLowerCase() === 'authorization' || CREDENTIAL_HEADER.test(name);
}

export function isCredentialQuery(name: string): boolean {
  return CREDENTIAL_QUERY.test(name);
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

export function basicCredential(username: string, password: string, source: string): DetectedCredential {
  return { credentials: { type: 'basic', username, password }, source };
}

/** The `_notice` text for detected credentials; names where they came from, never the values. */
export function describeCredentialNotice(found: DetectedCredential[]): string | undefined {
  const first = found[0];
  if (!first) return undefined;
  const kind = (c: OutboundCredentials) => c.type;
  let text =
    `Credentials detected (${first.source}, ${kind(first.credentials)}) were saved as this server's test ` +
    'credentials only and removed from the tool. Configure production authentication on the server separately.';
  if (found.length > 1)
    text += ` Also removed but not saved (one test credential per server): ${found
      .slice(1)
      .map((f) => f.source)
      .join(', ')}.`;
  return text;
}
