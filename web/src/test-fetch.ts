import { vi } from 'vitest';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

/** Stubs fetch with one answer per call (in order) and records what the UI sent. */
export function stubFetch(...answers: Array<{ status?: number; body: unknown }>): Sent[] {
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
      });
      const answer = answers.shift() ?? {
        status: 500,
        body: { code: 'unexpected', message: 'no stubbed answer' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}
