import { parse as parseShellCurl } from 'curlconverter/dist/src/parse.js';
import type { Request as CurlRequest } from 'curlconverter/dist/src/Request.js';
import { ApiError } from '../errors.ts';
import { isMethodToken, normaliseMethod } from '../shared/http-method.ts';
import type { ParameterMappingEntry } from '../store/tools.repo.ts';
import { toSlug } from '../tools/tool-names.ts';
import {
  basicCredential,
  combineCredentials,
  credentialFromBody,
  credentialFromHeader,
  credentialFromQuery,
  isCredentialField,
  isCredentialHeader,
  isCredentialQuery,
} from './detect-credentials.ts';
import { createNamer, schemaForValue } from './inputs.ts';
import {
  type Candidate,
  type DetectedCredential,
  type JsonSchema,
  type ParseResult,
  WHOLE_BODY_KEY,
} from './types.ts';

/*
 * cURL import: curlconverter's shell-words parser (quotes, ANSI-C strings, line continuations,
 * heredocs, every option curl knows) turns the command into a request; this file turns the
 * request into one tool. Every input keeps the value it had in the command as `examples`, so
 * the command can be replayed exactly.
 */

const invalidCurl = (message: string) => new ApiError('svc_invalid_curl', message);

/** Rewrites Windows cmd (`^`) and PowerShell (backtick) line continuations into POSIX shell. */
export function normaliseShell(command: string): string {
  let text = command.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (/\^\n/.test(text)) {
    // cmd.exe: `^` escapes the next character (Chrome's "copy as cURL (cmd)" writes ^" and ^^).
    text = text.replace(/\^\n/g, ' ').replace(/\^(.)/g, '$1');
  }
  if (/`\n/.test(text)) text = text.replace(/`\n/g, ' ');
  // A leading shell prompt (`$ curl …`).
  return text.replace(/^\s*\$\s+(?=curl\b)/, '');
}

/** Splits a form/query string into decoded pairs; pieces without `=` are returned as null. */
function splitPairs(text: string): Array<[string, string] | null> {
  return text
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const eq = piece.indexOf('=');
      if (eq < 0) return null;
      return [decodeFormComponent(piece.slice(0, eq)), decodeFormComponent(piece.slice(eq + 1))];
    });
}

function decodeFormComponent(text: string): string {
  const plus = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    // A literal `%` that is not an escape (`secret=*%5*!`) stays as written.
    return plus;
  }
}

/** Groups repeated keys: one value stays a string, several become an array. */
function groupPairs(pairs: Array<[string, string]>): Map<string, string | string[]> {
  const grouped = new Map<string, string | string[]>();
  for (const [key, value] of pairs) {
    const prev = grouped.get(key);
    if (prev === undefined) grouped.set(key, value);
    else grouped.set(key, Array.isArray(prev) ? [...prev, value] : [prev, value]);
  }
  return grouped;
}

/**
 * The first quote the command opens and never closes, as shell words read it (`'…'`, `"…"` with
 * backslash escapes, `$'…'`, a backslash outside quotes escapes one character, `#` starts a
 * comment): its offset and the option it belongs to. Undefined when every quote closes, or when
 * a heredoc makes the text after `<<` data rather than words.
 */
/** An option word (`-H`, `--data-raw`), read in place (sticky) rather than from a slice of the rest. */
const OPTION_WORD = /-[-\w]*/y;

function findUnclosedQuote(text: string): { quote: string; at: number; option?: string } | undefined {
  if (text.includes('<<')) return undefined;
  let i = 0;
  let option: string | undefined;
  let wordStart = true;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      wordStart = true;
      i++;
      continue;
    }
    if (wordStart && ch === '-') {
      OPTION_WORD.lastIndex = i;
      option = OPTION_WORD.exec(text)?.[0];
    }
    if (wordStart && ch === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    wordStart = false;
    if (ch === '\\') i += 2;
    else if (ch === "'" || ch === '"' || (ch === '$' && text[i + 1] === "'")) {
      const quote = ch === '$' ? "'" : ch;
      const open = ch === '$' ? i + 1 : i;
      const escapes = quote === '"' || ch === '$';
      let j = open + 1;
      while (j < text.length && text[j] !== quote) j += escapes && text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return { quote, at: open, option };
      i = j + 1;
    } else i++;
  }
  return undefined;
}

function readRequest(command: string, warnings: string[]): CurlRequest {
  const shellWarnings: [string, string][] = [];
  const text = normaliseShell(command);
  const unclosed = findUnclosedQuote(text);
  if (unclosed)
    throw invalidCurl(
      `The command has an unclosed ${unclosed.quote === '"' ? 'double' : 'single'} quote (${unclosed.quote}) at character ${unclosed.at + 1}${unclosed.option ? `, in the value of ${unclosed.option}` : ''}; close it and import again.`,
    );
  let requests: CurlRequest[];
  try {
    requests = parseShellCurl(text, undefined, shellWarnings);
  } catch (err) {
    throw invalidCurl(`The cURL command could not be parsed: ${(err as Error).message.split('\n')[0]}`);
  }
  const pipeline = shellWarnings.find(([code]) => code === 'multiple-curl-in-pipeline');
  if (requests.length > 1 || pipeline)
    throw invalidCurl(
      pipeline
        ? 'The input is a pipeline of several curl commands; import one command at a time.'
        : `The input holds ${requests.length} curl requests; import one command at a time.`,
    );
  const request = requests[0];
  if (!request) throw invalidCurl('No curl command found.');
  for (const [code, message] of shellWarnings) {
    if (code === 'unsafe-data' || code === 'next') continue;
    const text =
      code === 'expansion'
        ? 'The command uses shell variables or command substitutions; they are imported as literal text.'
        : message.split('\n')[0]!;
    if (!warnings.includes(text)) warnings.push(text);
  }
  if (request.dataReadsFile !== undefined || request.urls[0]?.queryReadsFile !== undefined)
    throw invalidCurl(
      `The command reads data from ${request.dataReadsFile === '-' ? 'standard input' : `the file "${request.dataReadsFile ?? request.urls[0]?.queryReadsFile}"`}, which an imported tool cannot replay; put the data in the command.`,
    );
  if (request.urls.length > 1)
    warnings.push(`The command has ${request.urls.length} URLs; only the first is imported.`);
  return request;
}

interface Builder {
  properties: Record<string, JsonSchema>;
  mapping: Record<string, ParameterMappingEntry>;
  name: (wire: string, prefix?: string) => string;
  /** Secrets found so far: they go to the test credentials, never into an input or its examples. */
  credentials: DetectedCredential[];
}

/**
 * A copy of a nested body value with the strings under secret-looking names (`{"auth":
 * {"api_key": …}}`) replaced by `""`, and the dotted paths it replaced: the example an input
 * keeps must not show them. Credentials go in top-level fields only, so these are not saved.
 */
function withoutNestedSecrets(value: unknown, path: string, found: string[]): unknown {
  if (Array.isArray(value)) return value.map((v, i) => withoutNestedSecrets(v, `${path}[${i}]`, found));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' && v !== '' && isCredentialField(key)) {
      found.push(`${path}.${key}`);
      out[key] = '';
    } else out[key] = withoutNestedSecrets(v, `${path}.${key}`, found);
  }
  return out;
}

/**
 * A body field that carries a secret becomes a body key of the test credentials (sent at call
 * time, see executor/key-placement.ts) instead of an input; true when it did.
 */
function takeSecretField(b: Builder, wire: string, value: unknown): boolean {
  if (!isCredentialField(wire)) return false;
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value[0] : undefined;
  if (typeof text !== 'string' || text === '') return false;
  b.credentials.push(credentialFromBody(wire, text));
  return true;
}

function addInput(
  b: Builder,
  wire: string,
  value: unknown,
  entry: Omit<ParameterMappingEntry, 'key'>,
  prefix: string,
) {
  const name = b.name(wire, prefix);
  const schema = schemaForValue(value, wire);
  if (Array.isArray(value) && entry.target !== 'body') schema.items = { type: 'string' };
  b.properties[name] = schema;
  b.mapping[name] = { ...entry, key: wire };
}

/** One input that is the whole body (a raw string sent as it is, or a JSON value). */
function addWholeBody(b: Builder, value: unknown): void {
  const name = b.name('body');
  b.properties[name] = schemaForValue(value, 'request body');
  b.mapping[name] = { target: 'body', key: WHOLE_BODY_KEY };
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Body of the command → inputs. The request keeps the Content-Type curl sends (`-d` without
 * one is `application/x-www-form-urlencoded`, `--json` is `application/json`; curlconverter
 * puts those in the headers), and the body goes out as curl sends it:
 * - JSON types: an object's top-level fields become inputs; an empty object, or text that is
 *   not JSON, is kept verbatim as the tool's `body_template`; another JSON value (array,
 *   number) is one whole-body input;
 * - form types: `key=value` pairs become inputs; anything else (`-d 123`, a JSON-looking body
 *   without a Content-Type header) is one whole-body string sent byte for byte;
 * - any other type: one whole-body string.
 */
function addBody(
  b: Builder,
  request: CurlRequest,
  headers: Record<string, string>,
  warnings: string[],
  command: string,
): string | undefined {
  if (request.multipartUploads?.length) {
    // The executor builds multipart/form-data (with its own boundary) from `body` fields when
    // the tool's Content-Type says so, as curl -F does.
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'multipart/form-data';
    for (const part of request.multipartUploads) {
      const wire = part.name.toString();
      if ('contentFile' in part && part.contentFile !== undefined) {
        warnings.push(
          `Form field "${wire}" uploads the file ${part.contentFile.toString()}; it is imported as a text field.`,
        );
        addInput(b, wire, part.contentFile.toString(), { target: 'body' }, 'form');
      } else if ('content' in part) {
        if (!takeSecretField(b, wire, part.content.toString()))
          addInput(b, wire, part.content.toString(), { target: 'body' }, 'form');
      }
    }
    return undefined;
  }
  if (request.data === undefined) return undefined;
  const text = request.data.toString();
  if (text === '') return undefined;
  const contentTypeKey = Object.keys(headers).find((h) => h.toLowerCase() === 'content-type');
  const contentType = contentTypeKey ? headers[contentTypeKey]!.toLowerCase() : '';
  if (/[/+]json\b/.test(contentType)) {
    const parsed = parseJson(text);
    if (!parsed) {
      warnings.push('The body is not valid JSON; the tool sends it verbatim, without inputs.');
      return text;
    }
    const value = parsed.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      addWholeBody(b, value);
      return undefined;
    }
    // An empty object (`--json '{   }'`) has nothing to ask for: it is sent verbatim.
    if (Object.keys(value).length === 0) return text;
    const nested: string[] = [];
    for (const [key, field] of Object.entries(value))
      if (!takeSecretField(b, key, field))
        addInput(b, key, withoutNestedSecrets(field, key, nested), { target: 'body' }, 'body');
    if (nested.length)
      warnings.push(
        `Secret-looking nested body fields (${nested.join(', ')}) were emptied in the examples and not saved: only top-level fields can be test credentials. Callers send them as arguments.`,
      );
    return undefined;
  }
  const json = /^\s*[[{]/.test(text) ? parseJson(text) : undefined;
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    if (json && !/content-type/i.test(command))
      warnings.push(
        'The body looks like JSON, but the command sets no Content-Type, so curl sends it as application/x-www-form-urlencoded and so does the tool. If the API expects JSON, add -H "Content-Type: application/json" to the command (or set the header on the tool).',
      );
    const pairs = json ? [] : splitPairs(text);
    if (pairs.length > 0 && pairs.every((p) => p !== null)) {
      for (const [key, value] of groupPairs(pairs as Array<[string, string]>))
        if (!takeSecretField(b, key, value)) addInput(b, key, value, { target: 'body' }, 'body');
      return undefined;
    }
  }
  addWholeBody(b, text);
  return undefined;
}

/**
 * A header that repeats a detected secret (a CSRF canary header copying its cookie, as Outlook
 * Web App sends) is a credential too: it leaves the tool with the rest.
 */
function takeEchoedSecrets(headers: Record<string, string>, found: DetectedCredential[]): void {
  const secrets = new Set(
    found.map((f) => ('value' in f.credentials ? f.credentials.value : '')).filter((v) => v.length >= 8),
  );
  if (secrets.size === 0) return;
  for (const name of Object.keys(headers))
    if (secrets.has(headers[name]!)) {
      found.push(credentialFromHeader(name, headers[name]!));
      delete headers[name];
    }
}

/** `post_v1_chat_completions` from the method and the URL path; `imported_tool` for a bare origin. */
export function nameFromRequest(method: string, endpoint: string): string {
  let path = '';
  try {
    path = decodeURIComponent(new URL(endpoint).pathname);
  } catch {
    path = endpoint.replace(/^[a-z]+:\/\/[^/]*/i, '').split('?')[0] ?? '';
  }
  const words = path
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return 'imported_tool';
  const name = `${method.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${words.join('_')}`;
  // Long paths keep their end, which names the resource.
  return name.length <= 64 ? name : name.slice(0, 64).replace(/_+$/, '');
}

/**
 * Parses one cURL command into one candidate tool. Credentials (Authorization, `-u`,
 * `--oauth2-bearer`, API-key and token headers, cookies, secret query parameters and body
 * fields) are taken out of the tool and returned as one detected credential set. Throws 400 `svc_invalid_curl` for what cannot be imported.
 */
export function parseCurl(command: string, opts: { name?: string; description?: string } = {}): ParseResult {
  const warnings: string[] = [];
  const request = readRequest(command, warnings);
  const url = request.urls[0]!;
  const credentials: DetectedCredential[] = [];
  const b: Builder = { properties: {}, mapping: {}, name: createNamer(), credentials };

  const headers: Record<string, string> = {};
  for (const [nameWord, valueWord] of request.headers.headers) {
    if (valueWord === null) continue;
    const name = nameWord.toString();
    const value = valueWord.toString();
    if (name.toLowerCase() === 'content-length') continue;
    // `-b 'sid=…'` and `-H 'Cookie: …'` (a session is a credential) are a Cookie header here.
    if (isCredentialHeader(name)) credentials.push(credentialFromHeader(name, value));
    else headers[name] = value;
  }
  if (url.auth && request.authType !== 'bearer' && request.authType !== 'none') {
    const [user, password] = url.auth;
    if (request.authType !== 'basic')
      warnings.push(
        `${request.authType} authentication is saved as basic credentials; set the server's auth type.`,
      );
    credentials.push(basicCredential(user.toString(), password.toString(), '-u'));
  }

  const full = url.url.toString().replace(/#.*$/, '');
  const q = full.indexOf('?');
  let endpoint = q < 0 ? full : full.slice(0, q);
  const literalPieces: string[] = [];
  if (q >= 0) {
    const query = full.slice(q + 1);
    const pairs: Array<[string, string]> = [];
    for (const [i, pair] of splitPairs(query).entries()) {
      if (pair) pairs.push(pair);
      else literalPieces.push(query.split('&').filter((p) => p !== '')[i]!);
    }
    for (const [key, value] of groupPairs(pairs)) {
      const values = typeof value === 'string' ? [value] : value;
      if (isCredentialQuery(key) && values.every((v) => v !== ''))
        for (const v of values) credentials.push(credentialFromQuery(key, v));
      else addInput(b, key, value, { target: 'query' }, 'query');
    }
  }
  // A bare flag such as `?pretty` has no value to make an input of: it stays in the URL.
  if (literalPieces.length) endpoint += `?${literalPieces.join('&')}`;

  const bodyTemplate = addBody(b, request, headers, warnings, command);

  takeEchoedSecrets(headers, credentials);

  const method = normaliseMethod(url.method.toString());
  if (!isMethodToken(method)) throw invalidCurl(`"${method}" is not an HTTP method (RFC 9110 token).`);
  const name = opts.name?.trim() || nameFromRequest(method, endpoint);
  const candidate: Candidate = {
    temp_id: 'curl_0',
    name,
    slug: toSlug(name, 'imported_tool'),
    description: opts.description ?? `Imported from cURL: ${method} ${endpoint}`,
    endpoint_url: endpoint,
    http_method: method,
    input_schema: { type: 'object', properties: b.properties, required: [] },
    parameter_mapping: b.mapping,
    headers: Object.keys(headers).length ? headers : null,
    ...(bodyTemplate !== undefined ? { body_template: bodyTemplate } : {}),
    tags: [],
  };
  return {
    candidates: [candidate],
    info: { title: name, version: '' },
    credentials: combineCredentials(credentials),
    warnings,
  };
}
