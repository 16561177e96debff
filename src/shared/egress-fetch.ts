import { sendOutbound } from './egress-client.ts';

/**
 * A `fetch` for protocol libraries (openid-client) whose requests must go through the egress
 * client: its address checks, timeouts and size limits apply to them as to every outbound call.
 */
export function egressFetch(allowPrivate: boolean) {
  return async (url: string, options: RequestInit): Promise<Response> => {
    const body = options.body;
    const answer = await sendOutbound(url, {
      allowPrivate,
      method: (options.method ?? 'GET') as 'GET',
      headers: options.headers as Record<string, string>,
      ...(body === undefined || body === null
        ? {}
        : {
            body:
              typeof body === 'string'
                ? body
                : body instanceof URLSearchParams
                  ? body.toString()
                  : Buffer.from(body as ArrayBuffer).toString(),
          }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const v of [value ?? []].flat()) headers.append(name, String(v));
    const noBody = answer.status === 204 || answer.status === 304;
    return new Response(noBody ? null : new Uint8Array(answer.body), { status: answer.status, headers });
  };
}
