/**
 * Per-user outbound auth in the server form: each person connects their own account, so the
 * server keeps only how to obtain each person's credential (src/servers/credentials.ts
 * `PerUserAuth`). The record answers that configuration as `per_user_auth`, without the client
 * secret; the API takes it back whole in `auth_credentials`, secret included, so any change to a
 * kind with a client secret needs the secret typed again.
 */
import type { OutboundChoice, PerUserKind, Server } from '../api/types.ts';
import type { FieldSpec } from './server-form.ts';

export const PER_USER_KINDS: readonly PerUserKind[] = [
  'oauth2-authorization-code',
  'personal-token',
  'token-exchange',
];

export function isPerUserKind(type: OutboundChoice | string | undefined): type is PerUserKind {
  return (PER_USER_KINDS as readonly string[]).includes(type ?? '');
}

/** How each kind reads in the outbound auth choice. */
export const PER_USER_LABELS: Record<PerUserKind, string> = {
  'oauth2-authorization-code': 'each person connects their account (OAuth authorization code)',
  'personal-token': 'each person enters their own token',
  'token-exchange': "each person's sign-in token is exchanged (RFC 8693)",
};

const ISSUER_HINT = "the provider's issuer URL: its discovery document names the endpoints";

/** The fields of each kind, in form order. `pkce` is `on`/`off`; every value is text. */
export const PER_USER_FIELDS: Record<PerUserKind, FieldSpec[]> = {
  'oauth2-authorization-code': [
    { name: 'authorization_url', label: 'Authorization URL', hint: 'not needed with an issuer' },
    { name: 'token_url', label: 'Token URL', hint: 'not needed with an issuer' },
    { name: 'issuer', label: 'Issuer (discovery)', hint: `instead of the two URLs: ${ISSUER_HINT}` },
    { name: 'client_id', label: 'Client ID', required: true },
    { name: 'client_secret', label: 'Client secret', secret: true, required: true },
    { name: 'scope', label: 'Scope', hint: 'space-separated, as the provider names them' },
    {
      name: 'pkce',
      label: 'PKCE (S256)',
      options: ['on', 'off'],
      hint: 'off only for a provider that refuses it',
    },
  ],
  'personal-token': [
    { name: 'location', label: 'Token sent as', options: ['bearer', 'header', 'query'] },
    { name: 'name', label: 'Header or query parameter name', hint: 'required for header or query' },
    {
      name: 'instructions',
      label: 'Instructions',
      hint: 'shown where people enter their token: where they create one, which scopes it needs',
    },
  ],
  'token-exchange': [
    { name: 'token_url', label: 'Token URL', hint: 'not needed with an issuer' },
    { name: 'issuer', label: 'Issuer (discovery)', hint: `instead of the token URL: ${ISSUER_HINT}` },
    { name: 'client_id', label: 'Client ID', required: true },
    { name: 'client_secret', label: 'Client secret', secret: true, required: true },
    { name: 'audience', label: 'Audience', hint: 'the target service, if the provider asks for one' },
    { name: 'resource', label: 'Resource', hint: 'an http(s) URL, if the provider asks for one' },
    { name: 'scope', label: 'Scope' },
    {
      name: 'subject_token_type',
      label: 'Subject token type',
      hint: 'default urn:ietf:params:oauth:token-type:access_token',
    },
  ],
};

const URL_FIELDS = ['authorization_url', 'token_url', 'issuer', 'resource'];
const isHttpUrl = (v: string) => /^https?:\/\/[^\s/]+/i.test(v.trim());
const hasSecret = (kind: PerUserKind) => kind !== 'personal-token';

/** The form's values of a stored configuration (`per_user_auth`); the secret stays blank. */
export function perUserValues(config: Server['per_user_auth']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!config) return out;
  for (const [key, value] of Object.entries(config)) {
    if (key === 'type' || key === 'client_secret') continue;
    if (key === 'pkce') out.pkce = value === false ? 'off' : 'on';
    else if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** The `auth_credentials` object the API takes for a per-user kind: typed values only. */
export function perUserCredentials(
  kind: PerUserKind,
  values: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { type: kind };
  for (const f of PER_USER_FIELDS[kind]) {
    const v = values[f.name]?.trim();
    if (!v || f.name === 'pkce') continue;
    out[f.name] = v;
  }
  if (kind === 'personal-token') {
    out.location = values.location?.trim() || 'bearer';
    if (out.location === 'bearer') delete out.name;
  }
  if (kind === 'oauth2-authorization-code') out.pkce = values.pkce !== 'off';
  return out;
}

/** Whether the typed configuration differs from the stored one (the secret aside). */
export function perUserChanged(
  kind: PerUserKind,
  values: Record<string, string>,
  existing?: Server,
): boolean {
  const stored = existing?.per_user_auth;
  if (!stored || stored.type !== kind) return true;
  const { client_secret: _typed, ...typed } = perUserCredentials(kind, values);
  return JSON.stringify(typed) !== JSON.stringify(perUserCredentials(kind, perUserValues(stored)));
}

/** Field → reason for a per-user kind (keys `auth_credentials.<field>`); empty when it can be sent. */
export function validatePerUser(
  kind: PerUserKind,
  values: Record<string, string>,
  existing?: Server,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const at = (name: string, reason: string) => {
    errors[`auth_credentials.${name}`] = reason;
  };
  const value = (name: string) => values[name]?.trim() ?? '';
  for (const name of URL_FIELDS)
    if (value(name) && !isHttpUrl(value(name))) at(name, 'must be an http(s) URL');
  if (kind === 'personal-token') {
    const location = value('location') || 'bearer';
    if (location !== 'bearer' && !value('name')) at('name', `names the ${location} that carries the token`);
    return errors;
  }
  if (!value('client_id')) at('client_id', 'required');
  if (!value('issuer')) {
    if (!value('token_url')) at('token_url', 'required without an issuer');
    if (kind === 'oauth2-authorization-code' && !value('authorization_url'))
      at('authorization_url', 'required without an issuer');
  }
  if (hasSecret(kind) && !value('client_secret') && perUserChanged(kind, values, existing))
    at(
      'client_secret',
      existing?.per_user_auth?.type === kind ? 'required again to save a change' : 'required',
    );
  return errors;
}

/** Whether the form should send `auth_credentials` for this kind: new, changed, or a new secret. */
export function sendsPerUser(kind: PerUserKind, values: Record<string, string>, existing?: Server): boolean {
  return perUserChanged(kind, values, existing) || Boolean(values.client_secret?.trim());
}

/**
 * The redirect URI to register at the provider: Toolgate's `/connect/callback` at its public
 * base URL, read from the server's endpoint (`{base}/mcp/{slug}`); for a new server, beside the
 * admin UI (`{base}/admin/`).
 */
export function redirectUri(endpointUrl: string | undefined, adminUrl = window.location.href): string {
  if (endpointUrl && /\/mcp\/[^/]+\/?$/.test(endpointUrl))
    return endpointUrl.replace(/\/mcp\/[^/]+\/?$/, '/connect/callback');
  return new URL('../connect/callback', adminUrl.split('#')[0]).href;
}
