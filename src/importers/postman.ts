import { ApiError } from '../errors.ts';
import { jsonTextExceedsDepth, MAX_JSON_DEPTH } from '../http/json-depth.ts';
import type { OutboundCredentials } from '../servers/credentials.ts';
import { normaliseMethod } from '../shared/http-method.ts';
import type { ParameterMappingEntry } from '../store/tools.repo.ts';
import { dedupeSlugs, toSnakeSlug } from '../tools/tool-names.ts';
import { credentialFromHeader, credentialFromQuery, isCredentialHeader } from './detect-credentials.ts';
import { createNamer, schemaForValue } from './inputs.ts';
import { pagingOf } from './pagination.ts';
import {
  type Candidate,
  type DetectedCredential,
  isObject,
  type JsonSchema,
  type ParseResult,
  WHOLE_BODY_KEY,
} from './types.ts';

/*
 * Postman Collection v2.1 → candidates `pm_0`, `pm_1`… A small walker of our own (the official
 * SDK weighs 25 MB): folders become tags, collection variables are substituted at parse time
 * (unknown or empty ones stay as `{{name}}`), `:pathVars` become path inputs, and auth
 * inherited from folders and the collection is reported as detected credentials.
 */

type Obj = Record<string, unknown>;
const invalidSpec = (message: string) => new ApiError('invalid_spec', message);

const asArray = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** Substitutes `{{name}}` from the collection's variables; unknown or empty ones stay. */
function createResolver(variables: Map<string, string>): (input: string) => string {
  return (input) => {
    let out = input;
    // Values may themselves hold variables: a few passes, never an endless loop.
    for (let pass = 0; pass < 5; pass++) {
      const next = out.replace(/\{\{([^{}]+)\}\}/g, (whole, name: string) => variables.get(name) || whole);
      if (next === out) break;
      out = next;
    }
    return out;
  };
}

function checkVersion(doc: Obj): void {
  const info = isObject(doc.info) ? doc.info : undefined;
  const schema = text(info?.schema);
  if (!info) {
    if (Array.isArray(doc.requests) || Array.isArray(doc.order))
      throw invalidSpec(
        'This is a Postman collection in the v1 format; export it as Collection v2.1 and import again.',
      );
    throw invalidSpec('The document is not a Postman collection (it has no "info" with a schema).');
  }
  if (!/\/v2\.1\.\d+\//.test(schema)) {
    const version = /\/v(\d+\.\d+\.\d+)\//.exec(schema)?.[1];
    throw invalidSpec(
      version
        ? `Postman collection v${version} is not supported; export it as Collection v2.1 and import again.`
        : 'The collection does not declare the v2.1 schema (info.schema); only Postman Collection v2.1 is imported.',
    );
  }
  if (!Array.isArray(doc.item)) throw invalidSpec('The collection has no "item" array.');
}

/** Converts a Postman auth block; undefined for `noauth` and for types we cannot carry. */
function readAuth(
  auth: Obj,
  resolve: (s: string) => string,
  where: string,
  warnings: string[],
): DetectedCredential | undefined {
  const type = text(auth.type);
  if (type === 'noauth' || type === '') return undefined;
  const fields = new Map(asArray(auth[type]).map((f) => [text(f.key), resolve(text(f.value))]));
  let credentials: OutboundCredentials | undefined;
  if (type === 'bearer') credentials = { type: 'bearer', token: fields.get('token') ?? '' };
  else if (type === 'basic')
    credentials = {
      type: 'basic',
      username: fields.get('username') ?? '',
      password: fields.get('password') ?? '',
    };
  else if (type === 'apikey')
    credentials = {
      type: 'api-key',
      name: fields.get('key') ?? 'X-API-Key',
      value: fields.get('value') ?? '',
      location: fields.get('in') === 'query' ? 'query' : 'header',
    };
  if (!credentials) {
    const note = `${where} uses ${type} authentication, which is not imported; configure the server's outbound auth.`;
    if (!warnings.includes(note)) warnings.push(note);
    return undefined;
  }
  return { credentials, source: `${where} auth` };
}

interface Walk {
  resolve: (s: string) => string;
  candidates: Candidate[];
  credentials: DetectedCredential[];
  warnings: string[];
}

function addInput(
  props: Record<string, JsonSchema>,
  mapping: Record<string, ParameterMappingEntry>,
  name: string,
  wire: string,
  value: unknown,
  target: ParameterMappingEntry['target'],
  description?: string,
) {
  props[name] = schemaForValue(value, description || wire);
  mapping[name] = { target, key: wire };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.content === 'string') return value.content;
  return '';
}

/** Splits the resolved URL into endpoint (path vars as `{{name}}`) and query pairs. */
function readUrl(
  url: unknown,
  resolve: (s: string) => string,
): { endpoint: string; query: Obj[]; vars: Obj[] } {
  const raw = resolve(isObject(url) ? text(url.raw) : text(url)).trim();
  const hash = raw.indexOf('#');
  const noHash = hash >= 0 ? raw.slice(0, hash) : raw;
  const q = noHash.indexOf('?');
  let endpoint = q >= 0 ? noHash.slice(0, q) : noHash;
  let query: Obj[];
  if (isObject(url) && Array.isArray(url.query)) query = asArray(url.query);
  else
    query = (q >= 0 ? noHash.slice(q + 1) : '')
      .split('&')
      .filter(Boolean)
      .map((piece) => {
        const eq = piece.indexOf('=');
        return eq < 0 ? { key: piece, value: null } : { key: piece.slice(0, eq), value: piece.slice(eq + 1) };
      });
  if (endpoint && !/^[a-z][a-z0-9+.-]*:\/\//i.test(endpoint) && !endpoint.startsWith('{{'))
    endpoint = `http://${endpoint}`;
  return { endpoint, query, vars: isObject(url) ? asArray(url.variable) : [] };
}

function addBody(
  body: Obj,
  props: Record<string, JsonSchema>,
  mapping: Record<string, ParameterMappingEntry>,
  headers: Record<string, string>,
  name: (wire: string, prefix?: string) => string,
  walk: Walk,
  itemName: string,
) {
  const mode = text(body.mode);
  const hasType = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
  const setType = (type: string) => {
    if (!hasType) headers['Content-Type'] = type;
  };
  const fields = (list: unknown) => asArray(list).filter((f) => f.disabled !== true && text(f.key) !== '');
  if (mode === 'urlencoded') {
    for (const f of fields(body.urlencoded))
      addInput(
        props,
        mapping,
        name(text(f.key), 'body'),
        text(f.key),
        walk.resolve(text(f.value)),
        'body',
        describe(f.description),
      );
    setType('application/x-www-form-urlencoded');
  } else if (mode === 'formdata') {
    for (const f of fields(body.formdata)) {
      const file = f.type === 'file';
      if (file)
        walk.warnings.push(
          `"${itemName}": form field "${text(f.key)}" uploads a file; it is imported as a text field.`,
        );
      const value = file ? text(Array.isArray(f.src) ? f.src[0] : f.src) : walk.resolve(text(f.value));
      addInput(
        props,
        mapping,
        name(text(f.key), 'form'),
        text(f.key),
        value,
        'body',
        describe(f.description),
      );
    }
    setType('multipart/form-data');
  } else if (mode === 'graphql' && isObject(body.graphql)) {
    const gql = body.graphql;
    addInput(
      props,
      mapping,
      name('query', 'body'),
      'query',
      walk.resolve(text(gql.query)),
      'body',
      'GraphQL query',
    );
    let variables: unknown = {};
    try {
      variables = gql.variables ? JSON.parse(walk.resolve(text(gql.variables))) : {};
    } catch {
      variables = walk.resolve(text(gql.variables));
    }
    addInput(props, mapping, name('variables', 'body'), 'variables', variables, 'body', 'GraphQL variables');
    setType('application/json');
  } else if (mode === 'raw') {
    const raw = walk.resolve(text(body.raw));
    if (raw.trim() === '') return;
    const options = isObject(body.options) && isObject(body.options.raw) ? body.options.raw : {};
    let json: unknown;
    try {
      json = /^\s*[[{]/.test(raw) ? JSON.parse(raw) : undefined;
    } catch {
      json = undefined;
    }
    // The Content-Type Postman itself sends for the raw body's language (text when none).
    const byLanguage: Record<string, string> = {
      json: 'application/json',
      xml: 'application/xml',
      html: 'text/html',
      javascript: 'application/javascript',
    };
    setType(byLanguage[text(options.language)] ?? 'text/plain');
    const typeKey = Object.keys(headers).find((h) => h.toLowerCase() === 'content-type');
    const jsonType = /[/+]json\b/i.test(typeKey ? (headers[typeKey] ?? '') : '');
    if (json !== undefined && !jsonType) {
      walk.warnings.push(
        `"${itemName}": the body looks like JSON but is sent as ${headers[typeKey ?? ''] ?? 'text/plain'}, as Postman sends it; set the body language to JSON (or a Content-Type header) if the API expects JSON.`,
      );
      json = undefined;
    }
    if (isObject(json)) {
      for (const [key, value] of Object.entries(json))
        addInput(props, mapping, name(key, 'body'), key, value, 'body');
    } else {
      const input = name('body', 'request');
      props[input] = schemaForValue(json ?? raw, 'request body');
      mapping[input] = { target: 'body', key: WHOLE_BODY_KEY };
    }
  } else if (mode === 'file') {
    walk.warnings.push(`"${itemName}": a file body is not imported.`);
  }
}

function addRequest(item: Obj, tags: string[], auth: DetectedCredential | undefined, walk: Walk) {
  const itemName = text(item.name) || 'request';
  const request: Obj = isObject(item.request) ? item.request : { url: item.request, method: 'GET' };
  const { endpoint: rawEndpoint, query, vars } = readUrl(request.url, walk.resolve);
  if (!rawEndpoint) {
    walk.warnings.push(`"${itemName}" has no URL and was skipped.`);
    return;
  }
  const props: Record<string, JsonSchema> = {};
  const mapping: Record<string, ParameterMappingEntry> = {};
  const required: string[] = [];
  const name = createNamer();
  const varValues = new Map(vars.map((v) => [text(v.key), walk.resolve(text(v.value))]));
  // `:id` path segments (after the host) become `{{id}}` path inputs.
  const origin = /^([a-z][a-z0-9+.-]*:\/\/[^/]*|\{\{[^}]+\}\}[^/]*)/i.exec(rawEndpoint)?.[0] ?? '';
  const path = rawEndpoint
    .slice(origin.length)
    .replace(/\/:([A-Za-z_][A-Za-z0-9_.-]*)/g, (_w, wire: string) => {
      const input = name(wire, 'path');
      addInput(props, mapping, input, input, varValues.get(wire) ?? '', 'path', wire);
      mapping[input] = { target: 'path', key: input };
      required.push(input);
      return `/{{${input}}}`;
    });
  for (const q of query) {
    if (q.disabled === true || text(q.key) === '') continue;
    const wire = walk.resolve(text(q.key));
    const value = q.value === null ? '' : walk.resolve(text(q.value));
    addInput(props, mapping, name(wire, 'query'), wire, value, 'query', describe(q.description));
  }
  const headers: Record<string, string> = {};
  const found: DetectedCredential[] = auth ? [auth] : [];
  for (const h of asArray(request.header)) {
    if (h.disabled === true || text(h.key) === '') continue;
    const key = text(h.key);
    const value = walk.resolve(text(h.value));
    if (isCredentialHeader(key)) found.push(credentialFromHeader(key, value));
    else headers[key] = value;
  }
  for (const [input, entry] of Object.entries(mapping))
    if (entry.target === 'query' && /^(api[-_]?key|apikey|key|access[-_]?token|token)$/i.test(entry.key)) {
      const example = (props[input]?.examples as unknown[] | undefined)?.[0];
      found.push(credentialFromQuery(entry.key, text(example)));
      delete props[input];
      delete mapping[input];
    }
  if (isObject(request.body)) addBody(request.body, props, mapping, headers, name, walk, itemName);
  walk.credentials.push(...found);
  const method = normaliseMethod(text(request.method || 'GET'));
  const description = describe(request.description) || describe(item.description);
  const itemId = text(item.id) || text(item._postman_id);
  walk.candidates.push({
    temp_id: `pm_${walk.candidates.length}`,
    name: itemName.slice(0, 200),
    slug: toSnakeSlug(itemName, 'request'),
    description: description.slice(0, 10_000),
    endpoint_url: origin + path,
    http_method: method,
    operation: { ...(itemId ? { id: itemId } : {}), method, path: rawEndpoint.slice(origin.length) || '/' },
    input_schema: { type: 'object', properties: props, required },
    parameter_mapping: mapping,
    ...pagingOf(mapping),
    headers: Object.keys(headers).length ? headers : null,
    tags,
  });
}

function walkItems(items: unknown, tags: string[], inherited: DetectedCredential | undefined, walk: Walk) {
  for (const item of asArray(items)) {
    let auth = inherited;
    const where = item.request === undefined ? `folder "${text(item.name)}"` : `request "${text(item.name)}"`;
    const ownAuth = isObject(item.auth)
      ? item.auth
      : isObject(item.request) && isObject(item.request.auth)
        ? item.request.auth
        : undefined;
    if (ownAuth)
      auth =
        text(ownAuth.type) === 'noauth' ? undefined : readAuth(ownAuth, walk.resolve, where, walk.warnings);
    if (Array.isArray(item.item)) walkItems(item.item, [...tags, text(item.name)], auth, walk);
    else addRequest(item, tags, auth, walk);
  }
}

/** Keeps only credentials whose values are all known (no unresolved `{{var}}`), without repeats. */
function usableCredentials(found: DetectedCredential[], warnings: string[]): DetectedCredential[] {
  const seen = new Set<string>();
  const out: DetectedCredential[] = [];
  for (const f of found) {
    const key = JSON.stringify(f.credentials);
    if (seen.has(key)) continue;
    seen.add(key);
    const values = Object.values(f.credentials).filter((v) => typeof v === 'string') as string[];
    if (values.some((v) => /\{\{[^}]+\}\}/.test(v))) {
      warnings.push(
        `${f.source} refers to variables the collection does not define; set the server's credentials.`,
      );
      continue;
    }
    out.push(f);
  }
  return out;
}

/** Parses a Postman v2.1 collection (text or already-parsed object). 400 `invalid_spec` otherwise. */
export function parsePostman(input: string | Obj): ParseResult {
  let doc: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') throw invalidSpec('The collection is empty.');
    // Folders are walked recursively: a collection nested thousands of levels deep is refused.
    if (jsonTextExceedsDepth(input))
      throw invalidSpec(`The collection nests deeper than ${MAX_JSON_DEPTH} levels.`);
    try {
      doc = JSON.parse(input);
    } catch (err) {
      throw invalidSpec(`The collection is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (!isObject(doc)) throw invalidSpec('The collection is not a JSON object.');
  checkVersion(doc);
  const variables = new Map<string, string>();
  for (const v of asArray(doc.variable))
    if (v.disabled !== true && text(v.key)) variables.set(text(v.key), text(v.value));
  const walk: Walk = { resolve: createResolver(variables), candidates: [], credentials: [], warnings: [] };
  const rootAuth = isObject(doc.auth)
    ? readAuth(doc.auth, walk.resolve, 'collection', walk.warnings)
    : undefined;
  walkItems(doc.item, [], rootAuth, walk);
  dedupeSlugs(walk.candidates);
  const info = doc.info as Obj;
  return {
    candidates: walk.candidates,
    info: { title: text(info.name), version: typeof info.version === 'string' ? info.version : '' },
    credentials: usableCredentials(walk.credentials, walk.warnings),
    warnings: walk.warnings,
  };
}
