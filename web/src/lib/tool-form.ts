/**
 * The tool editor's state and checks. Plain scalar fields are declared in TOOL_FIELDS: a field
 * the API adds is one line there.
 */
import type { InputSchema, MappingEntry, Tool } from '../api/types.ts';
import { checkWholeNumber } from './whole-number.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
export const MAPPING_TARGETS = ['path', 'query', 'header', 'body', 'form', 'cookie'];
export const RESPONSE_FORMATS = ['json', 'text', 'markdown', 'template'];

export interface ScalarField {
  name: keyof Tool & string;
  label: string;
  kind: 'int' | 'select' | 'text';
  min?: number;
  max?: number;
  options?: string[];
  hint?: string;
  group: 'execution' | 'listing';
}

/** Scalar tool fields (bounds as the tools API checks them). */
export const TOOL_FIELDS: ScalarField[] = [
  { name: 'timeout', label: 'Timeout (s)', kind: 'int', min: 1, max: 600, group: 'execution' },
  {
    name: 'cache_ttl',
    label: 'Cache TTL (s)',
    kind: 'int',
    min: 0,
    max: 31_536_000,
    hint: '0 = no cache; successful GETs only',
    group: 'execution',
  },
  { name: 'retry_count', label: 'Retries', kind: 'int', min: 0, max: 10, group: 'execution' },
  {
    name: 'retry_backoff',
    label: 'Retry backoff',
    kind: 'select',
    options: ['none', 'fixed', 'linear', 'exponential'],
    group: 'execution',
  },
  {
    name: 'rate_limit_per_min',
    label: 'Rate limit per minute',
    kind: 'int',
    min: 0,
    max: 1_000_000,
    hint: '0 = unlimited',
    group: 'execution',
  },
  {
    name: 'sort_order',
    label: 'Sort order',
    kind: 'int',
    min: -1_000_000,
    max: 1_000_000,
    hint: 'lower comes first in tools/list',
    group: 'listing',
  },
];

/** MCP tool annotations (hints for clients), as checkboxes. */
export const ANNOTATION_HINTS = [
  ['readOnlyHint', 'Read-only: does not change anything'],
  ['destructiveHint', 'Destructive: may delete or overwrite'],
  ['idempotentHint', 'Idempotent: repeating it has no further effect'],
  ['openWorldHint', 'Open world: talks to the outside world'],
] as const;

export interface Row {
  a: string;
  b: string;
  c: string;
}

export interface ToolForm {
  name: string;
  slug: string;
  description: string;
  endpoint_url: string;
  http_method: string;
  status: string;
  tags: string;
  input_schema: string;
  mapping: Row[];
  headers: Row[];
  body_template: string;
  selector: string;
  format: string;
  template: string;
  /** One JSONPath per line: the parts of the answer kept. */
  fields: string;
  /** Empty = the server's setting. */
  max_output_tokens: string;
  /** The importer's paging hint, kept as it is. */
  pagination?: Tool['response_mapping']['pagination'];
  scalars: Record<string, string>;
  output_schema: string;
  annotation_title: string;
  hints: Record<string, boolean>;
  /** '' = derived from the annotations and method; else read, write or destructive. */
  risk: string;
}

/** The risk a tool's calls carry, as policies see it (`resource.risk`). */
export const RISKS = ['read', 'write', 'destructive'] as const;

export function emptyToolForm(): ToolForm {
  return {
    name: '',
    slug: '',
    description: '',
    endpoint_url: 'https://',
    http_method: 'GET',
    status: 'active',
    tags: '',
    input_schema: JSON.stringify({ type: 'object', properties: {}, required: [] }, null, 2),
    mapping: [],
    headers: [],
    body_template: '',
    selector: '',
    format: 'json',
    template: '',
    fields: '',
    max_output_tokens: '',
    output_schema: '',
    annotation_title: '',
    hints: {},
    risk: '',
    scalars: {
      timeout: '30',
      cache_ttl: '0',
      retry_count: '0',
      retry_backoff: 'exponential',
      rate_limit_per_min: '60',
      sort_order: '0',
    },
  };
}

export function toolToForm(t: Tool): ToolForm {
  const scalars: Record<string, string> = {};
  for (const f of TOOL_FIELDS) scalars[f.name] = t[f.name] == null ? '' : String(t[f.name]);
  return {
    name: t.name,
    slug: t.slug,
    description: t.description ?? '',
    endpoint_url: t.endpoint_url,
    http_method: t.http_method,
    status: t.status,
    tags: (t.tags ?? []).join(', '),
    input_schema: JSON.stringify(t.input_schema ?? { type: 'object', properties: {} }, null, 2),
    mapping: Object.entries(t.parameter_mapping ?? {}).map(([a, m]) => ({ a, b: m.target, c: m.key })),
    headers: Object.entries(t.headers ?? {}).map(([a, b]) => ({ a, b, c: '' })),
    body_template: t.body_template ?? '',
    selector: t.response_mapping?.selector ?? '',
    format: t.response_mapping?.format ?? 'json',
    template: t.response_mapping?.template ?? '',
    fields: (t.response_mapping?.fields ?? []).join('\n'),
    max_output_tokens: t.max_output_tokens == null ? '' : String(t.max_output_tokens),
    ...(t.response_mapping?.pagination ? { pagination: t.response_mapping.pagination } : {}),
    scalars,
    output_schema: t.output_schema ? JSON.stringify(t.output_schema, null, 2) : '',
    annotation_title: typeof t.annotations?.title === 'string' ? t.annotations.title : '',
    hints: Object.fromEntries(ANNOTATION_HINTS.map(([k]) => [k, t.annotations?.[k] === true])),
    risk: t.risk ?? '',
  };
}

const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

/** Checks the input schema text as you type: JSON, an object schema, sane properties and `required`. */
export function checkInputSchema(text: string): { schema?: InputSchema; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON: ${(e as Error).message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'must be a JSON object' };
  const s = value as Record<string, unknown>;
  if (s.type !== 'object') return { error: 'type must be "object"' };
  const props = s.properties ?? {};
  if (typeof props !== 'object' || Array.isArray(props) || props === null)
    return { error: 'properties must be an object' };
  for (const [name, p] of Object.entries(props as Record<string, unknown>)) {
    if (!p || typeof p !== 'object' || Array.isArray(p))
      return { error: `properties.${name} must be an object` };
    const type = (p as { type?: unknown }).type;
    const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
    for (const t of types)
      if (typeof t !== 'string' || !SCHEMA_TYPES.includes(t))
        return { error: `properties.${name}.type "${String(t)}" is not a JSON Schema type` };
  }
  if (s.required !== undefined) {
    if (!Array.isArray(s.required) || !s.required.every((r) => typeof r === 'string'))
      return { error: 'required must be an array of names' };
    const missing = s.required.find((r) => !(r in (props as object)));
    if (missing) return { error: `required names "${missing}", which is not in properties` };
  }
  return { schema: value as InputSchema };
}

const URL_RE = /^https?:\/\/\S+$/i;
/** What the gateway projects by: member, index and wildcard steps (filters and `..` are refused). */
const PLAIN_PATH =
  /^(?:\$|[A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*|\.\*|\[\*\]|\[\d+\]|\['[A-Za-z0-9_ -]+'\]|\["[A-Za-z0-9_ -]+"\])*$/;

/** The non-blank lines of the fields box. */
export function fieldLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}
const SLUG_RE = /^[A-Za-z0-9_.-]{1,128}$/;

/** Field → reason for the whole form; empty when it can be saved. */
export function validateToolForm(form: ToolForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'required';
  if (form.slug && !SLUG_RE.test(form.slug)) errors.slug = 'letters, digits, _ . - only (at most 128)';
  if (!URL_RE.test(form.endpoint_url.trim()))
    errors.endpoint_url = 'an absolute http(s) URL; {{name}} placeholders allowed';
  const schema = checkInputSchema(form.input_schema);
  if (schema.error) errors.input_schema = schema.error;
  const inputs = new Set(Object.keys(schema.schema?.properties ?? {}));
  form.mapping.forEach((row, i) => {
    if (!row.a.trim()) errors[`parameter_mapping.${i}`] = 'name the input';
    else if (schema.schema && !inputs.has(row.a.trim()))
      errors[`parameter_mapping.${i}`] = `"${row.a}" is not an input of the schema`;
    else if (!MAPPING_TARGETS.includes(row.b)) errors[`parameter_mapping.${i}`] = 'pick a target';
    else if (!row.c.trim()) errors[`parameter_mapping.${i}`] = 'name the key';
  });
  const seen = new Set<string>();
  form.headers.forEach((row, i) => {
    const name = row.a.trim().toLowerCase();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(row.a.trim()))
      errors[`headers.${i}`] = 'not a valid header name';
    else if (seen.has(name)) errors[`headers.${i}`] = 'duplicate header';
    else if (/[\r\n]/.test(row.b)) errors[`headers.${i}`] = 'no line breaks in a value';
    seen.add(name);
  });
  if (form.output_schema.trim()) {
    const out = checkInputSchema(form.output_schema);
    if (out.error) errors.output_schema = out.error;
  }
  if (form.format === 'template' && !form.template.trim())
    errors.template = 'the template format needs a template';
  const budget = form.max_output_tokens.trim();
  const budgetError = budget ? checkWholeNumber(budget, 0, 1_000_000) : undefined;
  if (budgetError) errors.max_output_tokens = `${budgetError}, or empty for the server's setting`;
  const badField = fieldLines(form.fields).find((f) => !PLAIN_PATH.test(f));
  if (badField !== undefined)
    errors.fields = `"${badField}" is not a plain JSONPath (member, index and wildcard steps: $.id, $.data[*].name)`;
  for (const f of TOOL_FIELDS) {
    const v = (form.scalars[f.name] ?? '').trim();
    const reason = f.kind === 'int' ? checkWholeNumber(v, f.min, f.max) : undefined;
    if (reason) errors[f.name] = reason;
  }
  return errors;
}

/** The POST/PATCH body (call only when validateToolForm is empty). */
export function toolBody(form: ToolForm): Record<string, unknown> {
  const mapping: Record<string, MappingEntry> = {};
  for (const r of form.mapping)
    mapping[r.a.trim()] = { target: r.b as MappingEntry['target'], key: r.c.trim() };
  const headers: Record<string, string> = {};
  for (const r of form.headers) headers[r.a.trim()] = r.b;
  const body: Record<string, unknown> = {
    name: form.name.trim(),
    description: form.description,
    endpoint_url: form.endpoint_url.trim(),
    http_method: form.http_method,
    status: form.status,
    tags: form.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    input_schema: JSON.parse(form.input_schema),
    parameter_mapping: mapping,
    headers: form.headers.length ? headers : null,
    body_template: form.body_template.trim() ? form.body_template : null,
    response_mapping: {
      selector: form.selector.trim(),
      format: form.format,
      template: form.template,
      fields: fieldLines(form.fields),
      ...(form.pagination ? { pagination: form.pagination } : {}),
    },
    max_output_tokens: form.max_output_tokens.trim() ? Number(form.max_output_tokens.trim()) : null,
  };
  if (form.slug.trim()) body.slug = form.slug.trim();
  body.output_schema = form.output_schema.trim() ? JSON.parse(form.output_schema) : null;
  const hints = Object.fromEntries(Object.entries(form.hints).filter(([, on]) => on));
  body.annotations =
    form.annotation_title.trim() || Object.keys(hints).length
      ? { ...(form.annotation_title.trim() ? { title: form.annotation_title.trim() } : {}), ...hints }
      : null;
  body.risk = form.risk ? form.risk : null;
  for (const f of TOOL_FIELDS)
    body[f.name] = f.kind === 'int' ? Number(form.scalars[f.name]) : form.scalars[f.name];
  return body;
}
