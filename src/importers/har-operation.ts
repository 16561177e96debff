import { jsonTextExceedsDepth } from '../http/json-depth.ts';
import type { ParameterMappingEntry } from '../store/tools.repo.ts';
import { nameFromRequest } from './curl.ts';
import {
  credentialFromHeader,
  credentialFromQuery,
  isCredentialField,
  isCredentialHeader,
  isCredentialQuery,
} from './detect-credentials.ts';
import { isApiMime } from './har-filter.ts';
import { hasDataKeys, inferSchema, inferTextSchema } from './har-infer.ts';
import type { SegmentKind } from './har-paths.ts';
import { essenceOf, type HarBody, type HarEntry } from './har-read.ts';
import { createNamer } from './inputs.ts';
import { pagingOf } from './pagination.ts';
import {
  type Candidate,
  type DetectedCredential,
  isObject,
  type JsonSchema,
  WHOLE_BODY_KEY,
} from './types.ts';

/*
 * One operation (the requests of one method and path template) → one candidate. Its inputs
 * are the path parameters, the query fields and the body fields seen in any of its requests,
 * typed from every value seen and required when every request had them; its output schema is
 * inferred from its JSON answers. Secrets leave as detected credentials, cookies and
 * session-bound headers are dropped, and nothing recorded is kept as a value.
 */

/** Requests of one operation read for inference; the rest are counted only. */
export const MAX_SAMPLES = 100;

export interface Operation {
  method: string;
  origin: string;
  template: string;
  /** Path parameters in order, with the kinds of every value recorded for each. */
  params: Array<{ name: string; kinds: Set<SegmentKind> }>;
  samples: HarEntry[];
  count: number;
}

/** What the operations found that the whole import reports. */
export interface Findings {
  credentials: DetectedCredential[];
  /** Session-bound header names dropped with the cookies (`X-CSRF-Token`). */
  sessionHeaders: Set<string>;
  /** Secret-looking body fields kept as arguments (their values are not kept). */
  secretFields: Set<string>;
  /** `"field" of METHOD /path`: file uploads imported as text fields. */
  files: Set<string>;
}

/** Headers a browser or a tracer adds on its own: never part of a tool. */
const TRANSPORT_HEADERS =
  /^(accept(-encoding|-language|-charset)?|user-agent|referer|origin|host|connection|keep-alive|content-length|content-type|cache-control|pragma|if-(none-match|modified-since|match|unmodified-since|range)|range|upgrade-insecure-requests|dnt|te|priority|purpose|x-client-data|traceparent|tracestate|baggage|sentry-trace|newrelic|b3|x-b3-.*|x-datadog-.*|x-amzn-trace-id|x-cloud-trace-context|(x-)?request-id|x-correlation-id|x-forwarded-.*|forwarded|via|sec-.*)$/i;
const SESSION_HEADER = /csrf|xsrf/i;

type Mapping = Record<string, ParameterMappingEntry>;

interface Inputs {
  props: Record<string, JsonSchema>;
  mapping: Mapping;
  required: string[];
  name: (wire: string, prefix?: string) => string;
}

function pathSchema(kinds: Set<SegmentKind>): JsonSchema {
  if (kinds.size === 1 && kinds.has('number')) return { type: 'integer' };
  if (kinds.size === 1 && kinds.has('uuid')) return { type: 'string', format: 'uuid' };
  return { type: 'string' };
}

/** Query fields: typed from every value, secrets (`api_key`, `token`) taken out as credentials. */
function addQuery(op: Operation, inputs: Inputs, found: Findings): void {
  const perKey = new Map<string, Array<string | string[]>>();
  for (const e of op.samples) {
    const grouped = new Map<string, string | string[]>();
    for (const [key, value] of e.url.searchParams) {
      const prev = grouped.get(key);
      grouped.set(key, prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value]);
    }
    for (const [key, value] of grouped) perKey.set(key, [...(perKey.get(key) ?? []), value]);
  }
  for (const [key, samples] of perKey) {
    const values = samples.flat();
    if (isCredentialQuery(key) && values.some((v) => v !== '')) {
      for (const v of new Set(values)) if (v) found.credentials.push(credentialFromQuery(key, v));
      continue;
    }
    const input = inputs.name(key, 'query');
    inputs.props[input] = { ...inferTextSchema(samples), description: key };
    inputs.mapping[input] = { target: 'query', key };
    if (samples.length === op.samples.length) inputs.required.push(input);
  }
}

type BodyKind = 'json' | 'form' | 'multipart' | 'text';

function bodyKindOf(body: HarBody): BodyKind {
  const mime = essenceOf(body.mime);
  if (/[/+]json$/.test(mime)) return 'json';
  if (mime === 'application/x-www-form-urlencoded') return 'form';
  if (mime === 'multipart/form-data') return 'multipart';
  return 'text';
}

function parseJson(text: string | undefined): { value: unknown } | undefined {
  if (text === undefined || jsonTextExceedsDepth(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Form fields of a recorded body: its `params`, else its text split as `a=1&b=2`. */
function formFields(body: HarBody): Map<string, string | string[]> {
  const pairs: Array<[string, string]> = body.params
    ? body.params.map((p) => [p.name, p.file ? '' : p.value])
    : [...new URLSearchParams(body.text ?? '')];
  const grouped = new Map<string, string | string[]>();
  for (const [key, value] of pairs) {
    const prev = grouped.get(key);
    grouped.set(key, prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value]);
  }
  return grouped;
}

function addField(inputs: Inputs, key: string, schema: JsonSchema, required: boolean, found: Findings) {
  if (isCredentialField(key)) found.secretFields.add(key);
  const input = inputs.name(key, 'body');
  inputs.props[input] = { ...schema, description: key };
  inputs.mapping[input] = { target: 'body', key };
  if (required) inputs.required.push(input);
}

function addWholeBody(inputs: Inputs, schema: JsonSchema, required: boolean) {
  const input = inputs.name('body', 'request');
  inputs.props[input] = { ...schema, description: 'request body' };
  inputs.mapping[input] = { target: 'body', key: WHOLE_BODY_KEY };
  if (required) inputs.required.push(input);
}

/** Body fields (JSON, form, multipart) or one whole-body input; returns the Content-Type to send. */
function addBody(op: Operation, inputs: Inputs, found: Findings): string | undefined {
  const first = op.samples.find((e) => e.body)?.body;
  if (!first) return undefined;
  const kind = bodyKindOf(first);
  const bodies = op.samples.flatMap((e) => (e.body && bodyKindOf(e.body) === kind ? [e.body] : []));
  const everyTime = bodies.length === op.samples.length;
  if (kind === 'json') {
    const values = bodies.flatMap((b) => {
      const parsed = parseJson(b.text);
      return parsed ? [parsed.value] : [];
    });
    const objects = values.filter(isObject);
    if (values.length && objects.length === values.length && !objects.some(hasDataKeys)) {
      const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].slice(0, 200);
      for (const key of keys) {
        const having = objects.filter((o) => Object.hasOwn(o, key));
        addField(
          inputs,
          key,
          inferSchema(
            having.map((o) => o[key]),
            1,
          ),
          everyTime && having.length === objects.length,
          found,
        );
      }
    } else addWholeBody(inputs, values.length ? inferSchema(values, 1) : { type: 'string' }, everyTime);
    return essenceOf(first.mime);
  }
  if (kind === 'form' || kind === 'multipart') {
    const forms = bodies.map(formFields);
    const keys = [...new Set(forms.flatMap((f) => [...f.keys()]))].slice(0, 200);
    for (const key of keys) {
      const samples = forms.flatMap((f) => (f.has(key) ? [f.get(key)!] : []));
      addField(inputs, key, inferTextSchema(samples), everyTime && samples.length === forms.length, found);
    }
    for (const b of bodies)
      for (const p of b.params ?? [])
        if (p.file) found.files.add(`"${p.name}" of ${op.method} ${op.template}`);
    return kind === 'form' ? 'application/x-www-form-urlencoded' : 'multipart/form-data';
  }
  addWholeBody(inputs, { type: 'string' }, everyTime);
  return essenceOf(first.mime) || 'text/plain';
}

/**
 * The operation's fixed headers: those every request sent with the same value, leaving out what
 * browsers and tracers add, cookies, session-bound headers and credentials (which are detected).
 */
function keepHeaders(op: Operation, found: Findings): Record<string, string> {
  const constant = new Map<string, { name: string; value: string; count: number }>();
  for (const e of op.samples)
    for (const h of e.headers) {
      const lower = h.name.toLowerCase();
      if (lower.startsWith(':') || lower === 'cookie' || TRANSPORT_HEADERS.test(lower)) continue;
      if (SESSION_HEADER.test(lower)) {
        found.sessionHeaders.add(h.name);
        continue;
      }
      if (isCredentialHeader(h.name)) {
        if (h.value.trim() !== '') found.credentials.push(credentialFromHeader(h.name, h.value));
        continue;
      }
      const seen = constant.get(lower);
      if (!seen) constant.set(lower, { name: h.name, value: h.value, count: 1 });
      else if (seen.value === h.value) seen.count++;
      else seen.count = -Infinity;
    }
  const headers: Record<string, string> = {};
  for (const h of constant.values()) if (h.count === op.samples.length) headers[h.name] = h.value;
  return headers;
}

/**
 * The schema of the operation's JSON answers (2xx); a non-object answer is `{result: …}` (how the
 * executor serves one as structured content). Properties accept null (see inferSchema).
 */
function inferOutput(op: Operation): JsonSchema | undefined {
  const values = op.samples.flatMap((e) => {
    if (e.status < 200 || e.status > 299 || !isApiMime(e.responseMime) || /xml$/.test(e.responseMime))
      return [];
    const parsed = parseJson(e.responseText);
    return parsed ? [parsed.value] : [];
  });
  if (values.length === 0) return undefined;
  if (values.every(isObject)) return { type: 'object', ...inferSchema(values, 0, { nullable: true }) };
  return { type: 'object', properties: { result: inferSchema(values, 1, { nullable: true }) } };
}

/** The candidate `har_<index>` for one operation; secrets and session headers go to `found`. */
export function buildCandidate(op: Operation, index: number, found: Findings, tags: string[]): Candidate {
  const inputs: Inputs = { props: {}, mapping: {}, required: [], name: createNamer() };
  let template = op.template;
  for (const p of op.params) {
    const input = inputs.name(p.name, 'path');
    if (input !== p.name) template = template.replace(`{${p.name}}`, `{${input}}`);
    inputs.props[input] = { ...pathSchema(p.kinds), description: `path parameter ${p.name}` };
    inputs.mapping[input] = { target: 'path', key: input };
    inputs.required.push(input);
  }
  // Headers first: a request's Authorization leads its credentials.
  const headers = keepHeaders(op, found);
  addQuery(op, inputs, found);
  const contentType = addBody(op, inputs, found);
  if (contentType) headers['Content-Type'] = contentType;
  const statuses = [...new Set(op.samples.map((e) => e.status))].sort((a, b) => a - b);
  const endpoint = op.origin + template;
  const name = nameFromRequest(op.method, endpoint);
  const output = inferOutput(op);
  return {
    temp_id: `har_${index}`,
    name,
    slug: name,
    description: `Recorded ${op.method} ${template}: ${op.count} request${op.count === 1 ? '' : 's'} in the HAR, answered ${statuses.join(', ')}.`,
    endpoint_url: endpoint,
    http_method: op.method,
    input_schema: { type: 'object', properties: inputs.props, required: inputs.required },
    parameter_mapping: inputs.mapping,
    ...pagingOf(inputs.mapping),
    headers: Object.keys(headers).length ? headers : null,
    tags,
    ...(output ? { output_schema: output } : {}),
  };
}
