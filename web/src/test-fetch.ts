import { vi } from 'vitest';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
  /** The `X-CSRF-Token` header, sent by a cookie session on requests that change something. */
  csrf: string | null;
  credentials: RequestCredentials | undefined;
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Stubs fetch with one answer per call (in order) and records what the UI sent. */
export function stubFetch(...answers: Answer[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      sent.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        authorization: headers.get('Authorization'),
        csrf: headers.get('X-CSRF-Token'),
        credentials: init.credentials,
      });
      const answer = answers.shift() ?? {
        status: 500,
        body: { code: 'unexpected', message: 'no stubbed answer' },
      };
      const status = answer.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return sent;
}

/** A request as `routeFetch` records it: the path below `{api_base}`. */
export interface RouteSent {
  method: string;
  path: string;
  body: unknown;
}
/**
 * Answers by "METHOD /path?query" (the page's reads run in the order React mounts its panels,
 * which the tests need not know); records what was sent.
 */
export function routeFetch(routes: Record<string, Answer | ((body: unknown) => Answer)>): RouteSent[] {
  const sent: RouteSent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace('../api/svc/v1', '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      const reply =
        typeof route === 'function'
          ? route(body)
          : (route ?? { status: 404, body: { code: 'nope', message: `${method} ${path}` } });
      const status = reply.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(reply.body), {
        status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }),
  );
  return sent;
}
