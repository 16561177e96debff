import { BoundedCache } from '../shared/bounded-cache.ts';
import { normaliseMethod } from '../shared/http-method.ts';
import type { ParameterMappingEntry } from '../store/tools.repo.ts';
import { argumentRules, decodeKey } from './declared-args.ts';
import {
  appendQueryPairs,
  encodeCookies,
  encodeForm,
  encodeMultipart,
  headerText,
  type QueryStyle,
  simpleText,
} from './encode.ts';
import { renderJsonTemplate, renderPlaceholders } from './placeholders.ts';
import { RequestUrl } from './request-url.ts';
import type { ExecutableTool } from './types.ts';

/** The request the pipeline sends: header names lower-case, body already encoded. */
export interface PreparedRequest {
  method: string;
  url: RequestUrl;
  headers: Record<string, string>;
  body: string | null;
}

/** Raised when a tool's configuration cannot produce a request (bad URL, bad template). */
export class BuildError extends Error {}

const QUERY_BY_DEFAULT = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
/** A `body` mapping with one of these keys sends the argument as the whole body (e.g. an array). */
const WHOLE_BODY_KEYS = new Set(['', '$']);

/**
 * Turns validated arguments into the outbound request (before authentication):
 *
 * 1. `parameter_mapping` `path` entries fill `{{key}}` or `{key}` in `endpoint_url`; any other
 *    `{{arg}}` there is filled too. URL values are percent-encoded.
 * 2. Tool `headers` and `body_template` placeholders are filled raw (header values lose CR/LF;
 *    JSON templates stay valid JSON, see placeholders.ts).
 * 3. `query`, `header` and `cookie` entries go where they say (query arrays/objects by `style`);
 *    `body` entries become fields of the JSON body, except key `''` or `$`, which makes the
 *    argument the whole body (an array body, or a raw string for non-JSON content types);
 *    `form` entries become form fields.
 * 4. Arguments neither mapped nor used by a placeholder go to the query for GET, HEAD, DELETE and
 *    OPTIONS and to the JSON body otherwise. An argument written to a query key that endpoint_url
 *    fixes replaces that pair (it is never sent twice); undeclared arguments never get this far
 *    (declared-args.ts). A path argument that would make a `.` or `..` segment is refused.
 * 5. The body is form-encoded when there are `form` fields or the tool's `Content-Type` is
 *    `application/x-www-form-urlencoded` (multipart when it is `multipart/form-data`), JSON
 *    otherwise. HEAD never carries a body.
 */
export function buildRequest(tool: ExecutableTool, args: Record<string, unknown>): PreparedRequest {
  const method = normaliseMethod(tool.http_method);
  const mapping: Record<string, ParameterMappingEntry> = tool.parameter_mapping ?? {};
  const used = new Set<string>();

  let urlText = tool.endpoint_url;
  // Object.keys rather than entries, here and below: no [name, value] pair per key per call.
  const mapped = Object.keys(mapping);
  for (const name of mapped) {
    const entry = mapping[name];
    if (entry?.target !== 'path') continue;
    used.add(name);
    const value = simpleText(args[name], pathSegment);
    const [double, single] = pathMarks(entry.key || name);
    // A URL usually holds one of the two forms, once.
    urlText = replaceEvery(replaceEvery(urlText, double, value), single, value);
  }
  urlText = renderPlaceholders(urlText, args, used, urlValue);
  if (urlText !== tool.endpoint_url) refuseDotSegments(tool.endpoint_url, urlText);

  const headers: Record<string, string> = {};
  const toolHeaders = tool.headers ?? {};
  for (const name of Object.keys(toolHeaders))
    headers[name.toLowerCase()] = renderPlaceholders(String(toolHeaders[name]), args, used, headerText);
  const contentType = (headers['content-type'] ?? '').toLowerCase();
  const jsonType = contentType === '' || /[/+]json\b/.test(contentType);

  let template: string | null = null;
  if (typeof tool.body_template === 'string' && tool.body_template !== '') {
    template = jsonType
      ? renderJsonTemplate(tool.body_template, args, used)
      : renderPlaceholders(tool.body_template, args, used, headerText);
  }

  const query: string[] = [];
  const urlQueryKeys = argumentRules(tool).urlQueryKeys;
  /** Query keys fixed in endpoint_url that an argument writes as well: its value replaces theirs. */
  let replaced: Set<string> | undefined;
  const cookies: Array<[string, unknown]> = [];
  const bodyFields: Record<string, unknown> = {};
  const formFields: Record<string, unknown> = {};
  const styles: Record<string, QueryStyle> = {};
  let wholeBody: { value: unknown } | undefined;

  for (const name of mapped) {
    const entry = mapping[name];
    if (!entry || entry.target === 'path') continue;
    used.add(name);
    const value = args[name];
    if (value === undefined) continue;
    const key = entry.key ?? name;
    switch (entry.target) {
      case 'query':
        appendQueryPairs(query, key || name, value, (entry.style ?? 'repeat') as QueryStyle);
        if (value !== null && urlQueryKeys.has(key || name)) replaced = withKey(replaced, key || name);
        break;
      case 'header':
        if (value !== null) headers[(key || name).toLowerCase()] = simpleText(value, headerText);
        break;
      case 'cookie':
        if (value !== null) cookies.push([key || name, value]);
        break;
      case 'form':
        formFields[key || name] = value;
        if (entry.style) styles[key || name] = entry.style;
        break;
      default:
        if (WHOLE_BODY_KEYS.has(key)) wholeBody = { value };
        else {
          bodyFields[key] = value;
          if (entry.style) styles[key] = entry.style;
        }
    }
  }
  for (const name of Object.keys(args)) {
    const value = args[name];
    if (used.has(name) || value === undefined) continue;
    if (QUERY_BY_DEFAULT.has(method)) {
      appendQueryPairs(query, name, value);
      if (value !== null && urlQueryKeys.has(name)) replaced = withKey(replaced, name);
    } else bodyFields[name] = value;
  }
  if (replaced) urlText = dropQueryKeys(urlText, replaced);

  const url = parseUrl(urlText, query);
  if (cookies.length > 0) {
    const own = encodeCookies(cookies);
    headers.cookie = headers.cookie ? `${headers.cookie}; ${own}` : own;
  }

  const body =
    method === 'HEAD'
      ? null
      : encodeBody({ headers, contentType, jsonType, template, bodyFields, formFields, styles, wholeBody });
  return { method, url, headers, body };
}

/** `{{key}}` and `{key}` of a path mapping's key, made once per key rather than per call. */
const marks = new BoundedCache<[string, string]>({ maxEntries: 10_000 });

function pathMarks(key: string): [string, string] {
  let pair = marks.get(key);
  if (!pair) {
    pair = [`{{${key}}}`, `{${key}}`];
    marks.set(key, pair);
  }
  return pair;
}

/**
 * `text` with every `mark` replaced by `value`, taken literally (no `$` patterns). indexOf and
 * slices rather than split and join: V8 splits on a string of more than one character in its
 * runtime, with an array per call.
 */
export function replaceEvery(text: string, mark: string, value: string): string {
  let at = text.indexOf(mark);
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    out += text.slice(from, at) + value;
    from = at + mark.length;
    at = text.indexOf(mark, from);
  }
  return out + text.slice(from);
}

/**
 * A path segment that is, or holds, a `.` or `..` part once percent-decoded (up to three times):
 * `..`, `%2e%2e`, `.%2E`, `%252e%252e`, and `..%2F..` (an upstream that decodes `%2F` before
 * routing would walk up).
 */
function isDotSegment(segment: string): boolean {
  let text = segment;
  for (let i = 0; i < 4; i++) {
    if (text === '.' || text === '..') return true;
    if (i > 0 && text.includes('.') && text.split(/[/\\]/).some((part) => part === '.' || part === '..'))
      return true;
    if (!text.includes('%')) return false;
    try {
      text = decodeURIComponent(text);
    } catch {
      return false;
    }
  }
  return false;
}

/** The first dot segment of a URL's path (between the authority and `?`/`#`), if any. */
function findDotSegment(url: string): string | undefined {
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
  if (start < 0) return undefined;
  let end = url.length;
  for (const mark of ['?', '#']) {
    const at = url.indexOf(mark, start);
    if (at >= 0 && at < end) end = at;
  }
  const path = url.slice(start, end);
  if (!path.includes('.') && !path.includes('%')) return undefined;
  return path.split('/').find(isDotSegment);
}

/**
 * An argument must not make a path segment `.` or `..` (also percent-encoded, `%2e%2e`, `.%2E`,
 * double-encoded): the URL parser, a proxy or the upstream would resolve it and the request
 * would reach another resource (`/users/../profile` is `/profile`) with the server's credentials.
 * A dot segment written in the endpoint_url itself is the operator's and stays.
 */
function refuseDotSegments(template: string, built: string): void {
  const segment = findDotSegment(built);
  if (segment === undefined || findDotSegment(template) !== undefined) return;
  throw new BuildError(
    `a path argument makes the path segment ${JSON.stringify(segment)}, which would resolve as "." or ".."; such values are refused`,
  );
}

function withKey(keys: Set<string> | undefined, key: string): Set<string> {
  const set = keys ?? new Set<string>();
  set.add(key);
  return set;
}

/** `url` without the query pairs whose (decoded) key is one of `keys`. */
function dropQueryKeys(url: string, keys: ReadonlySet<string>): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const hash = url.indexOf('#', mark);
  const end = hash < 0 ? url.length : hash;
  const kept = url
    .slice(mark + 1, end)
    .split('&')
    .filter((pair) => {
      const eq = pair.indexOf('=');
      return pair !== '' && !keys.has(decodeKey(eq < 0 ? pair : pair.slice(0, eq)));
    });
  return `${url.slice(0, mark)}${kept.length > 0 ? `?${kept.join('&')}` : ''}${url.slice(end)}`;
}

function pathSegment(text: string): string {
  return encodeURIComponent(headerText(text));
}

function urlValue(value: unknown): string {
  return encodeURIComponent(headerText(value));
}

/**
 * The endpoint URL with the query pairs added. Usually the joined text as it is (RequestUrl.plain)
 * or one parse of it; a URL with a fragment or with edge whitespace (which the parser strips) is
 * parsed first and its `search` set after, the slower way that is right for those too.
 */
function parseUrl(urlText: string, query: string[]): RequestUrl {
  const joined = query.length > 0 && !urlText.includes('#') && !/^[\0- ]|[\0- ]$/.test(urlText);
  let text = urlText;
  if (joined) {
    const mark = urlText.indexOf('?');
    const existing = mark < 0 ? '' : urlText.slice(mark + 1);
    const base = mark < 0 ? urlText : urlText.slice(0, mark);
    text = `${base}?${[existing, ...query].filter(Boolean).join('&')}`;
  }
  if (joined || query.length === 0) {
    const plain = RequestUrl.plain(text);
    if (plain) return plain;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BuildError(`endpoint_url does not give a valid URL: ${urlText}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BuildError(`endpoint_url must be http or https, not ${url.protocol}`);
  if (!joined && query.length > 0) {
    const existing = url.search.replace(/^\?/, '');
    url.search = [existing, ...query].filter(Boolean).join('&');
  }
  return RequestUrl.of(url);
}

interface BodyParts {
  headers: Record<string, string>;
  contentType: string;
  jsonType: boolean;
  template: string | null;
  bodyFields: Record<string, unknown>;
  formFields: Record<string, unknown>;
  /** Styles of form fields that are arrays or objects (OpenAPI `encoding`), by wire name. */
  styles: Record<string, QueryStyle>;
  wholeBody: { value: unknown } | undefined;
}

// Module-level rather than nested: see the hot-path note in executor.ts.
function encodeBody(p: BodyParts): string | null {
  const hasFields = Object.keys(p.bodyFields).length > 0;
  const hasForm = Object.keys(p.formFields).length > 0;
  if (p.template !== null) {
    if (!p.jsonType || !(hasFields || p.wholeBody)) return withType(p, p.template, 'application/json');
    try {
      const parsed = JSON.parse(p.template) as unknown;
      return withType(p, JSON.stringify(mergeBody(parsed, p.bodyFields)), 'application/json');
    } catch {
      throw new BuildError('body_template does not render to valid JSON');
    }
  }
  // A raw string body under a non-JSON type (`-d 123`, XML, a form body that is not pairs) is
  // sent as it is.
  if (!p.jsonType && !hasForm && typeof p.wholeBody?.value === 'string') return p.wholeBody.value;
  if (hasForm || p.contentType.startsWith('application/x-www-form-urlencoded')) {
    const fields = { ...p.bodyFields, ...p.formFields };
    return withType(p, encodeForm(fields, p.styles), 'application/x-www-form-urlencoded');
  }
  if (p.contentType.startsWith('multipart/form-data')) {
    const { body, contentType: type } = encodeMultipart({ ...p.bodyFields, ...p.formFields }, p.styles);
    p.headers['content-type'] = type;
    return body;
  }
  if (p.wholeBody !== undefined) {
    const value = mergeBody(p.wholeBody.value, p.bodyFields);
    return withType(p, JSON.stringify(value ?? null), 'application/json');
  }
  if (hasFields) return withType(p, JSON.stringify(p.bodyFields), 'application/json');
  return null;
}

/** Body fields merge into an object body; any other body ignores them. */
function mergeBody(base: unknown, bodyFields: Record<string, unknown>): unknown {
  if (base && typeof base === 'object' && !Array.isArray(base)) return { ...base, ...bodyFields };
  return base;
}

function withType(p: BodyParts, body: string, type: string): string {
  if (!p.headers['content-type']) p.headers['content-type'] = type;
  return body;
}
