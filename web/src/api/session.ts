/**
 * What the browser keeps of a sign-in. The key path: the key in sessionStorage only (gone when the
 * tab closes, never in a URL). The cookie path: the session cookie is HttpOnly (the page never sees
 * it) and its CSRF token lives in this module's memory only, read again from `/auth/session` after a
 * reload. Nothing goes to localStorage.
 */
const KEY = 'toolgate.apiKey';

let csrfToken: string | null = null;

export function readKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY);
}

/** The signed-in session's CSRF token; null when no cookie session is signed in here. */
export function readCsrfToken(): string | null {
  return csrfToken;
}

export function keepCsrfToken(token: string | null): void {
  csrfToken = token;
}
