import { type FormEvent, useState } from 'react';
import { api } from '../api/client.ts';
import type { ApiKey } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { CopyButton } from '../components/copy-button.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Field } from '../components/field.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { formatDate } from '../lib/format.ts';
import { rolesWithin } from '../lib/people-form.ts';
import { useLoad } from '../lib/use-load.ts';

/** The signed-in person's own API keys: create (the secret shown once) and revoke. */
export function MyKeys() {
  const { can, me, via, signOut } = useAuth();
  const roles = rolesWithin(can);
  const list = useLoad(() => api<ApiKey[]>('GET', '/me/keys'), []);
  const [name, setName] = useState('');
  const [role, setRole] = useState(roles[roles.length > 1 ? 1 : 0]?.[0] ?? '');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<ApiKey & { secret: string }>();
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeError, setRevokeError] = useState<unknown>();
  const local: Record<string, string> = {};
  if (!name.trim()) local.name = 'required';
  if (expires && Number.isNaN(Date.parse(expires))) local.expires_at = 'a date';
  else if (expires && Date.parse(expires) <= Date.now()) local.expires_at = 'must be in the future';
  const validation = useFormErrors(local);
  const { errors } = validation;
  const signedInWith = (k: ApiKey) => via === 'key' && k.prefix === me.prefix;

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    try {
      setCreated(
        await api('POST', '/me/keys', {
          name: name.trim(),
          ...(role ? { role } : {}),
          ...(expires ? { expires_at: new Date(expires).toISOString() } : {}),
        }),
      );
      setName('');
      setExpires('');
      validation.reset();
      list.reload();
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (key: ApiKey) => {
    setRevokeError(undefined);
    try {
      await api('DELETE', `/me/keys/${key.uuid}`);
      if (signedInWith(key)) return signOut();
      list.reload();
    } catch (err) {
      setRevokeError(err);
    }
    setRevoking(null);
  };

  return (
    <section className="card" aria-labelledby="my-keys">
      <h2 id="my-keys">My API keys</h2>
      <p className="muted small">
        For scripts and agents acting as you. A key never does more than you may, and stops working if your
        account is disabled.
      </p>
      {created && (
        <div className="notice notice-ok" role="status">
          <p>
            <strong>Key “{created.name}” created.</strong> Copy it now: it is shown once and stored only as a
            hash.
          </p>
          <p className="copy-line">
            <code className="secret" data-testid="new-secret">
              {created.secret}
            </code>{' '}
            <CopyButton text={created.secret} />
          </p>
          <button type="button" className="btn btn-small" onClick={() => setCreated(undefined)}>
            I have stored it
          </button>
        </div>
      )}
      <form className="form" onSubmit={create} {...validation.formProps} aria-label="New key of mine">
        <ErrorSummary errors={errors} apiError={validation.apiError} />
        <ErrorNotice error={validation.apiError} fields={false} />
        <div className="grid">
          <Field label="Key name *" name="name" error={errors.name}>
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Role" hint={roles.find(([r]) => r === role)?.[1]} name="role" error={errors.role}>
            <select value={role} onChange={(e) => setRole(e.target.value)}>
              {roles.map(([r]) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </Field>
          <Field label="Expires" hint="optional" name="expires_at" error={errors.expires_at}>
            <input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
          </Field>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </form>
      <ErrorNotice error={list.error ?? revokeError} />
      {list.loading && !list.data && <Busy />}
      {list.data && list.data.length === 0 && <p className="muted">You have no keys.</p>}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">My API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="hide-phone">
                  Prefix
                </th>
                <th scope="col" className="hide-phone">
                  Role
                </th>
                <th scope="col" className="hide-phone">
                  Last used
                </th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((k) => {
                const state = keyState(k);
                return (
                  <tr key={k.uuid}>
                    <td>
                      {k.name} {signedInWith(k) && <span className="tag">this tab</span>}
                    </td>
                    <td className="hide-phone">
                      <code>{k.prefix}…</code>
                    </td>
                    <td className="hide-phone">{k.role}</td>
                    <td className="small hide-phone">{formatDate(k.last_used_at)}</td>
                    <td>
                      <span className={`badge badge-${state}`}>{state}</span>
                    </td>
                    <td>
                      {state === 'active' && (
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          onClick={() => setRevoking(k)}
                        >
                          Revoke<span className="sr-only"> {k.name}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <Confirm
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke key"
          onCancel={() => setRevoking(null)}
          onConfirm={() => revoke(revoking)}
        >
          <p>
            Scripts using <code>{revoking.prefix}…</code> get 401 from now on.
            {signedInWith(revoking) && ' This is the key this tab is signed in with: you will be signed out.'}
          </p>
        </Confirm>
      )}
    </section>
  );
}

export function keyState(k: Pick<ApiKey, 'revoked_at' | 'expires_at'>): 'revoked' | 'expired' | 'active' {
  if (k.revoked_at) return 'revoked';
  return k.expires_at && Date.parse(k.expires_at) <= Date.now() ? 'expired' : 'active';
}
