import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readDocumentText } from '../../src/importers/openapi-document.ts';

/*
 * Test support: checks a captured HTTP request against the OpenAPI operation it should
 * conform to, reading the document on its own (not through the importer): the path against
 * the path template, every query/path/header parameter by its `style`/`explode`, unknown query
 * parameters, required parameters and body, the body's media type, and the body (JSON,
 * form-urlencoded with the `encoding` object's styles and bracket notation, multipart fields)
 * against the schema with Ajv (OpenAPI 3.0 `nullable` and boolean exclusive bounds turned into
 * JSON Schema; strings from the URL or a form coerced to the schema's types, as a server does).
 * No npm OpenAPI request validator parses deepObject/pipe/space styles and bracketed form
 * bodies the way the corpus documents need, hence this small one.
 */

type Obj = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

export interface CapturedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** OpenAPI 3.0 schema words → JSON Schema, in a copy of the whole document. */
function convert30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert30);
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) out[k] = convert30(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  if (out.nullable === false) delete out.nullable;
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined && !Array.isArray(out.enum)) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const pointerOf = (parts: string[]) =>
  `#/${parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

function at(doc: Obj, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObj(node) || Array.isArray(node) ? (node as Obj)[key] : undefined;
  }
  return node;
}

/** Follows `$ref`s; returns the object and the pointer it lives at. */
function resolve(doc: Obj, value: unknown, pointer: string): { value: Obj; pointer: string } | undefined {
  let node = value;
  let where = pointer;
  for (let i = 0; i < 20 && isObj(node) && typeof node.$ref === 'string'; i++) {
    where = node.$ref;
    node = at(doc, where);
  }
  return isObj(node) ? { value: node, pointer: where } : undefined;
}

/** `a[b][0][c]` keys → nested objects; objects whose keys are 0…n-1 become arrays. */
function bracketParse(pairs: Array<[string, string]>): Obj {
  const root: Obj = {};
  for (const [key, value] of pairs) {
    const m = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key);
    const path = m ? [m[1]!, ...[...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]!)] : [key];
    let node: Obj = root;
    for (const [i, part] of path.entries()) {
      const last = i === path.length - 1;
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (last) {
        const prior = node[name];
        node[name] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
      } else {
        if (!isObj(node[name])) node[name] = {};
        node = node[name] as Obj;
      }
    }
  }
  return arrayify(root) as Obj;
}

function arrayify(node: unknown): unknown {
  if (!isObj(node)) return node;
  const keys = Object.keys(node);
  for (const k of keys) node[k] = arrayify(node[k]);
  if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => node[k]);
  return node;
}

function splitPairs(query: string): Array<[string, string]> {
  return query
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf('=');
      const dec = (s: string) => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '));
        } catch {
          return s;
        }
      };
      return eq < 0 ? [dec(p), ''] : [dec(p.slice(0, eq)), dec(p.slice(eq + 1))];
    });
}

/** A parameter (or form field) value read back by its style; `used` collects the keys read. */
function readStyled(
  pairs: Array<[string, string]>,
  name: string,
  style: string,
  explode: boolean,
  schema: Obj,
  used: Set<string>,
): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (style === 'deepObject') {
    const mine = pairs.filter(([k]) => k.startsWith(`${name}[`));
    for (const [k] of mine) used.add(k);
    if (mine.length) return bracketParse(mine)[name];
    // A scalar (a deepObject field of Stripe's `anyOf: [string, object]`) is a plain pair.
    const plain = pairs.find(([k]) => k === name);
    if (plain) used.add(name);
    return plain?.[1];
  }
  if (
    style === 'form' &&
    explode &&
    (type === 'object' || (type === undefined && isObj(schema.properties)))
  ) {
    const props = isObj(schema.properties) ? Object.keys(schema.properties) : [];
    const mine = pairs.filter(([k]) => props.includes(k));
    for (const [k] of mine) used.add(k);
    return mine.length ? Object.fromEntries(mine) : undefined;
  }
  const mine = pairs.filter(([k]) => k === name);
  if (mine.length) used.add(name);
  if (!mine.length) return undefined;
  if (type === 'array') {
    if (explode) return mine.map(([, v]) => v);
    const sep = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return mine[0]![1].split(sep);
  }
  if (type === 'object' && !explode) {
    const parts = mine[0]![1].split(',');
    const obj: Obj = {};
    for (let i = 0; i + 1 < parts.length; i += 2) obj[parts[i]!] = parts[i + 1];
    return obj;
  }
  return mine.length === 1 ? mine[0]![1] : mine.map(([, v]) => v);
}

function multipartFields(body: string, contentType: string): Obj {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
  const pairs: Array<[string, string]> = [];
  if (boundary)
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const [head = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      pairs.push([/name="([^"]*)"/.exec(head)?.[1] ?? '', rest.join('\r\n\r\n').replace(/\r\n$/, '')]);
    }
  // Bracketed part names (`file_link_data[create]`) nest as in a form body.
  return bracketParse(pairs);
}

/** Multipart parts holding JSON (an object or array field, OpenAPI's default application/json). */
function parseJsonParts(fields: Obj, schema: Obj): void {
  const props = isObj(schema.properties) ? schema.properties : {};
  for (const [name, value] of Object.entries(fields)) {
    const sub = props[name];
    const type = isObj(sub) ? sub.type : undefined;
    const structured = type === 'object' || type === 'array' || (isObj(sub) && !type && !('format' in sub));
    if (type === 'array' && !Array.isArray(value) && !(typeof value === 'string' && /^\s*\[/.test(value)))
      fields[name] = [value];
    else if (structured && typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        fields[name] = JSON.parse(value);
      } catch {
        // Text after all.
      }
    }
  }
}

export interface RequestChecker {
  /** Problems of the request for `method path` (empty when it conforms). `base` is the server path prefix. */
  check(path: string, method: string, base: string, req: CapturedRequest): string[];
}

export function createRequestChecker(text: string): RequestChecker {
  const original = readDocumentText(text);
  const v30 = String(original.openapi).startsWith('3.0');
  // 3.0 words are converted in 3.1 documents too: OpenAI's 3.1 document still uses `nullable`.
  const doc = convert30(original) as Obj;
  /** JSON bodies are checked as sent; text from a URL, header or form is coerced as servers do. */
  const make = (coerce: boolean) => {
    const options = { strict: false, coerceTypes: coerce, logger: false, validateSchema: false } as const;
    const ajv = v30 ? new Ajv(options) : new Ajv2020(options);
    addFormats(ajv);
    ajv.addSchema(doc, 'doc');
    return ajv;
  };
  const ajvs = { exact: make(false), coerced: make(true) };
  const compiled = new Map<string, ValidateFunction | Error>();
  const validate = (pointer: string, value: unknown, coerce = true): string | undefined => {
    const ajv = coerce ? ajvs.coerced : ajvs.exact;
    const key = `${coerce}${pointer}`;
    let fn = compiled.get(key);
    if (!fn) {
      try {
        fn = ajv.compile({ $ref: `doc${pointer}` });
      } catch (err) {
        fn = err as Error;
      }
      compiled.set(key, fn);
    }
    if (fn instanceof Error) return `schema does not compile: ${fn.message}`;
    if (fn(value)) return undefined;
    return ajv.errorsText(fn.errors);
  };

  return {
    check(path, method, base, req) {
      const problems: string[] = [];
      const opPointer = ['paths', path, method];
      const item = resolve(doc, at(doc, pointerOf(['paths', path])), pointerOf(['paths', path]))?.value ?? {};
      const op = (item[method] ?? {}) as Obj;
      const url = new URL(req.url, 'http://x');
      if (!url.pathname.startsWith(base)) return [`path ${url.pathname} is not under ${base}`];
      // A path key may carry a fixed query (OpenAI's `/responses?beta=true`).
      const [pathPart = '', fixedQuery = ''] = path.split('?');
      const names: string[] = [];
      const template = new RegExp(
        `^${pathPart
          .split(/(\{[^}]+\})/)
          .map((piece) => {
            const m = /^\{([^}]+)\}$/.exec(piece);
            if (!m) return piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
            names.push(m[1]!);
            return '([^/]+)';
          })
          .join('')}$`,
      );
      const match = template.exec(url.pathname.slice(base.length) || '/');
      if (!match) return [`path ${url.pathname} does not match ${pathPart}`];
      const pathValues = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));

      const params = new Map<string, { value: Obj; pointer: string }>();
      for (const [list, ptr] of [
        [item.parameters, [...opPointer.slice(0, 2), 'parameters']],
        [op.parameters, [...opPointer, 'parameters']],
      ] as const)
        if (Array.isArray(list))
          list.forEach((p, i) => {
            const r = resolve(doc, p, pointerOf([...ptr, String(i)]));
            if (r) params.set(`${r.value.in}:${r.value.name}`, r);
          });

      const queryPairs = splitPairs(url.search.replace(/^\?/, ''));
      const used = new Set<string>();
      for (const [k, v] of splitPairs(fixedQuery)) {
        if (queryPairs.some(([qk, qv]) => qk === k && qv === v)) used.add(k);
        else problems.push(`the fixed query ${k}=${v} of the path is missing`);
      }
      for (const { value: p, pointer } of params.values()) {
        const name = String(p.name);
        const schema = (resolve(doc, p.schema, `${pointer}/schema`)?.value ?? {}) as Obj;
        const style =
          typeof p.style === 'string' ? p.style : p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple';
        const explode = typeof p.explode === 'boolean' ? p.explode : style === 'form';
        let value: unknown;
        if (p.in === 'query') value = readStyled(queryPairs, name, style, explode, schema, used);
        else if (p.in === 'path') {
          value = pathValues[name];
          const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
          if (type === 'array' && typeof value === 'string') value = value.split(',');
        } else if (p.in === 'header') {
          value = req.headers[name.toLowerCase()];
          const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
          if (type === 'array' && typeof value === 'string') value = value.split(',');
        } else continue;
        if (value === undefined) {
          if (p.required === true) problems.push(`${p.in} parameter ${name} is required`);
          continue;
        }
        if (p.schema === undefined) continue;
        const why = validate(`${pointer}/schema`, value);
        if (why) problems.push(`${p.in} parameter ${name}: ${why}`);
      }
      for (const [k] of queryPairs)
        if (!used.has(k)) problems.push(`query parameter ${k} is not in the document`);

      const body = resolve(doc, op.requestBody, pointerOf([...opPointer, 'requestBody']));
      if (!body) {
        if (req.body !== '') problems.push('sends a body the operation does not describe');
        return problems;
      }
      if (req.body === '') {
        if (body.value.required === true) problems.push('the request body is required');
        return problems;
      }
      const contentType = String(req.headers['content-type'] ?? '');
      const media = contentType.split(';')[0]!.trim().toLowerCase();
      const content = isObj(body.value.content) ? body.value.content : {};
      const key =
        Object.keys(content).find((k) => k.toLowerCase() === media) ??
        Object.keys(content).find(
          (k) => k === '*/*' || (k.endsWith('/*') && media.startsWith(k.slice(0, -1))),
        );
      if (!key) return [...problems, `content type ${media || '(none)'} is not one the operation accepts`];
      const mediaObj = content[key] as Obj;
      if (mediaObj.schema === undefined) return problems;
      const schemaPointer = `${body.pointer}/content/${encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'))}/schema`;
      let value: unknown;
      if (/json/.test(media)) {
        try {
          value = JSON.parse(req.body);
        } catch {
          return [...problems, 'the JSON body does not parse'];
        }
      } else if (media === 'application/x-www-form-urlencoded') {
        const pairs = splitPairs(req.body);
        const schema = resolve(doc, mediaObj.schema, schemaPointer)?.value ?? {};
        const props = isObj(schema.properties) ? schema.properties : {};
        const encoding = isObj(mediaObj.encoding) ? mediaObj.encoding : {};
        const fields: Obj = {};
        const seen = new Set<string>();
        for (const [name, sub] of Object.entries(props)) {
          const enc = isObj(encoding[name]) ? (encoding[name] as Obj) : {};
          const style = typeof enc.style === 'string' ? enc.style : 'form';
          const explode = typeof enc.explode === 'boolean' ? enc.explode : style === 'form';
          const subSchema = resolve(doc, sub, '')?.value ?? {};
          const v = readStyled(pairs, name, style, explode, subSchema, seen);
          if (v !== undefined) fields[name] = v;
        }
        for (const [k] of pairs) if (!seen.has(k)) problems.push(`form field ${k} is not in the document`);
        value = fields;
      } else if (media === 'multipart/form-data') {
        const fields = multipartFields(req.body, contentType);
        parseJsonParts(fields, resolve(doc, mediaObj.schema, schemaPointer)?.value ?? {});
        value = fields;
      } else value = req.body;
      const why = validate(schemaPointer, value, !/json/.test(media));
      if (why) problems.push(`body: ${why}`);
      return problems;
    },
  };
}
