import { type OutboundRequest, type OutboundResponse, sendOutbound } from '../shared/egress-client.ts';
import { type Gateway, GatewayError, type Json } from './gateway.ts';

/** `http://host:8080` alone means the default management API path under it. */
export function managementBase(api: string): string {
  const url = new URL(api);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/api/svc/v1';
  return url.href.replace(/\/+$/, '');
}

/**
 * A running instance through its management API (`--api URL --key K`, or TOOLGATE_API_URL and
 * TOOLGATE_API_KEY): the same routes, checks and events as any other API client.
 */
export function openRemoteGateway(api: string, key: string): Gateway {
  const base = managementBase(api);
  const call = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ json: unknown; totalPages: number }> => {
    let res: OutboundResponse;
    try {
      // The operator's own instance, often on loopback: private addresses are allowed.
      res = await sendOutbound(`${base}${path}`, {
        allowPrivate: true,
        method: method as OutboundRequest['method'],
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: 120_000,
        maxBytes: 100 * 1024 * 1024,
      });
    } catch (err) {
      throw new GatewayError('cli_unreachable', `cannot reach ${base}: ${(err as Error).message}`);
    }
    const text = res.body.toString('utf8');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.status < 200 || res.status >= 300) {
      const e = (json ?? {}) as {
        code?: string;
        message?: string;
        data?: { params?: Record<string, string> };
      };
      throw new GatewayError(
        e.code ?? `http_${res.status}`,
        e.message ?? `HTTP ${res.status}`,
        e.data?.params,
      );
    }
    return { json, totalPages: Number(res.headers['x-svc-totalpages'] ?? 1) };
  };
  const readAll = async (path: string): Promise<Json[]> => {
    const all: Json[] = [];
    for (let page = 1; ; page++) {
      const { json, totalPages } = await call('GET', `${path}?per_page=100&page=${page}`);
      all.push(...(json as Json[]));
      if (page >= totalPages) return all;
    }
  };
  const id = encodeURIComponent;
  return {
    target: base,
    listServers: () => readAll('/servers'),
    createServer: async (name) => (await call('POST', '/servers', { name })).json as Json,
    updateServer: async (uuid, patch) => (await call('PATCH', `/servers/${id(uuid)}`, patch)).json as Json,
    listTools: (uuid) => readAll(`/servers/${id(uuid)}/tools`),
    updateTool: async (uuid, toolUuid, patch) =>
      (await call('PATCH', `/servers/${id(uuid)}/tools/${id(toolUuid)}`, patch)).json as Json,
    importCurl: async (uuid, body) =>
      (await call('POST', `/servers/${id(uuid)}/tools/import-curl`, body)).json as Json,
    importDocument: async (uuid, kind, body) =>
      (await call('POST', `/servers/${id(uuid)}/tools/import-${kind}`, body)).json as Json,
    close: async () => undefined,
  };
}
