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
import { ROLES } from '../lib/people-form.ts';
import { href } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { keyState } from './my-keys.tsx';

export function Keys() {
  const { me, signOut } = useAuth();
  const list = useLoad(() => api<ApiKey[]>('GET', '/keys'), []);
  const [name, setName] = useState('');
  const [role, setRole] = useState('editor');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<ApiKey & { secret: string }>();
  const [revokeError, setRevokeError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const local: Record<string, string> = {};
  if (!name.trim()) local.name = 'required';
  if (expires && Number.isNaN(Date.parse(expires))) local.expires_at = 'a date';
  else if (expires && Date.parse(expires) <= Date.now()) local.expires_at = 'must be in the future';
  const validation = useFormErrors(local);
  const { errors } = validation;

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    try {
      setCreated(
        await api('POST', '/keys', {
          name: name.trim(),
          role,
          ...(expires ? { expires_at: new Date(expires).toISOString() } : {}),
        }),
      );
      setName('');
      setExpires('');
      validation.reset();
      list.reload();
    } catch (e2) {
      validation.fail(e2);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <h1>API keys</h1>
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
      <form className="card form" onSubmit={create} {...validation.formProps} aria-label="New API key">
        <h2>New key</h2>
        <ErrorSummary errors={errors} apiError={validation.apiError} />
        <ErrorNotice error={validation.apiError} fields={false} />
        <div className="grid">
          <Field label="Name *" name="name" error={errors.name}>
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Role" hint={ROLES.find(([r]) => r === role)?.[1]} name="role" error={errors.role}>
            <select value={role} onChange={(e) => setRole(e.target.value)}>
              {ROLES.map(([r]) => (
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
      {list.data && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Role</th>
                <th scope="col" className="hide-phone">
                  Owner
                </th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
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
                      {k.name} {k.prefix === me.prefix && <span className="tag">you</span>}
                    </td>
                    <td>
                      <code>{k.prefix}…</code>
                    </td>
                    <td title={k.capabilities.join(', ')}>{k.role}</td>
                    <td className="hide-phone">
                      {k.owner ? (
                        <a href={href('users', k.owner.id)} title={k.owner.email}>
                          {k.owner.display_name || k.owner.email}
                        </a>
                      ) : (
                        <span className="muted">nobody</span>
                      )}
                    </td>
                    <td className="small">{formatDate(k.created_at)}</td>
                    <td className="small">{formatDate(k.last_used_at)}</td>
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
                          Revoke
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
          onConfirm={async () => {
            try {
              await api('DELETE', `/keys/${revoking.uuid}`);
              if (revoking.prefix === me.prefix) return signOut();
              list.reload();
            } catch (e) {
              setRevokeError(e);
            }
            setRevoking(null);
          }}
        >
          <p>
            Scripts and people using <code>{revoking.prefix}…</code> get 401 from now on.
            {revoking.prefix === me.prefix &&
              ' This is the key you are signed in with: you will be signed out.'}
          </p>
        </Confirm>
      )}
    </section>
  );
}
