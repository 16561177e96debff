import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { forgetKey, saveKey } from '../api/session.ts';
import type { Me } from '../api/types.ts';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Field } from '../components/field.tsx';

/** Sign-in with a management API key; the key is kept in sessionStorage only. */
export function SignIn({ onSignedIn }: { onSignedIn(me: Me): void }) {
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
      onSignedIn(me);
    } catch (err) {
      forgetKey();
      setError(describeSignInError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="signin">
      <form className="card signin-card" onSubmit={submit} noValidate>
        <h1>
          <span className="logo" aria-hidden="true">
            T
          </span>{' '}
          Toolgate
        </h1>
        <p className="muted">Sign in with a management API key.</p>
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
            // biome-ignore lint/a11y/noAutofocus: the only field of the page
            autoFocus
          />
        </Field>
        <ErrorNotice error={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted small">
          The first start printed an administrator key; <code>toolgate keys create --name you</code> makes
          more.
        </p>
      </form>
    </main>
  );
}

/** A refused key is a person's typo, not an API call to debug: say so in their words. */
function describeSignInError(err: unknown): unknown {
  if (err instanceof ApiError && (err.status === 401 || err.status === 403))
    return new Error('That key was not accepted. Check it and try again.');
  return err;
}
