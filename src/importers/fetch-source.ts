import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { EgressError, sendOutbound } from '../shared/egress-client.ts';

/*
 * `source: "url"` fetches (spec limits: 3 redirects, 10 s, 10 MB) through the egress client.
 * Loopback, private, link-local, CGNAT and cloud-metadata addresses are refused unless the
 * operator allows them (`TOOLGATE_IMPORT_ALLOW_PRIVATE`), on every redirect hop.
 */

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

const unfetchable = (message: string) => new ApiError('svc_url_unfetchable', message);
const refused = (host: string) =>
  new ApiError(
    'svc_url_forbidden',
    `Refusing to fetch ${host}: it is a loopback, private, link-local or metadata address (set TOOLGATE_IMPORT_ALLOW_PRIVATE=true to allow).`,
  );

/** A document's validators (RFC 9110 §8.8), sent back as `If-None-Match` / `If-Modified-Since`. */
export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

export interface FetchedSource {
  text: string;
  url: string;
  etag: string | null;
  lastModified: string | null;
  /** A conditional request answered 304: the document is the one the validators name (`text` is empty). */
  notModified: boolean;
}

const header = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Fetches an import document; 400 with a clear message for anything that cannot be fetched. With
 * `validators` the request is conditional, and a 304 answers `notModified`.
 */
export async function fetchImportSource(
  config: Pick<Config, 'importAllowPrivate'>,
  rawUrl: string,
  validators: Validators = {},
): Promise<FetchedSource> {
  try {
    const headers: Record<string, string> = { accept: 'application/json, application/yaml, text/yaml, */*' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const res = await sendOutbound(rawUrl, {
      allowPrivate: config.importAllowPrivate,
      headers,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_IMPORT_BYTES,
      maxRedirects: MAX_REDIRECTS,
    });
    const etag = header(res.headers.etag);
    const lastModified = header(res.headers['last-modified']);
    if (res.status === 304 && (validators.etag || validators.lastModified))
      return { text: '', url: res.url.href, etag, lastModified, notModified: true };
    if (res.status < 200 || res.status >= 300)
      throw unfetchable(`Fetching ${res.url.href} answered HTTP ${res.status}.`);
    return { text: res.body.toString('utf8'), url: res.url.href, etag, lastModified, notModified: false };
  } catch (err) {
    if (!(err instanceof EgressError)) throw err;
    switch (err.reason) {
      case 'denied':
        throw refused(err.host);
      case 'too_large':
        throw tooLarge(err.bytes);
      case 'redirects':
        throw unfetchable(`Too many redirects (more than ${MAX_REDIRECTS}) from ${rawUrl}.`);
      case 'timeout':
        throw unfetchable(`Fetching ${rawUrl} took longer than ${TIMEOUT_MS / 1000} s.`);
      case 'invalid_url':
        throw unfetchable(`Could not fetch ${rawUrl}: ${err.message}.`);
      default:
        throw unfetchable(`Could not fetch ${rawUrl}: ${err.message}`);
    }
  }
}

/** 400 for an import document over the 10 MB limit. */
export function tooLarge(bytes: number): ApiError {
  return new ApiError(
    'svc_import_too_large',
    `The document is ${(bytes / 1024 / 1024).toFixed(1)} MB; imports are limited to 10 MB.`,
    { limit_bytes: MAX_IMPORT_BYTES },
  );
}
