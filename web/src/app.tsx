import { useEffect, useState } from 'react';
import { ApiError, api, SIGNED_OUT_EVENT } from './api/client.ts';
import { forgetKey, keepCsrfToken, readKey } from './api/session.ts';
import type { Me, PersonSession, SignedIn } from './api/types.ts';
import { Busy } from './components/busy.tsx';
import { Layout } from './layout.tsx';
import { type Auth, AuthProvider, landingHash, makeAuth, meOfSession } from './lib/auth.tsx';
import { SignIn } from './pages/sign-in.tsx';

/** What a sign-in hands the app: a key's /keys/me, or a person's session. */
export type SignInResult = { via: 'key'; me: Me } | { via: 'session'; session: PersonSession };

/**
 * Signed in when sessionStorage holds a key that /keys/me accepts, or when the browser's session
 * cookie is one /auth/session accepts (its CSRF token is read again from there after a reload).
 */
export function App() {
  const [auth, setAuth] = useState<Auth | null>(null);
  const [checking, setChecking] = useState(true);

  const forget = () => {
    forgetKey();
    keepCsrfToken(null);
    setAuth(null);
  };
  /** A key is simply forgotten; a session is ended on the server (the cookie is HttpOnly). */
  const signOut = async () => {
    if (!readKey()) {
      try {
        await api('POST', '/auth/sign-out');
      } catch (err) {
        // Already over on the server: nothing is left to end. Anything else: still signed in.
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      }
    }
    forget();
  };
  const toAuth = (result: SignInResult): Auth => {
    if (result.via === 'key') return makeAuth(result.me, signOut);
    keepCsrfToken(result.session.csrf_token ?? null);
    return makeAuth(meOfSession(result.session), signOut, { via: 'session', user: result.session.user });
  };
  // A page left by an earlier sign-in (the hash outlives sign-out) may be one this role cannot see.
  const signedInHere = (result: SignInResult) => {
    const next = toAuth(result);
    const landing = landingHash(next, window.location.hash);
    if (landing) window.history.replaceState(null, '', landing);
    setAuth(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once
  useEffect(() => {
    window.addEventListener(SIGNED_OUT_EVENT, forget);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, forget);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load
  useEffect(() => {
    const resume = readKey()
      ? api<Me>('GET', '/keys/me').then((me) => setAuth(toAuth({ via: 'key', me })), forgetKey)
      : api<SignedIn>('GET', '/auth/session').then(
          (session) => {
            // Also the way back from the identity provider, to a page the role may not see.
            if (session.via !== 'key' && session.user)
              signedInHere({ via: 'session', session: { ...session, user: session.user } });
          },
          () => undefined,
        );
    resume.finally(() => setChecking(false));
  }, []);

  if (checking) return <Busy label="Signing in…" />;
  if (!auth) return <SignIn onSignedIn={signedInHere} />;
  return (
    <AuthProvider auth={auth}>
      <Layout />
    </AuthProvider>
  );
}
