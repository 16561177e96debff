import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, apiBase } from '../api/client.ts';
import { forgetKey, saveKey } from '../api/session.ts';
import type { Me, Providers, SignInAnswer } from '../api/types.ts';
import type { SignInResult } from '../app.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import { checkEmail } from '../lib/people-form.ts';
import { currentQuery } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';

/**
 * Sign-in: the identity provider's button when the gateway has one, e-mail and password when local
 * sign-in is on, and an API key for automation (kept in sessionStorage only, as before people).
 */
export function SignIn({ onSignedIn }: { onSignedIn(result: SignInResult): void }) {
  // An older gateway has no /auth/providers: it knows keys only.
  const providers = useLoad(() => api<Providers>('GET', '/auth/providers').catch(() => null), []);
  const idpError = useIdpRefusal();
  if (providers.loading) return <main className="signin" aria-busy="true" />;
  const oidc = providers.data?.oidc ?? null;
  const local = providers.data?.local ?? false;
  return (
    <main className="signin">
      <div className="card signin-card">
        <h1>
          <span className="logo" aria-hidden="true">
            T
          </span>{' '}
          Toolgate
        </h1>
        {idpError && (
          <div className="notice notice-error" role="alert">
            <strong>{idpError}</strong>
          </div>
        )}
        {oidc && (
          <a className="btn btn-primary signin-idp" href={oidcStartUrl()}>
            Sign in with {oidc.name}
          </a>
        )}
        {oidc && local && <p className="signin-or">or</p>}
        {local && <PasswordForm onSignedIn={onSignedIn} idpName={oidc?.name} />}
        {providers.data && !local && !oidc && (
          <p className="muted">Signing in with a password is turned off on this gateway.</p>
        )}
        {/* Opening the key path (click or keyboard) puts the cursor in the key field. */}
        <details
          className="signin-key"
          open={!local && !oidc}
          onToggle={(e) => {
            if (e.currentTarget.open) e.currentTarget.querySelector('input')?.focus();
          }}
        >
          <summary>Use an API key</summary>
          <KeyForm onSignedIn={onSignedIn} />
        </details>
      </div>
    </main>
  );
}

/**
 * Why the identity provider's sign-in was refused, when the gateway sent the browser back with
 * `sign_in_error`; read once, and taken out of the address so a reload does not show it again.
 */
function useIdpRefusal(): string | null {
  const [message] = useState(() => currentQuery().get('sign_in_error'));
  useEffect(() => {
    if (message !== null) window.history.replaceState(null, '', `${window.location.pathname}#/`);
  }, [message]);
  return message;
}

/** Where the identity provider's sign-in starts; it comes back to the page the person was on. */
export function oidcStartUrl(): string {
  const returnTo = `${window.location.pathname}${window.location.hash}`;
  return `${apiBase()}/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`;
}

function PasswordForm({ onSignedIn, idpName }: { onSignedIn(result: SignInResult): void; idpName?: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const local: Record<string, string> = {};
  const emailProblem = checkEmail(email);
  if (emailProblem) local.email = emailProblem;
  if (!password) local.password = 'required';
  const validation = useFormErrors(local);
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validation.check()) return;
    setBusy(true);
    try {
      const session = await api<SignInAnswer>('POST', '/auth/sign-in', {
        email: email.trim(),
        password,
      });
      forgetKey();
      onSignedIn({ via: 'session', session });
    } catch (err) {
      setPassword('');
      validation.fail(describePasswordError(err, idpName));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="signin-form"
      onSubmit={submit}
      {...validation.formProps}
      aria-label="Sign in with e-mail"
    >
      <Field label="E-mail" name="email" error={errors.email}>
        <input
          type="email"
          autoComplete="username"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the first field of the page
          autoFocus
        />
      </Field>
      <Field label="Password" name="password" error={errors.password}>
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <ErrorNotice error={validation.apiError} />
      {/* With an identity provider, its button is the primary way in. */}
      <button type="submit" className={idpName ? 'btn' : 'btn btn-primary'} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

/** The refusals a person meets at sign-in, in their words (the API's code is for scripts). */
function describePasswordError(err: unknown, idpName?: string): unknown {
  if (!(err instanceof ApiError)) return err;
  if (err.status === 401) return new Error('Wrong e-mail or password.');
  if (err.status === 429) return new Error('Too many sign-in attempts. Wait a minute, then try again.');
  if (err.status === 403)
    return new Error(
      `Signing in with a password is turned off on this gateway. ${idpName ? `Use “Sign in with ${idpName}”` : 'Use an API key'} instead.`,
    );
  return err;
}

/** Sign-in with a management API key, for automation; the key is kept in sessionStorage only. */
function KeyForm({ onSignedIn }: { onSignedIn(result: SignInResult): void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) return setError(new Error('Paste a management API key.'));
    setBusy(true);
    setError(undefined);
    try {
      const me = await api<Me>('GET', '/keys/me', undefined, trimmed);
      saveKey(trimmed);
      onSignedIn({ via: 'key', me });
    } catch (err) {
      forgetKey();
      setError(describeKeyError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="signin-form" onSubmit={submit} noValidate aria-label="Sign in with an API key">
      <Field
        label="API key"
        hint="Kept in this tab only (sessionStorage) and forgotten when you sign out or close the tab."
      >
        <input
          type="password"
          name="api-key"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          placeholder="tgk_…"
        />
      </Field>
      <ErrorNotice error={error} />
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in with the key'}
      </button>
      <p className="muted small">
        The first start printed an administrator key; <code>toolgate keys create --name you</code> makes more.
      </p>
    </form>
  );
}

/** A refused key is a person's typo, not an API call to debug: say so in their words. */
function describeKeyError(err: unknown): unknown {
  if (err instanceof ApiError && (err.status === 401 || err.status === 403))
    return new Error('That key was not accepted. Check it and try again.');
  return err;
}
