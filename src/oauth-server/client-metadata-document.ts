import { BoundedCache } from '../shared/bounded-cache.ts';
import { sendOutbound } from '../shared/egress-client.ts';
import type { AdapterPayload } from './oidc-provider-types.ts';

/*
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; MCP 2025-11-25
 * §Client ID Metadata Documents): a client_id that is an https URL names a JSON document, fetched
 * here through the egress client with private, loopback and link-local addresses refused. The
 * document's `client_id` must equal the URL exactly; only `none` client authentication is taken
 * (a document cannot hold a secret). Documents are cached per Cache-Control, within bounds.
 */

export interface FetchedDocument {
  status: number;
  cacheControl: string | undefined;
  body: string;
}

/** Fetches a document URL; the production one goes through the egress client. */
export type DocumentFetcher = (url: string) => Promise<FetchedDocument>;

const MAX_DOCUMENT_BYTES = 5 * 1024;
const FETCH_TIMEOUT_MS = 3000;
const MIN_CACHE_SECONDS = 60;
const MAX_CACHE_SECONDS = 24 * 3600;
const DEFAULT_CACHE_SECONDS = 300;

/** Fields taken from a document; anything else in it is ignored. */
const FIELDS = [
  'client_name',
  'client_uri',
  'logo_uri',
  'redirect_uris',
  'grant_types',
  'response_types',
  'token_endpoint_auth_method',
  'application_type',
  'scope',
  'contacts',
  'tos_uri',
  'policy_uri',
  'software_id',
  'software_version',
] as const;

export const fetchThroughEgress: DocumentFetcher = async (url) => {
  const res = await sendOutbound(url, {
    allowPrivate: false,
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_DOCUMENT_BYTES,
    headers: { accept: 'application/json' },
  });
  const cc = res.headers['cache-control'];
  return {
    status: res.status,
    cacheControl: Array.isArray(cc) ? cc.join(', ') : cc,
    body: res.body.toString('utf8'),
  };
};

/** Why a client_id URL names no usable document (for the log; clients see `invalid_client`). */
export class ClientDocumentError extends Error {}

/** Whether a client_id is in the form a metadata document URL must have. */
export function isClientDocumentUrl(clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.pathname !== '/' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    !/\/\.\.?(\/|$)/.test(url.pathname) &&
    url.href === clientId
  );
}

function cacheSeconds(cacheControl: string | undefined): number {
  if (!cacheControl) return DEFAULT_CACHE_SECONDS;
  if (/\bno-(store|cache)\b/i.test(cacheControl)) return MIN_CACHE_SECONDS;
  const m = /\bmax-age=(\d+)/i.exec(cacheControl);
  const seconds = m ? Number(m[1]) : DEFAULT_CACHE_SECONDS;
  return Math.min(MAX_CACHE_SECONDS, Math.max(MIN_CACHE_SECONDS, seconds));
}

/** Reads and checks a document; throws ClientDocumentError naming what is wrong. */
export async function readClientDocument(
  clientId: string,
  fetcher: DocumentFetcher,
): Promise<{ metadata: AdapterPayload; maxAgeSeconds: number }> {
  if (!isClientDocumentUrl(clientId))
    throw new ClientDocumentError('client_id is not an https URL with a path');
  let fetched: FetchedDocument;
  try {
    fetched = await fetcher(clientId);
  } catch (err) {
    throw new ClientDocumentError(`the document could not be fetched: ${(err as Error).message}`);
  }
  if (fetched.status !== 200)
    throw new ClientDocumentError(`the document URL answered HTTP ${fetched.status}`);
  let doc: unknown;
  try {
    doc = JSON.parse(fetched.body);
  } catch {
    throw new ClientDocumentError('the document is not JSON');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new ClientDocumentError('the document is not a JSON object');
  const d = doc as Record<string, unknown>;
  if (d.client_id !== clientId) throw new ClientDocumentError('the document names another client_id');
  if ('client_secret' in d || 'client_secret_expires_at' in d)
    throw new ClientDocumentError('a metadata document cannot carry a client secret');
  const auth = d.token_endpoint_auth_method ?? 'none';
  if (auth !== 'none')
    throw new ClientDocumentError(`token_endpoint_auth_method ${String(auth)} is not supported`);
  if (!Array.isArray(d.redirect_uris) || d.redirect_uris.length === 0)
    throw new ClientDocumentError('the document lists no redirect_uris');
  const metadata: AdapterPayload = { client_id: clientId, token_endpoint_auth_method: 'none' };
  for (const field of FIELDS)
    if (field in d && field !== 'token_endpoint_auth_method') metadata[field] = d[field];
  return { metadata, maxAgeSeconds: cacheSeconds(fetched.cacheControl) };
}

/** Documents kept; past this many the oldest is fetched again when next used. */
const MAX_CACHED_DOCUMENTS = 1_000;

/**
 * A resolver for the adapter's Client lookup: a checked document's metadata, cached; undefined
 * (an unknown client to the provider) when the document is refused, with the reason reported.
 */
export function createClientDocumentResolver(
  fetcher: DocumentFetcher,
  onRefused: (clientId: string, reason: string) => void,
  now: () => number = Date.now,
): (clientId: string) => Promise<AdapterPayload | undefined> {
  const cache = new BoundedCache<{ metadata: AdapterPayload; until: number }>({
    maxEntries: MAX_CACHED_DOCUMENTS,
  });
  return async (clientId) => {
    const hit = cache.get(clientId);
    if (hit && hit.until > now()) return hit.metadata;
    try {
      const { metadata, maxAgeSeconds } = await readClientDocument(clientId, fetcher);
      cache.set(clientId, { metadata, until: now() + maxAgeSeconds * 1000 });
      return metadata;
    } catch (err) {
      if (!(err instanceof ClientDocumentError)) throw err;
      onRefused(clientId, err.message);
      return undefined;
    }
  };
}
