import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import type { Grant, User } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Field } from '../components/field.tsx';
import { GrantsSection } from '../components/grants-section.tsx';
import { SaveBar } from '../components/save-bar.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { checkPassword, MIN_PASSWORD } from '../lib/people-form.ts';
import { useLoad } from '../lib/use-load.ts';
import { MyKeys } from './my-keys.tsx';
import { MySessions } from './my-sessions.tsx';

/** The signed-in person's own page: name, password, API keys, sessions. */
export function Account() {
  const { via } = useAuth();
  const me = useLoad(() => api<User>('GET', '/me'), []);
  // A key of no person: the API answers 403 ("belongs to no person").
  const ownerless =
    via === 'key' && me.error instanceof ApiError && (me.error.status === 403 || me.error.status === 404);
  const user = me.data;

  return (
    <section>
      <h1>My account</h1>
      {ownerless ? (
        <p className="notice notice-info">
          You are signed in with an API key that belongs to no person, so there is no account to show. Sign in
          with your e-mail to manage your own keys and sessions.
        </p>
      ) : (
        <ErrorNotice error={me.error} />
      )}
      {!user && !me.error && <Busy />}
      {user && (
        <>
          <p className="muted">
            {user.email}
            {user.role ? ` · ${user.role}` : ''}
            {user.groups.length > 0 && ` · groups: ${user.groups.map((g) => g.name).join(', ')}`}
          </p>
          <NameForm key={user.display_name ?? ''} user={user} onSaved={me.reload} />
          {user.has_password || !user.external ? (
            <PasswordForm user={user} onSaved={me.reload} />
          ) : (
            <section className="card">
              <h2>Password</h2>
              <p className="muted">
                You sign in through your identity provider; Toolgate keeps no password for you.
              </p>
            </section>
          )}
          <MyKeys />
          <GrantsSection
            title="Apps I allowed"
            load={() => api<Grant[]>('GET', '/me/grants')}
            revokePath={(g) => `/me/grants/${encodeURIComponent(g.id)}`}
            empty="No app may act as you: MCP clients you connect through Toolgate's sign-in appear here."
            whose="you"
          />
          <MySessions />
        </>
      )}
    </section>
  );
}

function NameForm({ user, onSaved }: { user: User; onSaved(): void }) {
  const [name, setName] = useState(user.display_name ?? '');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const validation = useFormErrors({});
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!validation.check()) return;
    if (name.trim() === (user.display_name ?? '')) return setSaved('Nothing changed.');
    setBusy(true);
    try {
      await api('PATCH', '/me', { display_name: name.trim() });
      setSaved('Saved.');
      onSaved();
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} {...validation.formProps} aria-label="Name">
      <h2>Name</h2>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <div className="grid">
        <Field
          label="Display name"
          hint="shown in the header and to administrators"
          name="display_name"
          error={errors.display_name}
        >
          <input value={name} autoComplete="name" onChange={(e) => setName(e.target.value)} />
        </Field>
      </div>
      <SaveBar label="Save name" busy={busy} saved={saved} />
    </form>
  );
}

function PasswordForm({ user, onSaved }: { user: User; onSaved(): void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const local: Record<string, string> = {};
  if (user.has_password && !current) local.current_password = 'required';
  const problem = checkPassword(next, { required: true });
  if (problem) local.password = problem;
  else if (repeat !== next) local.repeat = 'does not match the new password';
  const validation = useFormErrors(local);
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!validation.check()) return;
    setBusy(true);
    try {
      await api('PATCH', '/me', {
        password: next,
        ...(user.has_password ? { current_password: current } : {}),
      });
      setCurrent('');
      setNext('');
      setRepeat('');
      validation.reset();
      setSaved('Password changed. Your other sessions are signed out.');
      onSaved();
    } catch (err) {
      validation.fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} {...validation.formProps} aria-label="Change password">
      <h2>{user.has_password ? 'Change password' : 'Set a password'}</h2>
      <ErrorSummary errors={errors} apiError={validation.apiError} />
      <ErrorNotice error={validation.apiError} fields={false} />
      <div className="grid">
        {user.has_password && (
          <Field label="Current password" name="current_password" error={errors.current_password}>
            <input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field>
        )}
        <Field
          label="New password"
          hint={`at least ${MIN_PASSWORD} characters`}
          name="password"
          error={errors.password}
        >
          <input
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </Field>
        <Field label="New password again" name="repeat" error={errors.repeat}>
          <input
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </Field>
      </div>
      <SaveBar label={user.has_password ? 'Change password' : 'Set password'} busy={busy} saved={saved} />
    </form>
  );
}
