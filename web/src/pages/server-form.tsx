import { type FormEvent, useState } from 'react';
import { api } from '../api/client.ts';
import type { InboundAuth, OutboundAuth, OutboundChoice, Server } from '../api/types.ts';
import { AccessListFields } from '../components/access-list-fields.tsx';
import { Choices } from '../components/choices.tsx';
import { CodeModeFields } from '../components/code-mode-fields.tsx';
import { ConfigFields } from '../components/config-fields.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Checkbox, Field } from '../components/field.tsx';
import { OpenServerNote } from '../components/open-server-note.tsx';
import { PerUserAuthFields } from '../components/per-user-auth-fields.tsx';
import { EXPOSURES, toolsListTokens } from '../lib/exposure.ts';
import { useFormErrors } from '../lib/form-errors.ts';
import { isPerUserKind, PER_USER_KINDS } from '../lib/per-user-auth.ts';
import {
  CREDENTIAL_FIELDS,
  type CredentialType,
  emptyServerForm,
  type ServerForm as Form,
  inboundFields,
  OUTBOUND_CONFIG_FIELDS,
  serverBody,
  serverToForm,
  validateServerForm,
} from '../lib/server-form.ts';

const INBOUND: InboundAuth[] = ['none', 'bearer', 'api-key', 'basic', 'oauth'];
const OUTBOUND: OutboundAuth[] = ['none', 'bearer', 'api-key', 'basic', 'oauth2-client-credentials'];
const CREDENTIAL_TYPES = OUTBOUND.filter((t): t is CredentialType => t !== 'none');

/** Create (no `server`) or edit every field of the PATCH table. */
export function ServerFormView({ server, onSaved }: { server?: Server; onSaved(server: Server): void }) {
  const [form, setForm] = useState<Form>(() => (server ? serverToForm(server) : emptyServerForm()));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const validation = useFormErrors(validateServerForm(form, server));
  const { errors } = validation;
  const err = (f: string) => errors[f];
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (!validation.check()) return;
    setBusy(true);
    try {
      const body = serverBody(form, server);
      const result = server
        ? await api<Server>('PATCH', `/servers/${server.uuid}`, body)
        : await api<Server>('POST', '/servers', body);
      setSaved(true);
      setForm((f) => ({ ...serverToForm(result), test_type: f.test_type }));
      validation.reset();
      onSaved(result);
    } catch (e2) {
      validation.fail(e2);
    } finally {
      setBusy(false);
    }
  };

  const at = (key: string) => ({ name: key, error: err(key) });
  // Up front: what the inbound auth cannot work without; its optional details wait in Advanced.
  const optionalInbound = inboundFields(form).filter((f) => !f.required);
  const toolgateSignIn = form.auth_type === 'oauth' && form.oauth_issuer === 'toolgate';
  // The form checks `credentials_origins`; the API names `auth_credentials_origins`.
  const originsKey = (apiKey: string, localKey: string) => (err(apiKey) ? apiKey : localKey);
  const kind = form.outbound_auth_type;

  return (
    <form
      className="form"
      onSubmit={submit}
      {...validation.formProps}
      aria-label={server ? 'Edit server' : 'New server'}
    >
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <fieldset>
        <legend>General</legend>
        <div className="grid">
          <Field label="Name *" {...at('name')}>
            <input value={form.name} onChange={(e) => set({ name: e.target.value })} />
          </Field>
          <Field label="Status" hint="paused answers 503; draft is hidden (404)" {...at('status')}>
            <select value={form.status} onChange={(e) => set({ status: e.target.value as Form['status'] })}>
              <option>active</option>
              <option>paused</option>
              <option>draft</option>
            </select>
          </Field>
          <Field label="Description" wide {...at('description')}>
            <textarea
              rows={2}
              value={form.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Who may call the MCP endpoint (inbound auth)</legend>
        <div className="grid">
          <Field label="Auth type" {...at('auth_type')}>
            <select
              value={form.auth_type}
              onChange={(e) => set({ auth_type: e.target.value as InboundAuth, auth_config: {} })}
            >
              {INBOUND.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
          {form.auth_type === 'oauth' && (
            <div className="field field-wide">
              <Choices
                label="Who signs people in"
                value={form.oauth_issuer}
                onChange={(oauth_issuer) => set({ oauth_issuer })}
                choices={[
                  {
                    value: 'toolgate',
                    label: 'Sign-in through Toolgate',
                    hint: 'people sign in with their Toolgate account; MCP clients find the sign-in from the endpoint URL alone',
                  },
                  {
                    value: 'external',
                    label: 'External authorization server',
                    hint: 'tokens from an issuer you run, for this endpoint as audience',
                  },
                ]}
              />
            </div>
          )}
          <ConfigFields
            fields={inboundFields(form).filter((f) => f.required)}
            values={form.auth_config}
            onChange={(auth_config) => set({ auth_config })}
            errors={errors}
            prefix="auth_config"
            secretHint={
              server?.auth_type === form.auth_type
                ? 'stored as a hash; leave blank to keep it'
                : 'stored as a hash'
            }
          />
        </div>
        {form.auth_type === 'none' && <OpenServerNote />}
      </fieldset>

      {toolgateSignIn && <AccessListFields value={form} onChange={(patch) => set(patch)} errors={errors} />}

      <fieldset>
        <legend>How tools authenticate upstream (outbound auth)</legend>
        <div className="grid">
          <Field label="Outbound auth type" {...at('outbound_auth_type')}>
            <select
              value={form.outbound_auth_type}
              onChange={(e) =>
                set({
                  outbound_auth_type: e.target.value as OutboundChoice,
                  outbound_auth_config: {},
                  // Back to the stored kind: its stored settings again; another kind starts empty.
                  credentials:
                    server && e.target.value === serverToForm(server).outbound_auth_type
                      ? serverToForm(server).credentials
                      : {},
                })
              }
            >
              <optgroup label="Shared: one credential for every caller">
                {OUTBOUND.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </optgroup>
              <optgroup label="Per user: each person's own credential">
                {PER_USER_KINDS.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </optgroup>
            </select>
          </Field>
          {kind !== 'none' && !isPerUserKind(kind) && (
            <ConfigFields
              fields={OUTBOUND_CONFIG_FIELDS[kind] ?? []}
              values={form.outbound_auth_config}
              onChange={(outbound_auth_config) => set({ outbound_auth_config })}
              errors={errors}
              prefix="outbound_auth_config"
            />
          )}
        </div>
        {isPerUserKind(kind) && (
          <>
            <h3 className="subhead">
              Per-user sign-in{' '}
              <span className="muted small">
                {server?.per_user_auth?.type === kind ? '(configured)' : '(not configured)'}
              </span>
            </h3>
            <div className="grid">
              <PerUserAuthFields
                kind={kind}
                values={form.credentials}
                onChange={(credentials) => set({ credentials })}
                errors={errors}
                server={server}
                signedIn={form.auth_type === 'oauth'}
              />
              <OriginsField
                value={form.credentials_origins}
                onChange={(credentials_origins) => set({ credentials_origins })}
                {...at(originsKey('auth_credentials_origins', 'credentials_origins'))}
              />
            </div>
          </>
        )}
        {kind !== 'none' && !isPerUserKind(kind) && (
          <>
            <h3 className="subhead">
              Production credentials{' '}
              <span className="muted small">{server?.has_auth_credentials ? '(set)' : '(not set)'}</span>
            </h3>
            <div className="grid">
              <ConfigFields
                fields={CREDENTIAL_FIELDS[kind]}
                values={form.credentials}
                onChange={(credentials) => set({ credentials, credentials_clear: false })}
                errors={errors}
                prefix="auth_credentials"
                markRequired={false}
                secretHint="encrypted at rest, never shown again; leave blank to keep"
              />
              <OriginsField
                value={form.credentials_origins}
                onChange={(credentials_origins) => set({ credentials_origins })}
                {...at(originsKey('auth_credentials_origins', 'credentials_origins'))}
              />
            </div>
            {server?.has_auth_credentials && (
              <Checkbox
                label="Clear the stored production credentials"
                checked={form.credentials_clear}
                onChange={(v) => set({ credentials_clear: v })}
              />
            )}
          </>
        )}
        {server && (
          <>
            <h3 className="subhead">
              Test credentials{' '}
              <span className="muted small">
                {server.has_test_credentials
                  ? '(set)'
                  : isPerUserKind(kind)
                    ? "(not set: the Test action uses the tester's own connection)"
                    : '(not set: tests fall back to production credentials)'}
              </span>
            </h3>
            <div className="grid">
              <Field label="Test credential type">
                <select
                  value={form.test_type}
                  onChange={(e) => set({ test_type: e.target.value as CredentialType, test_credentials: {} })}
                >
                  {CREDENTIAL_TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </Field>
              <ConfigFields
                fields={CREDENTIAL_FIELDS[form.test_type]}
                values={form.test_credentials}
                onChange={(test_credentials) => set({ test_credentials, test_credentials_clear: false })}
                errors={errors}
                prefix="test_auth_credentials"
                markRequired={false}
                secretHint="encrypted at rest, never shown again; leave blank to keep"
              />
              <OriginsField
                value={form.test_credentials_origins}
                onChange={(test_credentials_origins) => set({ test_credentials_origins })}
                {...at(originsKey('test_auth_credentials_origins', 'test_credentials_origins'))}
              />
            </div>
            {server.has_test_credentials && (
              <Checkbox
                label="Clear the stored test credentials"
                checked={form.test_credentials_clear}
                onChange={(v) => set({ test_credentials_clear: v })}
              />
            )}
          </>
        )}
      </fieldset>

      {/* Open when editing: a server's settings page shows everything; a new server starts with the basics. */}
      <details className="advanced" open={server ? true : undefined}>
        <summary>
          Advanced settings{' '}
          <span className="muted small">
            rate limits, tool exposure and token budgets, CORS
            {optionalInbound.length > 0 ? ', inbound auth details' : ''}
          </span>
        </summary>
        <div className="grid">
          <Field
            label="Rate limit per minute"
            hint="requests per caller: a signed-in person, else the client's address; 0 means unlimited"
            {...at('rate_limit_per_min')}
          >
            <input
              inputMode="numeric"
              value={form.rate_limit_per_min}
              onChange={(e) => set({ rate_limit_per_min: e.target.value })}
            />
          </Field>
          <Field
            label="Tool rate limits count"
            hint="a tool's own limit per minute: every caller together, or each signed-in person on their own"
            {...at('settings.tool_limit_scope')}
          >
            <select
              value={form.tool_limit_scope}
              onChange={(e) => set({ tool_limit_scope: e.target.value as Form['tool_limit_scope'] })}
            >
              <option value="tool">all callers together</option>
              <option value="user">per person</option>
            </select>
          </Field>
          <Field
            label="Tool exposure"
            hint={
              <>
                {EXPOSURES.find((x) => x.value === form.tool_exposure)?.hint}
                {toolsListTokens(server) && (
                  <>
                    <br />
                    {toolsListTokens(server)}
                  </>
                )}
              </>
            }
            {...at('tool_exposure')}
          >
            <select
              value={form.tool_exposure}
              onChange={(e) => set({ tool_exposure: e.target.value as Form['tool_exposure'] })}
            >
              {EXPOSURES.map((x) => (
                <option key={x.value} value={x.value}>
                  {x.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Token budget"
            hint="auto serves the search/describe/call meta-tools once the active tools' definitions exceed this many estimated tokens (default 20000)"
            {...at('token_budget')}
          >
            <input
              inputMode="numeric"
              placeholder="20000"
              value={form.token_budget}
              onChange={(e) => set({ token_budget: e.target.value })}
            />
          </Field>
          <Field
            label="Tool name limit"
            hint="20–64 characters; Cursor: 60 (default 64)"
            {...at('tool_name_limit')}
          >
            <input
              inputMode="numeric"
              value={form.tool_name_limit}
              onChange={(e) => set({ tool_name_limit: e.target.value })}
            />
          </Field>
          <Field
            label="Description budget"
            hint="characters of a description in tools/list (default 1000)"
            {...at('description_budget')}
          >
            <input
              inputMode="numeric"
              value={form.description_budget}
              onChange={(e) => set({ description_budget: e.target.value })}
            />
          </Field>
          <Field
            label="Max output tokens"
            hint="estimated tokens a tool result may take, for tools that set none: longer lists keep their first items with a note on paging, longer text is cut at a line (default 10000; 0 = no limit)"
            {...at('max_output_tokens')}
          >
            <input
              inputMode="numeric"
              placeholder="10000"
              value={form.max_output_tokens}
              onChange={(e) => set({ max_output_tokens: e.target.value })}
            />
          </Field>
          <Field
            label="CORS origins"
            hint="comma-separated, e.g. https://app.example.com; empty allows all"
            {...at('cors_origins')}
          >
            <input value={form.cors_origins} onChange={(e) => set({ cors_origins: e.target.value })} />
          </Field>
        </div>
        {form.tool_exposure === 'code' && (
          <CodeModeFields value={form} onChange={(patch) => set(patch)} errors={errors} server={server} />
        )}
        {optionalInbound.length > 0 && (
          <>
            <h3 className="subhead">Inbound auth details ({form.auth_type})</h3>
            <div className="grid">
              <ConfigFields
                fields={optionalInbound}
                values={form.auth_config}
                onChange={(auth_config) => set({ auth_config })}
                errors={errors}
                prefix="auth_config"
              />
            </div>
          </>
        )}
      </details>

      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : server ? 'Save changes' : 'Create server'}
        </button>
        {saved && (
          <span role="status" className="ok">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}

/** Where a credential set may be sent (`*_credentials_origins`); the API's rule in the hint. */
function OriginsField({
  value,
  onChange,
  name,
  error,
}: {
  value: string;
  onChange(value: string): void;
  name: string;
  error?: string;
}) {
  return (
    <Field
      name={name}
      label="Sent only to"
      hint="comma-separated origins, e.g. https://api.example.com; a tool at another origin is refused these credentials. Empty: the origins of the server's tools when the credentials are saved (none yet: unbound until an administrator adds a tool). Changing it without re-entering the secret needs an administrator key"
      error={error}
    >
      <input value={value} placeholder="https://api.example.com" onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
