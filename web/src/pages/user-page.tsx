import { type FormEvent, useState } from 'react';
import { api } from '../api/client.ts';
import type { Grant, User, WebSession } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { Confirm } from '../components/confirm.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Checkbox, Field } from '../components/field.tsx';
import { GrantsSection } from '../components/grants-section.tsx';
import { SaveBar } from '../components/save-bar.tsx';
import { SessionsTable } from '../components/sessions-table.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { formatDate } from '../lib/format.ts';
import { checkPassword, describeRole, MIN_PASSWORD, ROLES } from '../lib/people-form.ts';
import { navigate } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { signInWays } from './users.tsx';

/** One person, for an administrator: name, role, disabled, a new password, their sessions, delete. */
export function UserPage({ id }: { id: string }) {
  const user = useLoad(() => api<User>('GET', `/users/${id}`), [id]);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const { user: signedIn } = useAuth();
  const u = user.data;

  if (user.error) return <ErrorNotice error={user.error} />;
  if (!u) return <Busy />;
  const self = signedIn?.id === u.id;
  const name = u.display_name || u.email;

  const remove = async () => {
    setBusy(true);
    try {
      await api('DELETE', `/users/${u.id}`);
      navigate('/users');
    } catch (err) {
      setDeleteError(err);
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href="#/users">Users</a> / <span>{name}</span>
      </nav>
      <div className="page-head">
        <h1>
          {name}{' '}
          <span className={`badge badge-${u.disabled ? 'inactive' : 'active'}`}>
            {u.disabled ? 'disabled' : 'active'}
          </span>
        </h1>
      </div>
      <dl className="kv card">
        <div>
          <dt>E-mail</dt>
          <dd>{u.email}</dd>
        </div>
        <div>
          <dt>Signs in with</dt>
          <dd>{signInWays(u)}</dd>
        </div>
        <div>
          <dt>Groups</dt>
          <dd>{u.groups.map((g) => g.name).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>May</dt>
          <dd>{u.capabilities.join(', ') || 'nothing'}</dd>
        </div>
        <div>
          <dt>Last sign-in</dt>
          <dd>{formatDate(u.last_sign_in_at)}</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>{formatDate(u.created_at)}</dd>
        </div>
      </dl>
      <ProfileForm user={u} self={self} onSaved={user.reload} />
      <PasswordReset user={u} onSaved={user.reload} />
      <UserSessions user={u} self={self} />
      <GrantsSection
        title="Apps they allowed"
        load={() => api<Grant[]>('GET', '/grants').then((all) => all.filter((g) => g.user?.id === u.id))}
        revokePath={(g) => `/grants/${encodeURIComponent(g.id)}`}
        empty="They have allowed no app to act as them."
        whose={u.email}
      />
      <section className="danger-zone" aria-labelledby="danger">
        <h2 id="danger">Delete this user</h2>
        {self ? (
          <p className="muted">You cannot delete yourself; another administrator can.</p>
        ) : (
          <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
            Delete user…
          </button>
        )}
        <ErrorNotice error={deleteError} />
      </section>
      {deleting && (
        <Confirm
          title={`Delete “${name}”?`}
          confirmLabel="Delete user"
          busy={busy}
          onCancel={() => setDeleting(false)}
          onConfirm={remove}
        >
          <p>
            {u.email} is signed out everywhere and their API keys stop working. Call logs keep what they
            recorded.
          </p>
        </Confirm>
      )}
    </section>
  );
}

function ProfileForm({ user, self, onSaved }: { user: User; self: boolean; onSaved(): void }) {
  const [displayName, setDisplayName] = useState(user.display_name ?? '');
  const [role, setRole] = useState(user.role ?? '');
  const [disabled, setDisabled] = useState(user.disabled);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const validation = useFormErrors({});
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!validation.check()) return;
    const patch: Record<string, unknown> = {};
    if (displayName.trim() !== (user.display_name ?? '')) patch.display_name = displayName.trim();
    if (role !== (user.role ?? '')) patch.role = role || null;
    if (disabled !== user.disabled) patch.disabled = disabled;
    if (Object.keys(patch).length === 0) return setSaved('Nothing changed.');
    setBusy(true);
    try {
      await api('PATCH', `/users/${user.id}`, patch);
      setSaved(disabled && !user.disabled ? 'Saved: they are signed out and cannot sign in.' : 'Saved.');
      validation.reset();
      onSaved();
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} {...validation.formProps} aria-label="Profile">
      <h2>Profile and role</h2>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <div className="grid">
        <Field label="Display name" name="display_name" error={errors.display_name}>
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
      </div>
      <Checkbox
        label="Disabled"
        hint={
          self
            ? 'You cannot disable yourself.'
            : 'A disabled user cannot sign in, is signed out everywhere, and their keys stop working.'
        }
        checked={disabled}
        disabled={self}
        onChange={setDisabled}
      />
      <SaveBar label="Save changes" busy={busy} saved={saved} />
    </form>
  );
}

function PasswordReset({ user, onSaved }: { user: User; onSaved(): void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const local: Record<string, string> = {};
  const problem = checkPassword(password, { required: true });
  if (problem) local.password = problem;
  const validation = useFormErrors(local);
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!validation.check()) return;
    setBusy(true);
    try {
      await api('PATCH', `/users/${user.id}`, { password });
      setPassword('');
      validation.reset();
      setSaved('Password set. Give it to them privately.');
      onSaved();
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} {...validation.formProps} aria-label="Reset password">
      <h2>{user.has_password ? 'Reset password' : 'Set a password'}</h2>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <div className="grid">
        <Field
          label="New password"
          hint={`at least ${MIN_PASSWORD} characters`}
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
      <SaveBar label="Set password" busy={busy} saved={saved} busyLabel="Setting…" primary={false} />
    </form>
  );
}

function UserSessions({ user, self }: { user: User; self: boolean }) {
  const sessions = useLoad(() => api<WebSession[]>('GET', `/users/${user.id}/sessions`), [user.id]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState('');

  const signOutEverywhere = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api('DELETE', `/users/${user.id}/sessions`);
      setDone('Signed out everywhere.');
      sessions.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className="card" aria-labelledby="user-sessions">
      <div className="page-head">
        <h2 id="user-sessions">Sessions</h2>
        <button
          type="button"
          className="btn"
          onClick={() => setConfirming(true)}
          disabled={!sessions.data?.length}
        >
          Sign out everywhere…
        </button>
      </div>
      {done && (
        <p className="ok" role="status">
          {done}
        </p>
      )}
      <ErrorNotice error={sessions.error ?? error} />
      {sessions.loading && !sessions.data && <Busy />}
      {sessions.data && <SessionsTable sessions={sessions.data} caption={`Sessions of ${user.email}`} />}
      {confirming && (
        <Confirm
          title={`Sign ${user.email} out everywhere?`}
          confirmLabel="Sign out everywhere"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={signOutEverywhere}
        >
          <p>
            Every browser they are signed in on returns to the sign-in page. Their API keys keep working.
            {self && ' This includes this browser: you will be signed out.'}
          </p>
        </Confirm>
      )}
    </section>
  );
}
