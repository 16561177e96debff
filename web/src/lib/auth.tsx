import { createContext, type ReactNode, useContext } from 'react';
import type { Capability, Me } from '../api/types.ts';

export interface Auth {
  me: Me;
  can(capability: Capability): boolean;
  signOut(): void;
}

const AuthContext = createContext<Auth | null>(null);

/** `manage_options` grants everything; /keys/me already lists the effective set. */
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

/** The sections of the admin UI and the capability each needs (null: every signed-in key). */
export const SECTIONS: Record<string, Capability | null> = {
  dashboard: 'svc_view_analytics',
  servers: 'svc_manage_servers',
  logs: 'svc_view_analytics',
  settings: 'svc_manage_settings',
  keys: 'manage_options',
  health: null,
};

/** Whether the key's role may open a section (`servers`, `logs`…); an unknown section is not visible. */
export function canSee(auth: Pick<Auth, 'can'>, section: string): boolean {
  if (!(section in SECTIONS)) return false;
  const needed = SECTIONS[section];
  return needed === null || needed === undefined || auth.can(needed);
}

/**
 * Where a key lands after signing in: the page it was on (a reload, a shared link, the last page
 * of an earlier key) when its role may see it, else the home page (`#/`: the dashboard, or the
 * servers for a role without analytics). Null: stay.
 */
export function landingHash(auth: Pick<Auth, 'can'>, hash: string): string | null {
  const section = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return section === '' || canSee(auth, section) ? null : '#/';
}
