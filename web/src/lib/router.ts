import { useEffect, useState } from 'react';

/** Views live in the hash (`#/servers/…`): any path under /admin/ serves the same page, assets stay relative. */
export function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash.split('?')[0]! : '/';
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

export function navigate(path: string): void {
  window.location.hash = path;
}

export function href(...parts: Array<string | number>): string {
  return `#/${parts.map((p) => encodeURIComponent(String(p))).join('/')}`;
}
