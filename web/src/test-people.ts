/** People records for the page tests, shaped as the API answers them. */
import type { Group, SignedIn, User, WebSession } from './api/types.ts';

export function aUser(over: Partial<User> = {}): User {
  return {
    id: 'u-1',
    email: 'ana@example.com',
    display_name: 'Ana',
    role: 'administrator',
    groups: [],
    capabilities: ['manage_options', 'svc_manage_servers', 'svc_manage_settings', 'svc_view_analytics'],
    has_password: true,
    external: false,
    disabled: false,
    last_sign_in_at: '2026-11-28T08:00:00Z',
    created_at: '2026-11-01T00:00:00Z',
    ...over,
  };
}

export function aGroup(over: Partial<Group> = {}): Group {
  return {
    id: 'g-1',
    name: 'Ops',
    role: 'editor',
    idp_group: 'toolgate-ops',
    members: [],
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...over,
  };
}

/** Real User-Agent headers: the sessions table names them "Firefox on Linux", "Chrome on macOS". */
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export function aSession(over: Partial<WebSession> = {}): WebSession {
  return {
    id: 's-1',
    created_at: '2026-11-28T08:00:00Z',
    last_seen_at: '2026-11-28T09:00:00Z',
    expires_at: '2026-11-28T21:00:00Z',
    ip: '127.0.0.1',
    user_agent: FIREFOX_LINUX,
    current: false,
    ...over,
  };
}

/** The answer of POST /auth/sign-in and GET /auth/session for a signed-in person. */
export function aSignIn(
  user: User = aUser(),
  csrf = 'csrf-1',
): SignedIn & { user: User; csrf_token: string } {
  return {
    user,
    via: 'session',
    capabilities: user.capabilities,
    csrf_token: csrf,
    expires_at: '2026-11-28T21:00:00Z',
  };
}
