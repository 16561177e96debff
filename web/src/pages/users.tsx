import { type FormEvent, useState } from 'react';
import { api, apiPage } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { formatDate } from '../lib/format.ts';
import { checkEmail, checkPassword, describeRole, MIN_PASSWORD, ROLES } from '../lib/people-form.ts';
import { href } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';

/** The people who may sign in: a list, and a form that adds one (administrators only). */
export function Users() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<User>();
  const list = useLoad(() => apiPage<User>('/users', { page, per_page: 20 }), [page]);
  const { user: signedIn } = useAuth();

  return (
    <section>
      <div className="page-head">
        <h1>Users</h1>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setCreating((c) => !c)}
          aria-expanded={creating}
        >
          {creating ? 'Close' : 'New user'}
        </button>
      </div>
      {created && (
        <p className="notice notice-ok" role="status">
          <strong>{created.email}</strong> added
          {created.has_password
            ? ': they sign in with the password you set. Give it to them privately.'
            : ': with no password, they sign in through the identity provider, or once you set one.'}
        </p>
      )}
      {creating && (
        <NewUser
          onCreated={(user) => {
            setCreated(user);
            setCreating(false);
            list.reload();
          }}
        />
      )}
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Busy />}
      {list.data && (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col" className="hide-phone">
                    Groups
                  </th>
                  <th scope="col" className="hide-phone">
                    Signs in with
                  </th>
                  <th scope="col" className="hide-phone">
                    Last sign-in
                  </th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((u) => (
                  <tr key={u.id}>
                    <td>
                      <a href={href('users', u.id)}>{u.display_name || u.email}</a>
                      {u.id === signedIn?.id && <span className="tag">you</span>}
                      {u.display_name && u.display_name !== u.email && (
                        <div className="muted small">{u.email}</div>
                      )}
                    </td>
                    <td>{u.role ?? <span className="muted">none</span>}</td>
                    <td className="hide-phone">
                      {u.groups.map((g) => (
                        <span className="tag" key={g.id}>
                          {g.name}
                        </span>
                      ))}
                    </td>
                    <td className="hide-phone">{signInWays(u)}</td>
                    <td className="small hide-phone">{formatDate(u.last_sign_in_at)}</td>
                    <td>
                      <span className={`badge badge-${u.disabled ? 'inactive' : 'active'}`}>
                        {u.disabled ? 'disabled' : 'active'}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={list.data.totalPages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** "password", "identity provider", both, or "no way yet" (an administrator sets a password). */
export function signInWays(user: Pick<User, 'has_password' | 'external'>): string {
  const ways = [user.has_password && 'password', user.external && 'identity provider'].filter(Boolean);
  return ways.length ? ways.join(', ') : 'no way yet';
}

function NewUser({ onCreated }: { onCreated(user: User): void }) {
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState('editor');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const local: Record<string, string> = {};
  const emailProblem = checkEmail(email);
  if (emailProblem) local.email = emailProblem;
  const passwordProblem = checkPassword(password);
  if (passwordProblem) local.password = passwordProblem;
  const validation = useFormErrors(local);
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    try {
      const user = await api<User>('POST', '/users', {
        email: email.trim(),
        ...(displayName.trim() ? { display_name: displayName.trim() } : {}),
        ...(role ? { role } : {}),
        ...(password ? { password } : {}),
      });
      onCreated(user);
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} {...validation.formProps} aria-label="New user">
      <h2>New user</h2>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <div className="grid">
        <Field label="E-mail *" name="email" error={errors.email}>
          <input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Display name" hint="optional" name="display_name" error={errors.display_name}>
          <input value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        </Field>
        <Field label="Role" hint={describeRole(role)} name="role" error={errors.role}>
          <select value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">none (groups only)</option>
            {ROLES.map(([r]) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </Field>
        <Field
          label="Password"
          hint={`optional, at least ${MIN_PASSWORD} characters; without one they sign in through the identity provider`}
          name="password"
          error={errors.password}
        >
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Adding…' : 'Add user'}
      </button>
    </form>
  );
}
