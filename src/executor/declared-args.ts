import type { ExecutableTool } from './types.ts';

/*
 * Which arguments a tool takes (issue 31). An argument must be declared in `input_schema.properties`
 * (or in the properties of a top-level `allOf`/`anyOf`/`oneOf` branch): otherwise an unmapped
 * argument would land in the query or the body and could replace a value the tool fixes
 * (`?tenant=acme`, `{"model":"cheap"}`). A schema that allows other properties on purpose
 * (`additionalProperties` true or a schema, or `patternProperties`) takes undeclared arguments
 * too, but never one named like a value the tool writes itself: a query key of its endpoint_url,
 * a top-level key of its body template, or the wire name of a query/body/form mapping — unless
 * that name is one of the tool's own `{{placeholders}}`, which exist to be filled.
 * A declared argument is the operator's choice: where its name is also a query key fixed in the
 * endpoint_url, its value replaces the fixed one (build-request.ts), as it replaces a body
 * template's key of the same name.
 */

export interface ArgumentRules {
  /** Names in input_schema.properties. */
  declared: ReadonlySet<string>;
  /** The schema takes undeclared properties on purpose. */
  open: boolean;
  /** Names an undeclared argument may not take (values the tool fixes). */
  fixed: ReadonlySet<string>;
  /** Query keys written in the endpoint_url itself (decoded). */
  urlQueryKeys: ReadonlySet<string>;
}

const EMPTY: ReadonlySet<string> = new Set();

/** Rules per tool record, checked against its id and updated_at (an edited tool gets new ones). */
const kept = new WeakMap<ExecutableTool, { id: number; updatedAt: string; rules: ArgumentRules }>();

export function argumentRules(tool: ExecutableTool): ArgumentRules {
  const hit = kept.get(tool);
  if (hit && hit.id === tool.id && hit.updatedAt === tool.updated_at) return hit.rules;
  const rules = computeRules(tool);
  kept.set(tool, { id: tool.id, updatedAt: tool.updated_at, rules });
  return rules;
}

/**
 * The arguments the tool does not take, each with the reason (null when all are taken). The one
 * check of the MCP path, the Test action and anything else that runs the executor.
 */
export function findRefusedArguments(
  tool: ExecutableTool,
  args: Record<string, unknown>,
): Record<string, string> | null {
  const rules = argumentRules(tool);
  let refused: Record<string, string> | null = null;
  for (const name in args) {
    if (!Object.hasOwn(args, name) || rules.declared.has(name)) continue;
    if (rules.open && !rules.fixed.has(name)) continue;
    refused ??= {};
    refused[name] = rules.open
      ? `is not declared in input_schema and would replace the value the tool fixes for "${name}"`
      : 'is not declared in input_schema.properties';
  }
  return refused;
}

/** "Invalid arguments: a …; b …" — the executor's message prefix for refused arguments. */
export function describeRefusedArguments(refused: Record<string, string>): string {
  const list = Object.keys(refused)
    .slice(0, 10)
    .map((name) => `${JSON.stringify(name)} ${refused[name]}`);
  const more = Object.keys(refused).length - list.length;
  return `Invalid arguments: ${list.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

type Schema = Record<string, unknown>;

function isObject(v: unknown): v is Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function computeRules(tool: ExecutableTool): ArgumentRules {
  const schema = isObject(tool.input_schema) ? tool.input_schema : {};
  const declared = new Set<string>();
  collectProperties(schema, declared, 0);
  const additional = schema.additionalProperties;
  const open = (additional !== undefined && additional !== false) || isObject(schema.patternProperties);
  const urlQueryKeys = queryKeysOf(tool.endpoint_url);
  const fixed = open ? fixedNames(tool, urlQueryKeys) : EMPTY;
  return { declared, open, fixed, urlQueryKeys };
}

/** Property names of the schema and of its top-level combinator branches (nested a few deep). */
function collectProperties(schema: Schema, into: Set<string>, depth: number): void {
  if (isObject(schema.properties)) for (const name of Object.keys(schema.properties)) into.add(name);
  if (depth >= 3) return;
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches))
      for (const branch of branches) if (isObject(branch)) collectProperties(branch, into, depth + 1);
  }
  for (const keyword of ['then', 'else'] as const) {
    const branch = schema[keyword];
    if (isObject(branch)) collectProperties(branch, into, depth + 1);
  }
}

const PLACEHOLDER = /\{\{\s*([\w$-]+)(?:\.[\w$-]+)*\s*\}\}/g;

function placeholderNames(text: string, into: Set<string>): void {
  for (const m of text.matchAll(PLACEHOLDER)) into.add(m[1]!);
}

/** Decoded keys of the query written in a URL (its `{{placeholders}}` left as they are). */
function queryKeysOf(url: string): ReadonlySet<string> {
  const mark = url.indexOf('?');
  if (mark < 0) return EMPTY;
  const hash = url.indexOf('#', mark);
  const keys = new Set<string>();
  for (const pair of url.slice(mark + 1, hash < 0 ? undefined : hash).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    keys.add(decodeKey(eq < 0 ? pair : pair.slice(0, eq)));
  }
  return keys;
}

export function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/** The names a tool writes itself, less those of its placeholders. */
function fixedNames(tool: ExecutableTool, urlQueryKeys: ReadonlySet<string>): ReadonlySet<string> {
  const fixed = new Set(urlQueryKeys);
  const template = typeof tool.body_template === 'string' ? tool.body_template : '';
  for (const key of templateKeys(template)) fixed.add(key);
  const mapping = tool.parameter_mapping ?? {};
  for (const name of Object.keys(mapping)) {
    const entry = mapping[name];
    if (!entry || entry.target === 'path' || entry.target === 'header' || entry.target === 'cookie') continue;
    const key = entry.key || name;
    if (key !== '$') fixed.add(key);
  }
  const slots = new Set<string>();
  placeholderNames(tool.endpoint_url, slots);
  placeholderNames(template, slots);
  for (const value of Object.values(tool.headers ?? {})) placeholderNames(String(value), slots);
  for (const slot of slots) fixed.delete(slot);
  return fixed;
}

/** Top-level keys of a JSON object template (placeholders stood in for), or of form pairs. */
function templateKeys(template: string): string[] {
  if (template.trim() === '') return [];
  const stood = template.replace(/"\{\{[^}]*\}\}"/g, 'null').replace(/\{\{[^}]*\}\}/g, 'null');
  try {
    const parsed = JSON.parse(stood) as unknown;
    return isObject(parsed) ? Object.keys(parsed) : [];
  } catch {
    // A form body (`a=1&b={{b}}`); any other text takes no fields.
    if (!/^[^=&\s]+=[^&]*(?:&[^=&\s]+=[^&]*)*$/.test(template.trim())) return [];
    return template
      .trim()
      .split('&')
      .map((pair) => decodeKey(pair.slice(0, pair.indexOf('='))));
  }
}
