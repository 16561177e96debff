import { normaliseMethod } from '../shared/http-method.ts';
import type { ParameterMappingEntry } from '../store/tools.repo.ts';
import { dedupeSlugs, toSlug } from '../tools/tool-names.ts';
import { createNamer } from './inputs.ts';
import { describeAsync, hasCallbacks, readLongRunning } from './openapi-async.ts';
import { loadOpenApiDocument, OPERATION_KEYS, readDocumentText } from './openapi-document.ts';
import { readRiskMarks } from './openapi-risk.ts';
import { newBudget, type SchemaBudget, toJsonSchema } from './openapi-schema.ts';
import { effectiveRequirements, readDocumentSecurity, requirementSchemes } from './openapi-security.ts';
import { pagingOf } from './pagination.ts';
import { type Candidate, isObject, type JsonSchema, type ParseResult, WHOLE_BODY_KEY } from './types.ts';

/*
 * OpenAPI 3.0 / 3.1 → candidates, one per operation under `paths`. The document is read,
 * validated and dereferenced once (openapi-document.ts); circular `$ref`s stay as references
 * and the schema walk is bounded (openapi-schema.ts).
 */

type Obj = Record<string, unknown>;

/** The first server URL with its variables' defaults, resolved against the document's own URL. */
function resolveServer(server: unknown, sourceUrl: string | undefined, baseUrl: string | undefined): string {
  if (baseUrl) return baseUrl.replace(/\/+$/, '');
  let url = isObject(server) && typeof server.url === 'string' ? server.url : '/';
  const variables = isObject(server) && isObject(server.variables) ? server.variables : {};
  url = url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = variables[name];
    return isObject(v) && v.default !== undefined ? String(v.default) : whole;
  });
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    if (sourceUrl) return new URL(url, sourceUrl).toString().replace(/\/+$/, '');
    // Nowhere to resolve a relative server against: leave a placeholder the operator fills in.
    return `{{base_url}}${url === '/' ? '' : url.replace(/\/+$/, '')}`;
  }
  return url.replace(/\/+$/, '');
}

function mediaSchema(content: unknown): { type: string; schema: unknown; encoding: Obj } | undefined {
  if (!isObject(content)) return undefined;
  const types = Object.keys(content);
  const pick =
    types.find((t) => /^application\/(.+\+)?json\b/i.test(t)) ??
    types.find((t) => /x-www-form-urlencoded/i.test(t)) ??
    types.find((t) => /multipart\/form-data/i.test(t)) ??
    types.find((t) => t === '*/*') ??
    types[0];
  if (!pick) return undefined;
  const media = content[pick];
  return {
    type: pick,
    schema: isObject(media) ? media.schema : undefined,
    encoding: isObject(media) && isObject(media.encoding) ? media.encoding : {},
  };
}

/** Folds `allOf` parts that are plain object schemas into one properties/required set. */
function flattenObject(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const properties: Obj = { ...((schema.properties as Obj) ?? {}) };
  const required = new Set<string>((schema.required as string[]) ?? []);
  for (const part of schema.allOf as JsonSchema[]) {
    const flat = flattenObject(part);
    if (!isObject(flat.properties)) return schema;
    Object.assign(properties, flat.properties);
    for (const r of (flat.required as string[]) ?? []) required.add(r);
  }
  return { type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
}

interface OperationInput {
  properties: Record<string, JsonSchema>;
  required: string[];
  /** Body fields required once any body field is given (an optional body; JSON Schema 2020-12). */
  dependentRequired: Record<string, string[]>;
  mapping: Record<string, ParameterMappingEntry>;
  headers: Record<string, string>;
  path: string;
}

function addParameters(
  acc: OperationInput,
  params: Obj[],
  v30: boolean,
  budget: SchemaBudget,
  name: (w: string, p?: string) => string,
) {
  for (const param of params) {
    const where = param.in;
    const wire = String(param.name ?? '');
    if (!wire || (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie'))
      continue;
    const raw = param.schema ?? mediaSchema(param.content)?.schema;
    const schema = describeDefaults(toJsonSchema(raw, v30, budget));
    if (typeof param.description === 'string' && schema.description === undefined)
      schema.description = param.description;
    if (param.example !== undefined && schema.examples === undefined) schema.examples = [param.example];
    const input = name(wire, where);
    acc.properties[input] = schema;
    const entry: ParameterMappingEntry = { target: where, key: where === 'path' ? input : wire };
    if (where === 'query') {
      const style = queryStyle(param.style, param.explode, schema);
      if (style) entry.style = style;
    }
    acc.mapping[input] = entry;
    if (where === 'path') acc.path = acc.path.split(`{${wire}}`).join(`{{${input}}}`);
    if (param.required === true || where === 'path') acc.required.push(input);
  }
}

/**
 * The mapping style of a query parameter or form field (OpenAPI `style` + `explode`, default
 * form + explode); undefined when the executor's default (`repeat`) writes it the same way.
 */
function queryStyle(style: unknown, explode: unknown, schema: JsonSchema): ParameterMappingEntry['style'] {
  const name = typeof style === 'string' ? style : 'form';
  const exploded = typeof explode === 'boolean' ? explode : name === 'form';
  if (name === 'deepObject') return 'deepObject';
  if (!exploded && (name === 'form' || name === 'spaceDelimited' || name === 'pipeDelimited'))
    return name === 'form' ? 'comma' : name;
  // Exploded form: an object's properties are pairs of their own (`repeat` would bracket them).
  const object = schema.type === 'object' || (schema.type === undefined && isObject(schema.properties));
  return object ? 'form' : undefined;
}

/**
 * Schema `default`s become words in the description: the executor fills `default`s into the
 * arguments it validates, and a default is the API's own business — an imported tool sends
 * only what the caller gave (a body of nothing but defaults is not what the source describes).
 */
function describeDefaults(schema: JsonSchema, seen = new Set<JsonSchema>()): JsonSchema {
  if (seen.has(schema)) return schema;
  seen.add(schema);
  if (schema.default !== undefined) {
    const shown = JSON.stringify(schema.default) ?? '';
    const note = `Default: ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}.`;
    const text = typeof schema.description === 'string' ? schema.description.trim() : '';
    schema.description = text ? `${text} ${note}` : note;
    delete schema.default;
  }
  // Only schema positions: a property may well be called `default` or `description`.
  for (const key of ['properties', 'patternProperties', '$defs'] as const) {
    const map = schema[key];
    if (isObject(map)) for (const sub of Object.values(map)) if (isObject(sub)) describeDefaults(sub, seen);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const) {
    const sub = schema[key];
    if (isObject(sub)) describeDefaults(sub, seen);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) if (isObject(sub)) describeDefaults(sub, seen);
  }
  return schema;
}

function addRequestBody(
  acc: OperationInput,
  body: unknown,
  v30: boolean,
  budget: SchemaBudget,
  name: (w: string, p?: string) => string,
) {
  if (!isObject(body)) return;
  const media = mediaSchema(body.content);
  if (!media) return;
  const bodyRequired = body.required === true;
  const form = /x-www-form-urlencoded/i.test(media.type);
  const multipart = /multipart\/form-data/i.test(media.type);
  const json = !form && !multipart && (/json/i.test(media.type) || media.type === '*/*');
  const schema = describeDefaults(flattenObject(toJsonSchema(media.schema, v30, budget)));
  acc.headers['Content-Type'] = media.type === '*/*' ? 'application/json' : media.type;
  if ((json || form || multipart) && isObject(schema.properties) && Object.keys(schema.properties).length) {
    const required = new Set((schema.required as string[]) ?? []);
    const inputs: string[] = [];
    const requiredInputs: string[] = [];
    for (const [wire, prop] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      const input = name(wire, 'body');
      acc.properties[input] = prop;
      const entry: ParameterMappingEntry = { target: 'body', key: wire };
      const enc = isObject(media.encoding[wire]) ? (media.encoding[wire] as Obj) : {};
      if (form) {
        const style = queryStyle(enc.style, enc.explode, prop);
        if (style) entry.style = style;
      } else if (multipart && enc.style === 'deepObject') entry.style = 'deepObject';
      acc.mapping[input] = entry;
      inputs.push(input);
      if (required.has(wire)) requiredInputs.push(input);
    }
    if (bodyRequired) acc.required.push(...requiredInputs);
    else if (requiredInputs.length) {
      // An optional body whose schema requires fields: no body at all is fine, but once any
      // body field is given the required ones must be too.
      for (const input of inputs) {
        const others = requiredInputs.filter((r) => r !== input);
        if (others.length) acc.dependentRequired[input] = others;
      }
    }
    return;
  }
  const input = name('body', 'request');
  acc.properties[input] = {
    ...schema,
    description: (schema.description as string) ?? `request body (${media.type})`,
  };
  if (!json && schema.type === undefined) acc.properties[input]!.type = 'string';
  acc.mapping[input] = { target: 'body', key: WHOLE_BODY_KEY };
  if (bodyRequired) acc.required.push(input);
}

function mergeParameters(...lists: unknown[]): Obj[] {
  const merged = new Map<string, Obj>();
  for (const list of lists)
    if (Array.isArray(list))
      for (const p of list) if (isObject(p)) merged.set(`${String(p.in)}:${String(p.name)}`, p);
  return [...merged.values()];
}

export interface OpenApiOptions {
  /** Where the document was fetched from, to resolve relative server URLs. */
  sourceUrl?: string;
  /** Overrides the servers of the document. */
  baseUrl?: string;
}

/**
 * Parses an OpenAPI 3.0/3.1 document (JSON or YAML text, or the parsed object) into candidates `op_0`, `op_1`…
 * Throws 400 `unsupported_version` for Swagger 2.0 and 400 `invalid_spec` for anything else
 * that is not a valid 3.x document.
 */
export async function parseOpenApi(input: string | Obj, opts: OpenApiOptions = {}): Promise<ParseResult> {
  // An object (a JSON request body) is used as it is, and changed in place by the dereference.
  const api = await loadOpenApiDocument(typeof input === 'string' ? readDocumentText(input) : input);
  const v30 = String(api.openapi).startsWith('3.0');
  const info = isObject(api.info) ? api.info : {};
  const rootServer = Array.isArray(api.servers) ? api.servers[0] : undefined;
  const candidates: Candidate[] = [];
  const requirements: Obj[][] = [];
  const warnings: string[] = [];
  const longRunning: string[] = [];
  const callbacks: string[] = [];
  for (const [path, item] of Object.entries(isObject(api.paths) ? api.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of OPERATION_KEYS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const server =
        (Array.isArray(op.servers) && op.servers[0]) ||
        (Array.isArray(item.servers) && item.servers[0]) ||
        rootServer;
      const budget = newBudget();
      const name = createNamer();
      const acc: OperationInput = {
        properties: {},
        required: [],
        dependentRequired: {},
        mapping: {},
        headers: {},
        path,
      };
      addParameters(acc, mergeParameters(item.parameters, op.parameters), v30, budget, name);
      addRequestBody(acc, op.requestBody, v30, budget, name);
      const operationId = typeof op.operationId === 'string' ? op.operationId : '';
      const summary = typeof op.summary === 'string' ? op.summary.trim() : '';
      const description = typeof op.description === 'string' ? op.description.trim() : '';
      const required = effectiveRequirements(op, api);
      const security = requirementSchemes(required);
      requirements.push(required);
      const httpMethod = normaliseMethod(method);
      candidates.push({
        temp_id: `op_${candidates.length}`,
        name: (summary || operationId || `${method.toUpperCase()} ${path}`).slice(0, 200),
        slug: toSlug(operationId || `${method}_${path}`),
        description: (description || summary).slice(0, 10_000),
        endpoint_url: resolveServer(server, opts.sourceUrl, opts.baseUrl) + acc.path,
        http_method: httpMethod,
        operation: { ...(operationId ? { id: operationId } : {}), method: httpMethod, path },
        input_schema: {
          type: 'object',
          properties: acc.properties,
          required: [...new Set(acc.required)],
          ...(Object.keys(acc.dependentRequired).length ? { dependentRequired: acc.dependentRequired } : {}),
          ...(v30 ? {} : { $schema: 'https://json-schema.org/draft/2020-12/schema' }),
        },
        parameter_mapping: acc.mapping,
        ...pagingOf(acc.mapping),
        headers: Object.keys(acc.headers).length ? acc.headers : null,
        tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
        ...(security.length ? { security } : {}),
        ...readRiskMarks(item, op, httpMethod, `${httpMethod} ${path}`, warnings),
        ...readLongRunning(op),
      });
      if (candidates.at(-1)?.execution) longRunning.push(`${httpMethod} ${path}`);
      if (hasCallbacks(op)) callbacks.push(`${httpMethod} ${path}`);
    }
  }
  warnings.push(...describeAsync(longRunning, callbacks));
  dedupeSlugs(candidates);
  if (candidates.length === 0)
    warnings.push(
      'The document defines no operations under "paths" (webhooks and callbacks are not imported).',
    );
  if (candidates.some((c) => c.endpoint_url.startsWith('{{base_url}}')))
    warnings.push(
      'The document has no absolute server URL: pass "base_url" or edit the tools\' endpoint_url.',
    );
  const security = readDocumentSecurity(api, requirements);
  return {
    candidates,
    info: { title: String(info.title ?? ''), version: String(info.version ?? '') },
    warnings: [...warnings, ...security.warnings],
    security,
  };
}
