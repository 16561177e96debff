/**
 * The server form's state, its validation (as you type) and the PATCH/POST body it sends.
 * Secrets are write-only: an empty secret field keeps what is stored.
 */
import type {
  InboundAuth,
  OutboundAuth,
  OutboundChoice,
  PerUserKind,
  Server,
  ServerStatus,
  ToolExposure,
} from '../api/types.ts';
import { type CodeForm, checkCodeForm, codeSettings, codeToForm, emptyCodeForm } from './code-mode.ts';
import {
  isPerUserKind,
  perUserCredentials,
  perUserValues,
  sendsPerUser,
  validatePerUser,
} from './per-user-auth.ts';
import { MIN_INBOUND_SECRET_CHARS } from './secret-token.ts';
import { checkWholeNumber } from './whole-number.ts';

/** The shared kinds (the per-user ones have their own fields, lib/per-user-auth.ts). */
export type CredentialType = Exclude<OutboundAuth, 'none' | PerUserKind>;

export interface FieldSpec {
  name: string;
  label: string;
  secret?: boolean;
  required?: boolean;
  options?: string[];
  hint?: string;
  /** Fewest characters the API accepts (inbound secrets). */
  minLength?: number;
  /** Offer a Generate button that fills a random token. */
  generate?: boolean;
}

/** Inbound `auth_config` fields per `auth_type` (DESIGN §4). */
export const INBOUND_FIELDS: Record<InboundAuth, FieldSpec[]> = {
  none: [],
  bearer: [
    {
      name: 'token',
      label: 'Token clients must send',
      secret: true,
      required: true,
      minLength: MIN_INBOUND_SECRET_CHARS,
      generate: true,
    },
  ],
  'api-key': [
    { name: 'name', label: 'Header or query parameter name', hint: 'default X-API-Key' },
    { name: 'location', label: 'Sent in', options: ['header', 'query'] },
    {
      name: 'value',
      label: 'Key value',
      secret: true,
      required: true,
      minLength: MIN_INBOUND_SECRET_CHARS,
      generate: true,
    },
  ],
  basic: [
    { name: 'username', label: 'Username', required: true },
    {
      name: 'password',
      label: 'Password',
      secret: true,
      required: true,
      minLength: MIN_INBOUND_SECRET_CHARS,
    },
  ],
  // With an external authorization server (`oauthIssuer: 'external'`); Toolgate's own reads only the scopes.
  oauth: [
    {
      name: 'authorization_servers',
      label: 'Authorization server URLs',
      required: true,
      hint: 'comma-separated issuer URLs',
    },
    { name: 'audience', label: 'Audience', hint: 'default: the endpoint URL' },
    { name: 'jwks_uri', label: 'JWKS URL', hint: 'default: discovered from the issuer' },
    { name: 'required_scopes', label: 'Required scopes', hint: 'comma-separated' },
  ],
};

/** Credential fields per type (the spec's Authentication §5, plus OAuth2 client credentials). */
export const CREDENTIAL_FIELDS: Record<CredentialType, FieldSpec[]> = {
  bearer: [{ name: 'token', label: 'Token', secret: true, required: true }],
  'api-key': [
    { name: 'name', label: 'Header or query parameter name', required: true },
    { name: 'value', label: 'Key value', secret: true, required: true },
    { name: 'location', label: 'Sent in', options: ['header', 'query'] },
  ],
  basic: [
    { name: 'username', label: 'Username', required: true },
    { name: 'password', label: 'Password', secret: true, required: true },
  ],
  'oauth2-client-credentials': [
    { name: 'token_url', label: 'Token URL', required: true },
    { name: 'client_id', label: 'Client ID', required: true },
    { name: 'client_secret', label: 'Client secret', secret: true, required: true },
    { name: 'scope', label: 'Scope' },
  ],
};

/** Non-secret outbound details stored in `outbound_auth_config`. */
export const OUTBOUND_CONFIG_FIELDS: Partial<Record<OutboundAuth, FieldSpec[]>> = {
  'api-key': [
    { name: 'name', label: 'Header or query parameter name' },
    { name: 'location', label: 'Sent in', options: ['header', 'query'] },
  ],
  'oauth2-client-credentials': [
    { name: 'token_url', label: 'Token URL' },
    { name: 'scopes', label: 'Scopes', hint: 'comma-separated' },
  ],
};

/** Who issues the tokens of an `oauth` server: Toolgate itself, or an authorization server the operator runs. */
export type OAuthIssuer = 'toolgate' | 'external';
/** Whom a tool's rate limit counts: every caller together, or each signed-in person. */
export type ToolLimitScope = 'tool' | 'user';

export interface ServerForm extends CodeForm {
  name: string;
  description: string;
  status: ServerStatus;
  auth_type: InboundAuth;
  auth_config: Record<string, string>;
  /** For `oauth`: Toolgate signs people in (no external issuer), or an external authorization server. */
  oauth_issuer: OAuthIssuer;
  /** Who may use a server Toolgate signs people in to: everyone signed in, or only the listed. */
  access: 'everyone' | 'listed';
  access_users: string[];
  access_groups: string[];
  tool_limit_scope: ToolLimitScope;
  /** A shared credential type, or a per-user kind (then `credentials` holds its fields). */
  outbound_auth_type: OutboundChoice;
  outbound_auth_config: Record<string, string>;
  credentials: Record<string, string>;
  credentials_clear: boolean;
  test_type: CredentialType;
  test_credentials: Record<string, string>;
  test_credentials_clear: boolean;
  /** Comma-separated origins each credential set may be sent to. */
  credentials_origins: string;
  test_credentials_origins: string;
  cors_origins: string;
  rate_limit_per_min: string;
  tool_exposure: ToolExposure;
  /** Discovery settings kept in `settings`; empty = the default. */
  token_budget: string;
  tool_name_limit: string;
  description_budget: string;
  /** Estimated tokens of a tool result, for tools that set none (empty = default 10,000). */
  max_output_tokens: string;
}

const asText = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : v == null ? '' : String(v));

function textRecord(
  config: Record<string, unknown> | null | undefined,
  fields: FieldSpec[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields)
    if (!f.secret && config?.[f.name] !== undefined) out[f.name] = asText(config[f.name]);
  return out;
}

export function emptyServerForm(defaultRateLimit = 60): ServerForm {
  return {
    name: '',
    description: '',
    status: 'active',
    auth_type: 'none',
    auth_config: {},
    oauth_issuer: 'toolgate',
    access: 'everyone',
    access_users: [],
    access_groups: [],
    tool_limit_scope: 'tool',
    outbound_auth_type: 'none',
    outbound_auth_config: {},
    credentials: {},
    credentials_clear: false,
    test_type: 'bearer',
    test_credentials: {},
    test_credentials_clear: false,
    credentials_origins: '',
    test_credentials_origins: '',
    cors_origins: '',
    rate_limit_per_min: String(defaultRateLimit),
    tool_exposure: 'auto',
    token_budget: '',
    tool_name_limit: '',
    description_budget: '',
    max_output_tokens: '',
    ...emptyCodeForm(),
  };
}

/**
 * Whether a server signs people in through Toolgate: `oauth` naming no external issuer (the
 * API's rule, src/oauth-server/resources.ts).
 */
export function usesToolgateSignIn(s: Pick<Server, 'auth_type' | 'auth_config'>): boolean {
  if (s.auth_type !== 'oauth') return false;
  const c = s.auth_config ?? {};
  const external = Array.isArray(c.authorization_servers) ? c.authorization_servers.length : 0;
  return external === 0 && !(typeof c.issuer === 'string' && c.issuer !== '');
}

/** A server's inbound auth in a word or three, as the servers list shows it. */
export function inboundLabel(s: Pick<Server, 'auth_type' | 'auth_config' | 'access_list'>): string {
  if (!usesToolgateSignIn(s)) return s.auth_type;
  return s.access_list ? 'Toolgate sign-in, listed people' : 'Toolgate sign-in';
}

/** The inbound fields the form shows and sends: Toolgate's own sign-in needs no issuer details. */
export function inboundFields(form: Pick<ServerForm, 'auth_type' | 'oauth_issuer'>): FieldSpec[] {
  const fields = INBOUND_FIELDS[form.auth_type];
  return form.auth_type === 'oauth' && form.oauth_issuer === 'toolgate'
    ? fields.filter((f) => f.name === 'required_scopes')
    : fields;
}

/** The outbound choice of a stored server: its per-user kind, else its shared type. */
function outboundOf(s: Server): OutboundChoice {
  const kind = s.per_user_auth?.type;
  return isPerUserKind(kind as string) ? (kind as OutboundChoice) : s.outbound_auth_type;
}

export function serverToForm(s: Server): ServerForm {
  const access = s.access_list;
  const outbound = outboundOf(s);
  const perUser = isPerUserKind(outbound);
  return {
    ...emptyServerForm(s.rate_limit_per_min),
    name: s.name,
    description: s.settings?.description ?? '',
    status: s.status,
    auth_type: s.auth_type,
    auth_config: textRecord(s.auth_config, INBOUND_FIELDS[s.auth_type]),
    // A server of another type that turns to oauth starts with Toolgate's sign-in, as a new one does.
    oauth_issuer: s.auth_type === 'oauth' && !usesToolgateSignIn(s) ? 'external' : 'toolgate',
    access: access ? 'listed' : 'everyone',
    access_users: access?.users ?? [],
    access_groups: access?.groups ?? [],
    tool_limit_scope: s.settings?.tool_limit_scope === 'user' ? 'user' : 'tool',
    outbound_auth_type: outbound,
    outbound_auth_config: perUser
      ? {}
      : textRecord(s.outbound_auth_config, OUTBOUND_CONFIG_FIELDS[s.outbound_auth_type]),
    // A per-user configuration is shown (its secret blank); shared credentials are never read back.
    credentials: perUser ? perUserValues(s.per_user_auth) : {},
    test_type: outbound === 'none' || isPerUserKind(outbound) ? 'bearer' : outbound,
    credentials_origins: asText(s.auth_credentials_origins),
    test_credentials_origins: asText(s.test_auth_credentials_origins),
    cors_origins: s.cors_origins ?? '',
    tool_exposure: s.tool_exposure ?? 'all',
    token_budget: asText(s.settings?.token_budget),
    tool_name_limit: asText(s.settings?.tool_name_limit),
    description_budget: asText(s.settings?.description_budget),
    max_output_tokens: asText(s.settings?.max_output_tokens),
    ...codeToForm(s),
  };
}

const filled = (r: Record<string, string>) => Object.values(r).some((v) => v.trim() !== '');
const isHttpUrl = (v: string) => /^https?:\/\/[^\s/]+/i.test(v.trim());

function checkCredentials(
  errors: Record<string, string>,
  prefix: string,
  type: CredentialType,
  values: Record<string, string>,
): void {
  if (!filled(values)) return;
  for (const f of CREDENTIAL_FIELDS[type])
    if (f.required && !values[f.name]?.trim()) errors[`${prefix}.${f.name}`] = 'required';
  if (type === 'oauth2-client-credentials' && values.token_url && !isHttpUrl(values.token_url))
    errors[`${prefix}.token_url`] = 'must be an http(s) URL';
}

/** Field → reason; empty when the form can be sent. `existing` is the stored server when editing. */
export function validateServerForm(form: ServerForm, existing?: Server): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'required';
  else if (form.name.length > 200) errors.name = 'at most 200 characters';
  if (form.description.length > 5000) errors.description = 'at most 5000 characters';
  const bounded = (key: keyof ServerForm & string, min: number, max: number, optional = true) => {
    const text = String(form[key]);
    const reason = optional && text.trim() === '' ? undefined : checkWholeNumber(text, min, max);
    if (reason) errors[key] = reason;
  };
  bounded('token_budget', 0, 10_000_000);
  bounded('tool_name_limit', 20, 64);
  bounded('description_budget', 100, 100_000);
  bounded('max_output_tokens', 0, 1_000_000);
  Object.assign(errors, checkCodeForm(form));
  bounded('rate_limit_per_min', 0, 1_000_000, false);
  for (const key of ['credentials_origins', 'test_credentials_origins'] as const) {
    const bad = splitOrigins(form[key]).find((o) => !/^https?:\/\/[^/\s?#@]+\/?$/i.test(o));
    if (bad !== undefined) errors[key] = `"${bad}" is not an origin such as https://api.example.com`;
  }
  for (const origin of form.cors_origins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/i.test(origin)) {
      errors.cors_origins = `"${origin}" is not an origin such as https://app.example.com`;
      break;
    }
  }
  // A secret already stored for the same type may stay blank.
  const keepsSecrets = existing?.auth_type === form.auth_type;
  for (const f of inboundFields(form)) {
    const value = form.auth_config[f.name]?.trim() ?? '';
    if (f.required && !value && !(f.secret && keepsSecrets) && !(keepsSecrets && f.name === 'username'))
      errors[`auth_config.${f.name}`] = 'required';
    else if (value && f.minLength && value.length < f.minLength)
      errors[`auth_config.${f.name}`] = `at least ${f.minLength} characters`;
  }
  if (form.auth_type === 'oauth' && form.oauth_issuer === 'external') {
    const urls = (form.auth_config.authorization_servers ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    if (urls.some((u) => !isHttpUrl(u)))
      errors['auth_config.authorization_servers'] = 'each must be an http(s) URL';
    if (form.auth_config.jwks_uri && !isHttpUrl(form.auth_config.jwks_uri))
      errors['auth_config.jwks_uri'] = 'must be an http(s) URL';
  }
  if (isPerUserKind(form.outbound_auth_type))
    Object.assign(errors, validatePerUser(form.outbound_auth_type, form.credentials, existing));
  else if (form.outbound_auth_type !== 'none')
    checkCredentials(errors, 'auth_credentials', form.outbound_auth_type, form.credentials);
  checkCredentials(errors, 'test_auth_credentials', form.test_type, form.test_credentials);
  return errors;
}

function credentialString(type: CredentialType, values: Record<string, string>): string {
  const out: Record<string, string> = { type };
  for (const f of CREDENTIAL_FIELDS[type]) {
    const v = values[f.name]?.trim();
    if (v) out[f.name] = v;
  }
  if (type === 'api-key' && !out.location) out.location = 'header';
  return JSON.stringify(out);
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function inboundConfig(form: ServerForm): Record<string, unknown> | null {
  const c = form.auth_config;
  switch (form.auth_type) {
    case 'none':
      return null;
    case 'oauth':
      // No issuer named: Toolgate's own authorization server issues the tokens.
      if (form.oauth_issuer === 'toolgate')
        return { authorization_servers: [], required_scopes: list(c.required_scopes) };
      return {
        authorization_servers: list(c.authorization_servers),
        ...(c.audience?.trim() ? { audience: c.audience.trim() } : {}),
        ...(c.jwks_uri?.trim() ? { jwks_uri: c.jwks_uri.trim() } : {}),
        required_scopes: list(c.required_scopes),
      };
    default: {
      const out: Record<string, string> = {};
      for (const f of INBOUND_FIELDS[form.auth_type]) if (c[f.name]?.trim()) out[f.name] = c[f.name]!.trim();
      return out;
    }
  }
}

function outboundConfig(form: ServerForm): Record<string, unknown> | null {
  if (isPerUserKind(form.outbound_auth_type)) return null;
  const fields = OUTBOUND_CONFIG_FIELDS[form.outbound_auth_type];
  if (!fields) return null;
  const c = form.outbound_auth_config;
  if (form.outbound_auth_type === 'oauth2-client-credentials')
    return { ...(c.token_url?.trim() ? { token_url: c.token_url.trim() } : {}), scopes: list(c.scopes) };
  const out: Record<string, string> = {};
  for (const f of fields) if (c[f.name]?.trim()) out[f.name] = c[f.name]!.trim();
  return out;
}

/** The `access_list` the form means: null for everyone signed in. */
export function accessList(form: ServerForm): { users: string[]; groups: string[] } | null {
  return form.access === 'everyone' ? null : { users: form.access_users, groups: form.access_groups };
}

function splitOrigins(text: string): string[] {
  return text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** The same origins, whatever the order, case or a trailing `/`. */
function sameOrigins(a: readonly string[], b: readonly string[]): boolean {
  const norm = (list: readonly string[]) =>
    JSON.stringify([...new Set(list.map((o) => o.toLowerCase().replace(/\/$/, '')))].sort());
  return norm(a) === norm(b);
}

/** The body for POST /servers (no `existing`) or PATCH /servers/{id} (only what changed). */
export function serverBody(form: ServerForm, existing?: Server): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const put = (key: string, value: unknown, before: unknown) => {
    if (!existing || JSON.stringify(value) !== JSON.stringify(before)) body[key] = value;
  };
  put('name', form.name.trim(), existing?.name);
  put('description', form.description, existing?.settings?.description ?? '');
  put('status', form.status, existing?.status);
  put('cors_origins', form.cors_origins.trim(), existing?.cors_origins ?? '');
  put('rate_limit_per_min', Number(form.rate_limit_per_min), existing?.rate_limit_per_min);
  put('tool_exposure', form.tool_exposure, existing ? (existing.tool_exposure ?? 'all') : undefined);
  const settings: Record<string, unknown> = {};
  for (const key of ['token_budget', 'tool_name_limit', 'description_budget', 'max_output_tokens'] as const) {
    const typed = form[key].trim();
    if (typed !== '' && Number(typed) !== existing?.settings?.[key]) settings[key] = Number(typed);
  }
  if (form.tool_limit_scope !== (existing?.settings?.tool_limit_scope ?? 'tool'))
    settings.tool_limit_scope = form.tool_limit_scope;
  // Settings merge one level deep, so `settings.code` is replaced whole: it goes when anything in
  // it changed, holding every value set (the defaults left out).
  const code = codeSettings(form);
  if (
    JSON.stringify(code) !== JSON.stringify(codeSettings(existing ? codeToForm(existing) : emptyCodeForm()))
  )
    settings.code = code;
  if (Object.keys(settings).length > 0) body.settings = settings;
  // Inbound: send the config when the type or issuer changes or a value was typed (blank secrets keep what is stored).
  const stored = existing ? serverToForm(existing) : undefined;
  const typedInbound =
    JSON.stringify(form.auth_config) !== JSON.stringify(stored?.auth_config ?? {}) ||
    (form.auth_type === 'oauth' && form.oauth_issuer !== stored?.oauth_issuer);
  if (!existing || existing.auth_type !== form.auth_type || typedInbound) {
    body.auth_type = form.auth_type;
    if (form.auth_type !== 'none') body.auth_config = inboundConfig(form);
  }
  // The access list matters only where Toolgate signs people in; elsewhere the stored one is kept.
  if (form.auth_type === 'oauth' && form.oauth_issuer === 'toolgate') {
    const list = accessList(form);
    if (JSON.stringify(list) !== JSON.stringify(existing?.access_list ?? null)) body.access_list = list;
  }
  // A per-user kind is set by its `auth_credentials` (their `type`); `outbound_auth_type` names shared ones.
  const kind = form.outbound_auth_type;
  const wasPerUser = Boolean(existing?.per_user_auth);
  if (!isPerUserKind(kind) && (!existing || existing.outbound_auth_type !== kind || wasPerUser))
    body.outbound_auth_type = kind;
  const outCfg = outboundConfig(form);
  if (
    outCfg &&
    (!existing || JSON.stringify(outCfg) !== JSON.stringify(outboundConfig(serverToForm(existing))))
  )
    body.outbound_auth_config = outCfg;
  if (isPerUserKind(kind)) {
    if (sendsPerUser(kind, form.credentials, existing))
      body.auth_credentials = perUserCredentials(kind, form.credentials);
  } else if (form.credentials_clear) body.auth_credentials = '';
  else if (kind !== 'none' && filled(form.credentials))
    body.auth_credentials = credentialString(kind, form.credentials);
  // Leaving a per-user kind: its configuration must not linger behind a shared type.
  else if (wasPerUser) body.auth_credentials = '';
  if (form.test_credentials_clear) body.test_auth_credentials = '';
  else if (filled(form.test_credentials))
    body.test_auth_credentials = credentialString(form.test_type, form.test_credentials);
  // Origin lists go only when changed (an editor may change one only with its secret: 403 otherwise).
  const origins = [
    [
      'auth_credentials',
      form.credentials_origins,
      existing?.auth_credentials_origins,
      existing?.has_auth_credentials,
    ],
    [
      'test_auth_credentials',
      form.test_credentials_origins,
      existing?.test_auth_credentials_origins,
      existing?.has_test_credentials,
    ],
  ] as const;
  for (const [field, typed, stored, isSet] of origins) {
    if (body[field] === '' || !(body[field] !== undefined || isSet)) continue;
    const list = splitOrigins(typed);
    if (sameOrigins(list, stored ?? [])) continue;
    body[`${field}_origins`] = list;
  }
  return body;
}
