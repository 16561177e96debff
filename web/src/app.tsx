import { useEffect, useState } from 'react';
import { api, SIGNED_OUT_EVENT } from './api/client.ts';
import { forgetKey, readKey } from './api/session.ts';
import type { Me } from './api/types.ts';
import { Busy } from './components/busy.tsx';
import { Layout } from './layout.tsx';
import { type Auth, AuthProvider, landingHash, makeAuth } from './lib/auth.tsx';
import { SignIn } from './pages/sign-in.tsx';

/** Signed in when sessionStorage holds a key that /keys/me accepts. */
export function App() {
  const [auth, setAuth] = useState<Auth | null>(null);
  const [checking, setChecking] = useState(() => readKey() !== null);

  const signOut = () => {
    forgetKey();
    setAuth(null);
  };
  const signedIn = (me: Me) => setAuth(makeAuth(me, signOut));
  // A page left by an earlier key (the hash outlives sign-out) may be one this key cannot see.
  const signedInHere = (me: Me) => {
    const landing = landingHash(makeAuth(me, signOut), window.location.hash);
    if (landing) window.history.replaceState(null, '', landing);
    signedIn(me);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once
  useEffect(() => {
    window.addEventListener(SIGNED_OUT_EVENT, signOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, signOut);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load
  useEffect(() => {
    if (!readKey()) return;
    api<Me>('GET', '/keys/me')
      .then(signedIn, () => forgetKey())
      .finally(() => setChecking(false));
  }, []);

  if (checking) return <Busy label="Signing in…" />;
  if (!auth) return <SignIn onSignedIn={signedInHere} />;
  return (
    <AuthProvider auth={auth}>
      <Layout />
    </AuthProvider>
  );
}
