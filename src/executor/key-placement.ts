import type { KeyPlacement } from '../servers/credentials.ts';
import type { PreparedRequest } from './build-request.ts';
import { RequestUrl } from './request-url.ts';

/*
 * API keys that live in a query parameter, a cookie or a body field (`api-key` credentials and
 * `extra_keys`, e.g. what a cURL import moved out of the tool), put on the request after the
 * tool built it. Each placement also writes what the Test view shows in its place (`****`).
 */

export const MASK = '****';

export interface KeyMasks {
  headers: Map<string, string>;
  query: Set<string>;
  /** The request body as the view shows it, when a key went into it. */
  body?: string | null;
}

/** A cookie or header value without the characters that would end it or start another. */
const cookieText = (text: string) => text.replace(/[\r\n;]/g, '');

function setCookie(header: string | undefined, name: string, value: string): string {
  const pairs = (header ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '' && p.slice(0, p.indexOf('=')).trim() !== name);
  pairs.push(`${cookieText(name)}=${cookieText(value)}`);
  return pairs.join('; ');
}

/**
 * Sets top-level body fields: a form body gains (or replaces) pairs, a JSON object body gains
 * fields, an empty body becomes one of these by the request's Content-Type (JSON by default).
 * A multipart body gains parts. Any other body (an array, raw text) is left as it is: it has no
 * fields to set.
 */
function setBodyFields(req: PreparedRequest, fields: Array<[string, string]>): string | null {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const body = req.body ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(body);
    for (const [name, value] of fields) form.set(name, value);
    return form.toString();
  }
  if (type.startsWith('multipart/form-data')) return addParts(type, req.body, fields);
  if (type !== '' && !/[/+]json\b/.test(type)) return req.body;
  let parsed: unknown = {};
  if (body.trim() !== '') {
    try {
      parsed = JSON.parse(body);
    } catch {
      return req.body;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return req.body;
  const out = { ...(parsed as Record<string, unknown>) };
  for (const [name, value] of fields) out[name] = value;
  if (!req.headers['content-type']) req.headers['content-type'] = 'application/json';
  return JSON.stringify(out);
}

/** A multipart body (as encode.ts writes it) with these parts added before its closing delimiter. */
function addParts(type: string, body: string | null, fields: Array<[string, string]>): string | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const mark = boundary ? `--${boundary[1] ?? boundary[2]}` : undefined;
  const end = mark && body ? body.lastIndexOf(`${mark}--`) : -1;
  if (!mark || !body || end < 0) return body;
  const parts = fields
    .map(
      ([name, value]) =>
        `${mark}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return body.slice(0, end) + parts + body.slice(end);
}

/** Puts these keys on the request and records their masks. */
export function placeKeys(req: PreparedRequest, keys: readonly KeyPlacement[], masks: KeyMasks): void {
  let url: URL | undefined;
  const body: Array<[string, string]> = [];
  for (const key of keys) {
    switch (key.location) {
      case 'header': {
        const name = key.name.toLowerCase();
        // A Cookie header key (a cURL import's cookies) joins the cookies the tool sends.
        const own = name === 'cookie' && req.headers.cookie ? `${req.headers.cookie}; ` : '';
        req.headers[name] = own + key.value;
        masks.headers.set(name, own + MASK);
        break;
      }
      case 'query':
        url ??= req.url.toURL();
        // The first key of a name replaces the tool's; more of the same name repeat it (`?key=a&key=b`).
        if (masks.query.has(key.name)) url.searchParams.append(key.name, key.value);
        else url.searchParams.set(key.name, key.value);
        masks.query.add(key.name);
        break;
      case 'cookie':
        masks.headers.set(
          'cookie',
          setCookie(masks.headers.get('cookie') ?? req.headers.cookie, key.name, MASK),
        );
        req.headers.cookie = setCookie(req.headers.cookie, key.name, key.value);
        break;
      case 'body':
        body.push([key.name, key.value]);
        break;
    }
  }
  if (url) req.url = RequestUrl.of(url);
  if (body.length > 0) {
    const before = { ...req, headers: { ...req.headers } };
    req.body = setBodyFields(req, body);
    masks.body = setBodyFields(
      before,
      body.map(([name]) => [name, MASK]),
    );
  }
}
