import { createContext, type ReactNode, useContext } from 'react';
import type { Capability, Me, PersonSession, User } from '../api/types.ts';

export interface Auth {
  /** Who is signed in: the key (name, role, prefix) or the person (prefix empty). */
  me: Me;
  /** How: an API key in this tab, or a web session (cookie). */
  via: 'key' | 'session';
  /** The person signed in by a web session; null with a key. */
  user: User | null;
  can(capability: Capability): boolean;
  signOut(): void | Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

/** `manage_options` grants everything; /keys/me and /auth/session already list the effective set. */
export function makeAuth(
  me: Me,
  signOut: Auth['signOut'],
  how: { via: Auth['via']; user: User | null } = { via: 'key', user: null },
): Auth {
  const caps = new Set(me.capabilities);
  return { me, ...how, signOut, can: (c) => caps.has('manage_options') || caps.has(c) };
}

/** A web session's person as the header and the role checks see them. */
export function meOfSession(session: PersonSession): Me {
  const { user } = session;
  return {
    name: user.display_name || user.email,
    role: user.role ?? (user.groups.length ? 'through groups' : 'no role'),
    capabilities: session.capabilities,
    prefix: '',
  };
}

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}

/** The sections of the admin UI and the capability each needs (null: everyone signed in). */
export const SECTIONS: Record<string, Capability | null> = {
  dashboard: 'svc_view_analytics',
  servers: 'svc_manage_servers',
  logs: 'svc_view_analytics',
  settings: 'svc_manage_settings',
  keys: 'manage_options',
  users: 'manage_options',
  groups: 'manage_options',
  policies: 'manage_options',
  audit: 'manage_options',
  approvals: null,
  health: null,
  account: null,
  connections: null,
};

/** Whether the role may open a section (`servers`, `logs`…); an unknown section is not visible. */
export function canSee(auth: Pick<Auth, 'can'>, section: string): boolean {
  if (!(section in SECTIONS)) return false;
  const needed = SECTIONS[section];
  return needed === null || needed === undefined || auth.can(needed);
}

/**
 * Where a person or key lands after signing in: the page it was on (a reload, a shared link, the
 * last page of an earlier sign-in) when its role may see it, else the home page (`#/`: the
 * dashboard, or the servers for a role without analytics). Null: stay.
 */
export function landingHash(auth: Pick<Auth, 'can'>, hash: string): string | null {
  const section = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return section === '' || canSee(auth, section) ? null : '#/';
}
