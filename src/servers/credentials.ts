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
  | PerUserAuth
) & { extra_keys?: KeyPlacement[] };

/**
 * Per-user outbound auth (issue 35): the server holds only how to obtain each person's own
 * credential; the credential itself is in that person's connection (connections/vault.ts).
 * - `oauth2-authorization-code`: each person connects their account at the provider (PKCE);
 * - `personal-token`: each person types their own token on Toolgate's connect page;
 * - `token-exchange`: the caller's company-IdP token is exchanged there (RFC 8693) per call.
 * The provider is named by its endpoints, or by `issuer` (its discovery document).
 */
export type PerUserAuth =
  | {
      type: 'oauth2-authorization-code';
      issuer?: string;
      authorization_url?: string;
      token_url?: string;
      client_id: string;
      client_secret: string;
      scope?: string;
      /** PKCE S256, on unless a provider refuses it. */
      pkce?: boolean;
    }
  | {
      type: 'personal-token';
      /** `bearer` (Authorization header), a named `header`, or a `query` parameter. */
      location: 'bearer' | 'header' | 'query';
      name?: string;
      /** Shown on the connect page: where a person gets their token. */
      instructions?: string;
    }
  | {
      type: 'token-exchange';
      issuer?: string;
      token_url?: string;
      client_id: string;
      client_secret: string;
      audience?: string;
      resource?: string;
      scope?: string;
      subject_token_type?: string;
    };

export const PER_USER_AUTH_TYPES = ['oauth2-authorization-code', 'personal-token', 'token-exchange'] as const;

export function isPerUser(creds: OutboundCredentials | null | undefined): creds is PerUserAuth {
  return (
    creds !== null && creds !== undefined && (PER_USER_AUTH_TYPES as readonly string[]).includes(creds.type)
  );
}

/** What an administrator sees of a per-user configuration: everything but the client secret. */
export function describePerUserAuth(creds: PerUserAuth): Record<string, unknown> {
  const { client_secret: _secret, ...rest } = creds as PerUserAuth & { client_secret?: string };
  return rest;
}

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
  ...PER_USER_AUTH_TYPES,
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
    case 'oauth2-authorization-code':
    case 'token-exchange':
    case 'personal-token':
      return parsePerUser(field, v, type);
    default:
      throw invalidParams({
        [field]: 'unrecognised credential format: use bearer, api-key, basic or OAuth2 fields',
      });
  }
}

const httpUrl = (v: unknown): v is string => str(v) && /^https?:\/\//.test(v);

/** A per-user configuration, checked field by field; 400 naming the field otherwise. */
function parsePerUser(field: string, v: Record<string, unknown>, type: PerUserAuth['type']): PerUserAuth {
  const optional = (name: string): Record<string, string> => {
    const value = v[name];
    if (value === undefined || value === null || value === '') return {};
    if (typeof value !== 'string') throw invalidParams({ [`${field}.${name}`]: 'must be a string' });
    return { [name]: value };
  };
  const url = (name: string): Record<string, string> => {
    const value = v[name];
    if (value === undefined || value === null || value === '') return {};
    if (!httpUrl(value)) throw invalidParams({ [`${field}.${name}`]: 'must be an http(s) URL' });
    return { [name]: value };
  };
  if (type === 'personal-token') {
    const location = v.location ?? 'bearer';
    if (location !== 'bearer' && location !== 'header' && location !== 'query')
      throw invalidParams({ [`${field}.location`]: 'must be bearer, header or query' });
    if (location !== 'bearer' && !str(v.name))
      throw invalidParams({ [`${field}.name`]: `names the ${location} that carries the token` });
    return { type, location, ...optional('name'), ...optional('instructions') };
  }
  if (!str(v.client_id) || !str(v.client_secret))
    throw invalidParams({ [field]: `${type} needs "client_id" and "client_secret"` });
  const common: { client_id: string; client_secret: string; [k: string]: string } = {
    client_id: v.client_id,
    client_secret: v.client_secret,
    ...url('issuer'),
    ...url('token_url'),
    ...optional('scope'),
  };
  if (!common.issuer && !common.token_url)
    throw invalidParams({ [field]: `${type} needs "token_url" (or "issuer" for discovery)` });
  if (type === 'oauth2-authorization-code') {
    const endpoints = url('authorization_url');
    if (!common.issuer && !endpoints.authorization_url)
      throw invalidParams({ [field]: `${type} needs "authorization_url" (or "issuer" for discovery)` });
    if (v.pkce !== undefined && typeof v.pkce !== 'boolean')
      throw invalidParams({ [`${field}.pkce`]: 'must be true or false' });
    return { type, ...common, ...endpoints, ...(v.pkce === false ? { pkce: false } : {}) };
  }
  return { type, ...common, ...optional('audience'), ...url('resource'), ...optional('subject_token_type') };
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
  /** A per-user configuration: each call uses its caller's own credential (connections/). */
  perUser: boolean;
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
        perUser: isPerUser(test),
      };
  }
  const production = openCredentials(secrets, server, 'auth_credentials');
  return production
    ? {
        creds: production,
        field: 'auth_credentials',
        origins: server.auth_credentials_origins ?? [],
        perUser: isPerUser(production),
      }
    : null;
}
