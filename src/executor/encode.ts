import { randomBytes } from 'node:crypto';

export type QueryStyle = 'repeat' | 'comma' | 'deepObject';

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
 * Appends `key=value` pairs for one argument, as OpenAPI's query styles put them:
 * - `repeat` (default; form, explode): arrays as `k=a&k=b`, objects as `k[x]=1` (deepObject);
 * - `comma` (form, no explode): arrays as `k=a,b`, objects as `k=x,1,y,2`;
 * - `deepObject`: objects (nested too) as `k[x][y]=1`, arrays as `k[0]=a&k[1]=b`.
 * null and undefined add nothing. Commas and brackets stay literal, everything else is encoded.
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
  if (Array.isArray(value)) {
    if (style === 'comma') out.push(`${k}=${value.map((v) => enc(scalarText(v))).join(',')}`);
    else if (style === 'deepObject')
      value.forEach((v, i) => {
        appendQueryPairs(out, `${k}[${i}]`, v, style, true);
      });
    else for (const v of value) appendQueryPairs(out, k, v, 'comma', true);
    return;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (style === 'comma') {
      out.push(`${k}=${entries.flatMap(([p, v]) => [enc(p), enc(scalarText(v))]).join(',')}`);
      return;
    }
    for (const [p, v] of entries) appendQueryPairs(out, `${k}[${enc(p)}]`, v, 'deepObject', true);
    return;
  }
  out.push(`${k}=${enc(scalarText(value))}`);
}

/** `application/x-www-form-urlencoded` body: arrays repeat their key, objects use brackets. */
export function encodeForm(fields: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(fields)) appendQueryPairs(pairs, key, value);
  // Form encoding writes spaces as '+'.
  return pairs.join('&').replace(/%20/g, '+');
}

/** `multipart/form-data` body of text fields; returns the body and its content type. */
export function encodeMultipart(
  fields: Record<string, unknown>,
  boundary = `----toolgate${randomBytes(12).toString('hex')}`,
): { body: string; contentType: string } {
  const parts: string[] = [];
  const add = (name: string, value: unknown) => {
    const safeName = name.replace(/["\r\n]/g, '_');
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${safeName}"\r\n\r\n${scalarText(value)}\r\n`,
    );
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) add(name, v);
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
