import { ApiError } from '../errors.ts';
import { exceedsDepth, jsonTextExceedsDepth, MAX_JSON_DEPTH } from '../http/json-depth.ts';
import { normaliseMethod } from '../shared/http-method.ts';
import { isObject } from './types.ts';

/*
 * A HAR 1.2 document (DevTools "Save all as HAR", Playwright's recordHar, a proxy's export) read
 * into plain entries. Every field the importer uses is type-checked here, so the rest of the
 * importer works on known shapes: a malformed file is a 400 naming the entry and the field.
 */

type Obj = Record<string, unknown>;

/** Most entries one HAR may hold; a longer recording is refused before anything is inferred. */
export const MAX_HAR_ENTRIES = 10_000;
/** A recorded body (request or response) longer than this is not read for inference. */
export const MAX_HAR_BODY_CHARS = 2 * 1024 * 1024;

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarBody {
  /** The recorded MIME type, lower-case, parameters kept (`multipart/form-data; boundary=…`). */
  mime: string;
  text?: string;
  params?: Array<{ name: string; value: string; file: boolean }>;
}

export interface HarEntry {
  /** Position in `log.entries`, from 0. */
  index: number;
  method: string;
  url: URL;
  headers: HarHeader[];
  body?: HarBody;
  /** The request carried cookies (a `Cookie` header or the `cookies` list). */
  sentCookies: boolean;
  /** Chrome's and Playwright's `_resourceType` (`fetch`, `script`, `ping`, `preflight`…). */
  resourceType?: string;
  /** 0 (DevTools) or -1 (Playwright) for a request that failed or was aborted. */
  status: number;
  /** The response's MIME type without parameters, lower-case (`application/json`). */
  responseMime: string;
  /** The response text when recorded (base64 content decoded), at most MAX_HAR_BODY_CHARS. */
  responseText?: string;
  responseSize: number;
  /** The response set cookies (`Set-Cookie` headers or the `cookies` list). */
  setCookies: boolean;
}

export interface HarDocument {
  entries: HarEntry[];
}

export const invalidHar = (message: string) => new ApiError('invalid_spec', message);

function tooManyEntries(count: number): ApiError {
  return new ApiError(
    'svc_import_too_large',
    `The HAR has ${count} entries; at most ${MAX_HAR_ENTRIES} are read. Record a shorter session, or save only the API's requests (DevTools: filter Fetch/XHR before saving).`,
    { limit_entries: MAX_HAR_ENTRIES },
  );
}

/** The optional string field `key` of `obj`; a wrong type is a 400 naming `where`. */
function optionalString(obj: Obj, key: string, where: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidHar(`${where}.${key} must be a string.`);
  return value;
}

function readPairs(value: unknown, where: string): Obj[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidHar(`${where} must be an array.`);
  return value.map((item, i) => {
    if (!isObject(item) || typeof item.name !== 'string')
      throw invalidHar(`${where}[${i}] must be an object with a string "name".`);
    if (item.value !== undefined && item.value !== null && typeof item.value !== 'string')
      throw invalidHar(`${where}[${i}].value must be a string.`);
    return item;
  });
}

function readHeaders(value: unknown, where: string): HarHeader[] {
  return readPairs(value, where).map((h) => ({ name: h.name as string, value: (h.value as string) ?? '' }));
}

/** The MIME type without parameters, lower-case. */
export function essenceOf(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

function readBody(postData: unknown, where: string): HarBody | undefined {
  if (postData === undefined || postData === null) return undefined;
  if (!isObject(postData)) throw invalidHar(`${where} must be an object.`);
  const mime = optionalString(postData, 'mimeType', where) ?? '';
  const text = optionalString(postData, 'text', where);
  const params = readPairs(postData.params, `${where}.params`).map((p) => ({
    name: p.name as string,
    value: (p.value as string) ?? '',
    file: typeof p.fileName === 'string' && p.fileName !== '',
  }));
  if (!text && params.length === 0) return undefined;
  return {
    mime: mime.toLowerCase(),
    ...(text && text.length <= MAX_HAR_BODY_CHARS ? { text } : {}),
    ...(params.length ? { params } : {}),
  };
}

function readResponseText(content: Obj, where: string): string | undefined {
  const text = optionalString(content, 'text', where);
  if (!text || text.length > MAX_HAR_BODY_CHARS) return undefined;
  if (content.encoding === 'base64') return Buffer.from(text, 'base64').toString('utf8');
  return text;
}

function readEntry(raw: unknown, index: number): HarEntry {
  const where = `log.entries[${index}]`;
  if (!isObject(raw)) throw invalidHar(`${where} must be an object.`);
  const request = raw.request;
  const response = raw.response;
  if (!isObject(request)) throw invalidHar(`${where}.request must be an object.`);
  if (!isObject(response)) throw invalidHar(`${where}.response must be an object.`);
  if (typeof request.method !== 'string' || request.method.trim() === '')
    throw invalidHar(`${where}.request.method must be a non-empty string.`);
  if (typeof request.url !== 'string') throw invalidHar(`${where}.request.url must be a string.`);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw invalidHar(`${where}.request.url is not an absolute URL.`);
  }
  const status = response.status;
  if (typeof status !== 'number' || !Number.isFinite(status))
    throw invalidHar(`${where}.response.status must be a number.`);
  const content = response.content ?? {};
  if (!isObject(content)) throw invalidHar(`${where}.response.content must be an object.`);
  const headers = readHeaders(request.headers, `${where}.request.headers`);
  const responseHeaders = readHeaders(response.headers, `${where}.response.headers`);
  const cookies = readPairs(request.cookies, `${where}.request.cookies`);
  const setCookies = readPairs(response.cookies, `${where}.response.cookies`);
  const declared =
    optionalString(content, 'mimeType', `${where}.response.content`) ||
    responseHeaders.find((h) => h.name.toLowerCase() === 'content-type')?.value ||
    '';
  const body = readBody(request.postData, `${where}.request.postData`);
  const responseText = readResponseText(content, `${where}.response.content`);
  return {
    index,
    method: normaliseMethod(request.method.trim()),
    url,
    headers,
    ...(body ? { body } : {}),
    sentCookies: cookies.length > 0 || headers.some((h) => h.name.toLowerCase() === 'cookie'),
    ...(typeof raw._resourceType === 'string' ? { resourceType: raw._resourceType.toLowerCase() } : {}),
    status,
    responseMime: essenceOf(declared),
    ...(responseText === undefined ? {} : { responseText }),
    responseSize: typeof content.size === 'number' ? content.size : -1,
    setCookies: setCookies.length > 0 || responseHeaders.some((h) => h.name.toLowerCase() === 'set-cookie'),
  };
}

/**
 * Reads a HAR from its text or its parsed object: 400 `invalid_spec` for what is not a HAR (not
 * JSON, nested past the depth limit, no `log.entries`, a field of the wrong type), 400
 * `svc_import_too_large` past MAX_HAR_ENTRIES.
 */
export function readHar(input: string | Obj): HarDocument {
  let doc: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') throw invalidHar('The HAR file is empty.');
    if (jsonTextExceedsDepth(input)) throw invalidHar(`The HAR nests deeper than ${MAX_JSON_DEPTH} levels.`);
    try {
      doc = JSON.parse(input);
    } catch (err) {
      throw invalidHar(`The HAR file is not valid JSON: ${(err as Error).message}`);
    }
  } else if (exceedsDepth(input)) throw invalidHar(`The HAR nests deeper than ${MAX_JSON_DEPTH} levels.`);
  if (!isObject(doc)) throw invalidHar('The HAR file is not a JSON object.');
  const log = doc.log;
  if (!isObject(log))
    throw invalidHar('The file is not a HAR: it has no "log" object (save it with "Save all as HAR").');
  if (!Array.isArray(log.entries)) throw invalidHar('The HAR has no "log.entries" array.');
  if (log.entries.length > MAX_HAR_ENTRIES) throw tooManyEntries(log.entries.length);
  return { entries: log.entries.map(readEntry) };
}
