/**
 * HTTP methods are case-sensitive tokens (RFC 9110 §9.1, §5.6.2): any token is a method an
 * upstream may define (`PURGE`, `PROPFIND`, `wHat`), and undici sends it as written.
 */
export const METHOD_TOKEN_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$";

const METHOD_TOKEN = new RegExp(METHOD_TOKEN_PATTERN);

/** The methods every HTTP stack knows; these are compared case-insensitively, as Fetch does. */
const STANDARD = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

/** What a refused method is told, wherever a tool's `http_method` is checked. */
export const METHOD_TOKEN_PROBLEM =
  "must be an HTTP method token (RFC 9110): 1 to 64 letters, digits or !#$%&'*+-.^_`|~, such as GET or PROPFIND";

export function isMethodToken(method: string): boolean {
  return METHOD_TOKEN.test(method);
}

/**
 * The method as it goes on the wire: the standard ones upper-cased (`get` → `GET`, as Fetch
 * and Postman normalise them; servers refuse a lower-case `get`), any other token unchanged.
 */
export function normaliseMethod(method: string): string {
  // Stored methods are nearly always upper case already: no new string for them.
  if (STANDARD.has(method)) return method;
  const upper = method.toUpperCase();
  return STANDARD.has(upper) ? upper : method;
}
