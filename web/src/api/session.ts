/** The sign-in key lives in sessionStorage only: gone when the tab closes, never in a URL. */
const KEY = 'toolgate.apiKey';

export function readKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY);
}
