import { createContext, type ReactNode, useContext } from 'react';
import type { Capability, Me } from '../api/types.ts';

export interface Auth {
  me: Me;
  can(capability: Capability): boolean;
  signOut(): void;
}

const AuthContext = createContext<Auth | null>(null);

/** `manage_options` grants everything (DESIGN §3); /keys/me already lists the effective set. */
export function makeAuth(me: Me, signOut: () => void): Auth {
  const caps = new Set(me.capabilities);
  return { me, signOut, can: (c) => caps.has('manage_options') || caps.has(c) };
}

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
