import type { SecretBox } from '../auth/secret-box.ts';
import { ApiError, invalidParams } from '../errors.ts';
import type { ServerRecord } from '../store/servers.repo.ts';

/** Where an API key goes: a header, a query parameter, a cookie, or a top-level field of a JSON or form body. */
export const KEY_LOCATIONS = ['header', 'query', 'cookie', 'body'] as const;
export type KeyLocation = (typeof KEY_LOCATIONS)[number];

/** One secret value and where the request carries it. */
export interface KeyPlacement {
  name: string;
  value: string;
  location: KeyLocation;
}

export const MAX_EXTRA_KEYS = 20;

/**
 * Outbound credentials (spec Authentication §5, plus OAuth2 client credentials). `extra_keys`
 * carries further secrets sent with the set (a cURL command with `?key=…&token=…`, or a bearer
 * token plus a session cookie): an import moves every secret it finds here, never into the tool.
 */
export type OutboundCredentials = (
  | { type: 'bearer'; token: string }
  | ({ type: 'api-key' } & KeyPlacement)
  | { type: 'basic'; username: string; password: string }
  | {
      type: 'oauth2-client-credentials';
      token_url: string;
      client_id: string;
      client_secret: string;
      scope?: string;
      audience?: string;
    }
) & { extra_keys?: KeyPlacement[] };

const isKeyLocation = (v: unknown): v is KeyLocation => KEY_LOCATIONS.includes(v as KeyLocation);

/** The `extra_keys` of a credential object, checked; 400 naming the entry otherwise. */
function readExtraKeys(field: string, input: unknown): { extra_keys?: KeyPlacement[] } {
  if (input === undefined || input === null) return {};
  if (!Array.isArray(input) || input.length > MAX_EXTRA_KEYS)
    throw invalidParams({ [`${field}.extra_keys`]: `must be an array of at most ${MAX_EXTRA_KEYS} keys` });
  const keys = input.map((entry: unknown, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    if (!str(e.name) || !str(e.value) || !isKeyLocation(e.location))
      throw invalidParams({
        [`${field}.extra_keys[${i}]`]: `needs "name", "value" and "location" (${KEY_LOCATIONS.join(', ')})`,
      });
    return { name: e.name, value: e.value, location: e.location };
  });
  return keys.length > 0 ? { extra_keys: keys } : {};
}

export const OUTBOUND_AUTH_TYPES = [
  'none',
  'bearer',
  'api-key',
  'basic',
  'oauth2-client-credentials',
] as const;

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * Validates credentials given as a JSON-encoded string (or an object) and returns them typed.
 * The type comes from an explicit `type`, else the server's outbound auth type, else the shape.
 * Errors name the field and never echo the secret.
 */
export function parseCredentials(
  field: string,
  input: unknown,
  hintType?: string,
): OutboundCredentials | null {
  let value = input;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    try {
      value = JSON.parse(value);
    } catch {
      throw invalidParams({ [field]: 'must be a JSON-encoded object' });
    }
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams({ [field]: 'must be a JSON object' });
  const v = value as Record<string, unknown>;
  const inferred = str(v.token)
    ? 'bearer'
    : str(v.client_id) || str(v.token_url)
      ? 'oauth2-client-credentials'
      : str(v.username) || 'password' in v
        ? 'basic'
        : 'value' in v || 'name' in v
          ? 'api-key'
          : undefined;
  const type =
    (str(v.type) ? v.type : undefined) ??
    (hintType && hintType !== 'none' ? hintType : undefined) ??
    inferred;
  const extra = readExtraKeys(field, v.extra_keys);
  const typed = parseTyped(field, v, type);
  return typed && extra.extra_keys ? { ...typed, ...extra } : typed;
}

function parseTyped(field: string, v: Record<string, unknown>, type: unknown): OutboundCredentials | null {
  switch (type) {
    case 'bearer':
      if (!str(v.token)) throw invalidParams({ [field]: 'bearer credentials need a non-empty "token"' });
      return { type, token: v.token };
    case 'api-key': {
      const location = v.location ?? 'header';
      if (!str(v.name) || !str(v.value) || !isKeyLocation(location))
        throw invalidParams({
          [field]: `API-key credentials need "name", "value" and "location" (${KEY_LOCATIONS.join(', ')})`,
        });
      return { type, name: v.name, value: v.value, location };
    }
    case 'basic':
      if (!str(v.username) || typeof v.password !== 'string')
        throw invalidParams({ [field]: 'basic credentials need "username" and "password"' });
      return { type, username: v.username, password: v.password };
    case 'oauth2-client-credentials': {
      if (
        !str(v.token_url) ||
        !/^https?:\/\//.test(v.token_url) ||
        !str(v.client_id) ||
        !str(v.client_secret)
      )
        throw invalidParams({
          [field]: 'OAuth2 client credentials need "token_url" (http/https), "client_id" and "client_secret"',
        });
      return {
        type,
        token_url: v.token_url,
        client_id: v.client_id,
        client_secret: v.client_secret,
        ...(str(v.scope) ? { scope: v.scope } : {}),
        ...(str(v.audience) ? { audience: v.audience } : {}),
      };
    }
    default:
      throw invalidParams({
        [field]: 'unrecognised credential format: use bearer, api-key, basic or OAuth2 fields',
      });
  }
}

function aad(server: Pick<ServerRecord, 'uuid'>, field: string): string {
  return `server:${server.uuid}:${field}`;
}

export function sealCredentials(
  secrets: SecretBox,
  server: Pick<ServerRecord, 'uuid'>,
  field: 'auth_credentials' | 'test_auth_credentials',
  creds: OutboundCredentials | null,
): string | null {
  return creds ? secrets.seal(JSON.stringify(creds), aad(server, field)) : null;
}

export function openCredentials(
  secrets: SecretBox,
  server: Pick<ServerRecord, 'uuid' | 'auth_credentials' | 'test_auth_credentials'>,
  field: 'auth_credentials' | 'test_auth_credentials',
): OutboundCredentials | null {
  const envelope = server[field];
  if (!envelope) return null;
  const plain = secrets.open(envelope, aad(server, field));
  if (plain === null)
    throw new ApiError(
      'svc_credentials_unreadable',
      'Stored credentials cannot be decrypted with the current secret key.',
    );
  return JSON.parse(plain) as OutboundCredentials;
}

/** A credential set opened for a call, with the origins it may be sent to. */
export interface ResolvedCredentials {
  creds: OutboundCredentials;
  /** Which set: the test one, or the production one (also when test credentials fall back to it). */
  field: 'auth_credentials' | 'test_auth_credentials';
  /** Origins the set may be sent to; empty while it is unbound (servers/credential-origins.ts). */
  origins: readonly string[];
}

/**
 * The credentials a tool call uses: test ones (falling back to production ones) when
 * `useTest`, else production ones; null when the server has none.
 */
export function resolveCredentials(
  secrets: SecretBox,
  server: ServerRecord,
  useTest: boolean,
): ResolvedCredentials | null {
  if (useTest) {
    const test = openCredentials(secrets, server, 'test_auth_credentials');
    if (test)
      return {
        creds: test,
        field: 'test_auth_credentials',
        origins: server.test_auth_credentials_origins ?? [],
      };
  }
  const production = openCredentials(secrets, server, 'auth_credentials');
  return production
    ? { creds: production, field: 'auth_credentials', origins: server.auth_credentials_origins ?? [] }
    : null;
}
