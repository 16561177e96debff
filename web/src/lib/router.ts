import { useEffect, useState } from 'react';

/** Views live in the hash (`#/servers/…`): any path under /admin/ serves the same page, assets stay relative. */
export function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash.split('?')[0]! : '/';
}

/** The query part of the hash (`#/logs?status=error&call=7` → status, call): a view's shareable state. */
export function currentQuery(): URLSearchParams {
  const hash = window.location.hash;
  const at = hash.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
}

export function useRoute(): string[] {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const onChange = () => setPath(currentPath());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return path.split('/').filter(Boolean).map(decodeURIComponent);
}

/** Calls `onChange` with the hash query whenever the hash changes (Back, Forward, a pasted link). */
export function useHashQuery(onChange: (query: URLSearchParams) => void): void {
  useEffect(() => {
    const listener = () => onChange(currentQuery());
    window.addEventListener('hashchange', listener);
    return () => window.removeEventListener('hashchange', listener);
  }, [onChange]);
}

/**
 * Writes a view's state into the hash query, keeping its path. `push` makes a history entry
 * (Back returns to the state before); without it the entry is replaced, as for each key typed in
 * a search box. Neither fires `hashchange`: the view already shows the state it writes.
 */
export function writeHashQuery(params: Record<string, string>, { push = false } = {}): void {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
  const next = `#${currentPath()}${query ? `?${query}` : ''}`;
  if (next === (window.location.hash || '#/')) return;
  if (push) window.history.pushState(null, '', next);
  else window.history.replaceState(null, '', next);
}

export function navigate(path: string): void {
  window.location.hash = path;
}

export function href(...parts: Array<string | number>): string {
  return `#/${parts.map((p) => encodeURIComponent(String(p))).join('/')}`;
}
