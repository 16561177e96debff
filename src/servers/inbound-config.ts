import type { SecretBox } from '../auth/secret-box.ts';
import { invalidParams } from '../errors.ts';

export const INBOUND_AUTH_TYPES = ['none', 'bearer', 'api-key', 'basic', 'oauth'] as const;
export type InboundAuthType = (typeof INBOUND_AUTH_TYPES)[number];

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * Shortest inbound secret (bearer token, api-key value, basic password) a server accepts, as for
 * TOOLGATE_ADMIN_KEY: an MCP endpoint is often reachable from other hosts, and a short secret
 * can be guessed even at 30 failed attempts a minute. Checked when a secret is set, so servers
 * saved before keep working.
 */
export const MIN_INBOUND_SECRET_CHARS = 16;

const SECRET_LABELS: Record<string, string> = {
  token: 'bearer token',
  value: 'API key value',
  password: 'password',
};

/** A new secret for `auth_config.<field>`, refused (400 naming it) when shorter than the minimum. */
function checkSecretLength(field: 'token' | 'value' | 'password', secret: string): string {
  if (secret.length < MIN_INBOUND_SECRET_CHARS)
    throw invalidParams(
      {
        [`auth_config.${field}`]: `must be at least ${MIN_INBOUND_SECRET_CHARS} characters (got ${secret.length}); a random one: openssl rand -hex 24`,
      },
      `The inbound ${SECRET_LABELS[field]} is too short: at least ${MIN_INBOUND_SECRET_CHARS} characters.`,
    );
  return secret;
}

/** The `auth_config` fields each inbound auth type reads. */
const INBOUND_FIELDS: Record<Exclude<InboundAuthType, 'none'>, string[]> = {
  bearer: ['token'],
  'api-key': ['name', 'location', 'value'],
  basic: ['username', 'password'],
  oauth: ['authorization_servers', 'issuer', 'audience', 'jwks_uri', 'required_scopes'],
};

/**
 * Turns the `auth_config` an operator sends into what is stored: secrets are replaced by keyed
 * hashes (`token_hash`, `value_hash`, `password_hash`). When `input` is absent the existing
 * config is kept if it suits the type.
 */
export function storeInboundConfig(
  secrets: SecretBox,
  type: InboundAuthType,
  input: unknown,
  existing: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (type === 'none') return null;
  if (input === undefined || input === null) {
    if (existing && existing.type === type) return existing;
    // A new `oauth` server without a config uses Toolgate's own authorization server.
    if (type === 'oauth') return storeInboundConfig(secrets, type, {}, null);
    throw invalidParams({ auth_config: `required for auth_type "${type}"` });
  }
  if (typeof input !== 'object' || Array.isArray(input))
    throw invalidParams({ auth_config: 'must be an object' });
  const c = input as Record<string, unknown>;
  // The route schema knows every field of every type; which ones a type uses depends on it.
  const unused = Object.keys(c).filter((key) => !INBOUND_FIELDS[type].includes(key));
  if (unused.length > 0)
    throw invalidParams(
      Object.fromEntries(unused.map((key) => [`auth_config.${key}`, `is not used by auth_type "${type}"`])),
    );
  const keep = existing?.type === type ? existing : {};
  switch (type) {
    case 'bearer':
      if (str(c.token)) return { type, token_hash: secrets.mac(checkSecretLength('token', c.token)) };
      if (keep.token_hash) return keep;
      throw invalidParams({ 'auth_config.token': 'required' });
    case 'api-key': {
      const name = str(c.name) ? c.name : ((keep.name as string | undefined) ?? 'X-API-Key');
      const location = c.location ?? keep.location ?? 'header';
      if (location !== 'header' && location !== 'query')
        throw invalidParams({ 'auth_config.location': 'must be header or query' });
      const value_hash = str(c.value) ? secrets.mac(checkSecretLength('value', c.value)) : keep.value_hash;
      if (!value_hash) throw invalidParams({ 'auth_config.value': 'required' });
      return { type, name, location, value_hash };
    }
    case 'basic': {
      const username = str(c.username) ? c.username : keep.username;
      const password_hash =
        typeof c.password === 'string' && c.password !== ''
          ? secrets.mac(checkSecretLength('password', c.password))
          : keep.password_hash;
      if (!str(username)) throw invalidParams({ 'auth_config.username': 'required' });
      if (!password_hash) throw invalidParams({ 'auth_config.password': 'required' });
      return { type, username, password_hash };
    }
    case 'oauth': {
      const scopes = c.required_scopes ?? [];
      if (!Array.isArray(scopes) || !scopes.every(str))
        throw invalidParams({ 'auth_config.required_scopes': 'must be an array of strings' });
      // No external issuer named: Toolgate's own authorization server issues the tokens.
      const named =
        c.authorization_servers !== undefined &&
        !(Array.isArray(c.authorization_servers) && c.authorization_servers.length === 0);
      if (!named && !str(c.issuer))
        return {
          type,
          authorization_servers: [],
          issuer: null,
          audience: null,
          jwks_uri: null,
          required_scopes: scopes,
        };
      const servers = c.authorization_servers ?? (str(c.issuer) ? [c.issuer] : undefined);
      if (!Array.isArray(servers) || servers.length === 0 || !servers.every(str))
        throw invalidParams({
          'auth_config.authorization_servers': 'at least one authorization server URL is required',
        });
      if (c.jwks_uri !== undefined && !(str(c.jwks_uri) && /^https?:\/\//.test(c.jwks_uri)))
        throw invalidParams({ 'auth_config.jwks_uri': 'must be an http(s) URL' });
      return {
        type,
        authorization_servers: servers,
        issuer: str(c.issuer) ? c.issuer : servers[0],
        audience: str(c.audience) ? c.audience : null,
        jwks_uri: str(c.jwks_uri) ? c.jwks_uri : null,
        required_scopes: scopes,
      };
    }
  }
}

/** What a read shows: never a hash, only `*_set: true` placeholders. */
export function presentInboundConfig(stored: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!stored) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'type') continue;
    if (key.endsWith('_hash')) out[`${key.slice(0, -5)}_set`] = true;
    else out[key] = value;
  }
  return out;
}
