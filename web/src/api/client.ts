/**
 * The one way the UI talks to the management API: `{api_base}` from the page's meta tag
 * (the gateway writes it), JSON in and out, every error as `ApiError` with the API's code, message
 * and the fields it names. Signed in with a key (sessionStorage), it sends the key and no cookie;
 * otherwise it sends the session cookie, and the session's CSRF token on every request that
 * changes something.
 */
import { readCsrfToken, readKey } from './session.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, string> = {},
    /** The answer's whole `data` (a refused policy's `problems`, …). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Fired when the API no longer accepts the stored key or the session (401): the app returns to sign-in. */
export const SIGNED_OUT_EVENT = 'toolgate:signed-out';

/** Methods that change nothing: the API asks no CSRF token for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
}

/** `{api_base}` as a path the browser resolves against /admin/. */
export function apiBase(): string {
  const meta = document.querySelector('meta[name="toolgate-api-base"]')?.getAttribute('content');
  return meta ?? '../api/svc/v1';
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function buildQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function send(method: string, path: string, body?: unknown, key = readKey()): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = key ? null : readCsrfToken();
  if (key) headers.Authorization = `Bearer ${key}`;
  else if (csrf && !SAFE_METHODS.has(method)) headers['X-CSRF-Token'] = csrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${apiBase()}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: key ? 'omit' : 'same-origin',
    });
  } catch (err) {
    throw new ApiError(0, 'network_error', `The gateway could not be reached (${(err as Error).message}).`);
  }
  if (res.ok) return res;
  let payload: {
    code?: string;
    message?: string;
    data?: { params?: Record<string, string> } & Record<string, unknown>;
  } = {};
  try {
    payload = await res.json();
  } catch {
    // not JSON: keep the status line
  }
  const error = new ApiError(
    res.status,
    payload.code ?? `http_${res.status}`,
    payload.message ?? `${res.status} ${res.statusText}`,
    payload.data?.params ?? {},
    payload.data ?? {},
  );
  if (endsSignIn(error, key, csrf)) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  throw error;
}

/**
 * A 401 to the signed-in key or session means it stopped working (revoked, expired, signed out
 * elsewhere). A wrong password typed into a form (`rest_invalid_credentials`) does not, and neither
 * does a key being tried on the sign-in page.
 */
function endsSignIn(error: ApiError, key: string | null, csrf: string | null): boolean {
  if (error.status !== 401 || error.code === 'rest_invalid_credentials') return false;
  return key ? key === readKey() : csrf !== null && csrf === readCsrfToken();
}

export async function api<T>(method: string, path: string, body?: unknown, key?: string): Promise<T> {
  const res = await send(method, path, body, key);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiPage<T>(path: string, query: Query = {}): Promise<Page<T>> {
  const res = await send('GET', `${path}${buildQuery(query)}`);
  const items = (await res.json()) as T[];
  return {
    items,
    total: Number(res.headers.get('X-Svc-Total') ?? items.length),
    totalPages: Number(res.headers.get('X-Svc-TotalPages') ?? 1),
  };
}

/** Fetches with the key and hands the body to the browser as a download. */
export async function download(path: string, filename: string): Promise<void> {
  const res = await send('GET', path);
  saveBlob(await res.blob(), filename);
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /health: a failing gateway answers 503 with the full report, which is what the UI shows. */
export async function fetchHealth<T>(): Promise<T> {
  try {
    return await api<T>('GET', '/health');
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 503) throw err;
    const res = await fetch(`${apiBase()}/health`, { cache: 'no-store' });
    return (await res.json()) as T;
  }
}
