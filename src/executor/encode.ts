import { randomBytes } from 'node:crypto';

export type QueryStyle = 'repeat' | 'form' | 'comma' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** Text of a value in a URL, header or form field: strings as-is, objects as compact JSON. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Header values must not carry CR/LF (header injection); other characters pass unchanged. */
export function headerText(value: unknown): string {
  return scalarText(value).replace(/[\r\n]+/g, ' ');
}

const enc = encodeURIComponent;

/**
 * A path or header value in OpenAPI's `simple` style: arrays as `a,b`, objects as `x,1,y,2`,
 * each item passed through `encode` (percent-encoding for paths, CR/LF removal for headers).
 */
export function simpleText(value: unknown, encode: (text: string) => string): string {
  if (Array.isArray(value)) return value.map((v) => encode(scalarText(v))).join(',');
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .flatMap(([k, v]) => [encode(k), encode(scalarText(v))])
      .join(',');
  return encode(scalarText(value));
}

/** The separators of OpenAPI's non-exploded styles, written literally between encoded items. */
const DELIMITERS: Partial<Record<QueryStyle, string>> = {
  comma: ',',
  spaceDelimited: '%20',
  pipeDelimited: '|',
};

/**
 * Appends `key=value` pairs for one argument, as OpenAPI's query (and form body) styles put them:
 * - `repeat` (default for hand-made tools): arrays as `k=a&k=b`, objects as `k[x]=1`;
 * - `form` (OpenAPI form, explode): arrays as `k=a&k=b`, an object's properties as their own
 *   pairs `x=1&y=2`;
 * - `comma`, `spaceDelimited`, `pipeDelimited` (explode off): arrays as `k=a,b` / `k=a%20b` /
 *   `k=a|b`, objects as `k=x,1,y,2` (same separators);
 * - `deepObject`: objects (nested too) as `k[x][y]=1`, arrays as `k[0]=a&k[1]=b` (Stripe's
 *   `discounts[0][coupon]=…`).
 * null and undefined add nothing. Separators and brackets stay literal, everything else is
 * encoded; nested values a style cannot express are written as compact JSON.
 */
export function appendQueryPairs(
  out: string[],
  key: string,
  value: unknown,
  style: QueryStyle = 'repeat',
  rawKey = false,
): void {
  if (value === null || value === undefined) return;
  const k = rawKey ? key : enc(key);
  const delimiter = DELIMITERS[style];
  if (Array.isArray(value)) {
    if (delimiter !== undefined) out.push(`${k}=${value.map((v) => enc(scalarText(v))).join(delimiter)}`);
    else if (style === 'deepObject')
      value.forEach((v, i) => {
        appendQueryPairs(out, `${k}[${i}]`, v, style, true);
      });
    else for (const v of value) appendQueryPairs(out, k, v, 'comma', true);
    return;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (delimiter !== undefined) {
      out.push(`${k}=${entries.flatMap(([p, v]) => [enc(p), enc(scalarText(v))]).join(delimiter)}`);
      return;
    }
    if (style === 'form') {
      for (const [p, v] of entries) appendQueryPairs(out, p, v, 'comma');
      return;
    }
    for (const [p, v] of entries) appendQueryPairs(out, `${k}[${enc(p)}]`, v, 'deepObject', true);
    return;
  }
  out.push(`${k}=${enc(scalarText(value))}`);
}

/**
 * `application/x-www-form-urlencoded` body: each field written by its style (default
 * `repeat`: arrays repeat their key, objects use brackets).
 */
export function encodeForm(
  fields: Record<string, unknown>,
  styles: Record<string, QueryStyle | undefined> = {},
): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(fields)) appendQueryPairs(pairs, key, value, styles[key]);
  // Form encoding writes spaces as '+' (a spaceDelimited separator too, which is the same).
  return pairs.join('&').replace(/%20/g, '+');
}

/**
 * `multipart/form-data` body of text fields; returns the body and its content type. Arrays
 * repeat their part; a `deepObject` field is spread into bracketed parts (`a[b][0]=…`, as
 * Stripe's multipart endpoints read it); other objects are one part of compact JSON (OpenAPI's
 * default `application/json` for an object part).
 */
export function encodeMultipart(
  fields: Record<string, unknown>,
  styles: Record<string, QueryStyle | undefined> = {},
  boundary = `----toolgate${randomBytes(12).toString('hex')}`,
): { body: string; contentType: string } {
  const parts: string[] = [];
  const add = (name: string, value: unknown) => {
    const safeName = name.replace(/["\r\n]/g, '_');
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${safeName}"\r\n\r\n${scalarText(value)}\r\n`,
    );
  };
  const spread = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) spread(`${name}[${i}]`, v);
    } else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) spread(`${name}[${k}]`, v);
    else add(name, value);
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (styles[name] === 'deepObject' && typeof value === 'object') spread(name, value);
    else if (Array.isArray(value)) for (const v of value) add(name, v);
    else add(name, value);
  }
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `name=value` pairs of a Cookie header, values URL-encoded. */
export function encodeCookies(cookies: Array<[string, unknown]>): string {
  return cookies.map(([name, value]) => `${name}=${enc(scalarText(value))}`).join('; ');
}
