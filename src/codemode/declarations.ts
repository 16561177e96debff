import { firstLine } from '../discovery/search-index.ts';
import { estimateTokens } from '../discovery/tokens.ts';
import type { ToolRecord } from '../store/tools.repo.ts';

/*
 * TypeScript declarations of a server's tools for code mode (issue 37): what `search_tools` shows
 * (one signature line per operation) and what `describe_tools` answers (the operation with its
 * argument and result types and their docs). One walker turns JSON Schema into TypeScript; it is
 * written for a model to read at few tokens — first sentences only, enums as unions, defaults and
 * bounds as short comments — and bounded whatever the schema (depth, members, enum values, length),
 * so a hostile document cannot make a large answer. Records are immutable: each tool's text is
 * kept per record.
 */

type Schema = Record<string, unknown>;

/** Deepest nesting written out; deeper values are `unknown`. */
const MAX_DEPTH = 3;
/** Members written per object; the rest are counted in a comment. */
const MAX_MEMBERS = 40;
/** Enum values written as a union; more become the base type with a count. */
const MAX_ENUM = 12;
/** A property's doc: its description's first sentence, cut here. */
const DOC_CHARS = 90;
/** The operation's doc: the description's first sentences, cut here. */
const SUMMARY_CHARS = 240;
/** An argument type is shown inline in a signature line when it is at most this many tokens. */
const INLINE_TOKENS = 120;
/** One operation's declaration, at most. */
const MAX_DECLARATION_CHARS = 8_000;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A member name as TypeScript writes it (quoted unless an identifier). */
function member(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** How code calls an operation: `api.name` or `api["name-with-dash"]`. */
export function callee(name: string): string {
  return IDENTIFIER.test(name) ? `api.${name}` : `api[${JSON.stringify(name)}]`;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plain text of a description: markdown links, tags and code marks dropped, whitespace folded. */
function plain(text: string): string {
  return text
    .replace(/<[^>]{0,200}>/g, '')
    .replace(/\[([^\]]{0,200})\]\([^)]{0,500}\)/g, '$1')
    .replace(/[`*_]{1,3}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A literal of an enum or const, as TypeScript writes it. */
function literal(value: unknown): string {
  return typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
    ? JSON.stringify(value)
    : 'unknown';
}

/** The short comment a property carries: first sentence, default, bounds, format. */
function docOf(schema: Schema): string {
  const parts: string[] = [];
  if (typeof schema.description === 'string') {
    const sentence = firstLine(plain(schema.description), DOC_CHARS);
    if (sentence) parts.push(sentence);
  }
  if (schema.default !== undefined && literal(schema.default) !== 'unknown')
    parts.push(`default ${literal(schema.default)}`);
  const min = schema.minimum ?? schema.minLength ?? schema.minItems;
  const max = schema.maximum ?? schema.maxLength ?? schema.maxItems;
  if (typeof min === 'number' && typeof max === 'number' && schema.type !== 'string')
    parts.push(`${min}–${max}`);
  if (typeof schema.format === 'string') parts.push(schema.format);
  if (Array.isArray(schema.enum) && schema.enum.length > MAX_ENUM)
    parts.push(`one of ${schema.enum.length}: ${schema.enum.slice(0, 4).map(literal).join(', ')}, …`);
  return parts.join('; ');
}

/** The TypeScript type of a schema; `indent` is the depth of the lines an object writes. */
function typeOf(schema: unknown, depth: number, indent: string): string {
  if (!isSchema(schema)) return 'unknown';
  if (schema.const !== undefined) return literal(schema.const);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.length <= MAX_ENUM ? schema.enum.map(literal) : [];
    if (values.length > 0) return [...new Set(values)].join(' | ');
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      const types = [...new Set(options.slice(0, 8).map((o) => typeOf(o, depth + 1, indent)))];
      return types.length === 1
        ? (types[0] as string)
        : types.map((t) => (t.includes('\n') ? t : t)).join(' | ');
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf.slice(0, 8))
      if (isSchema(part)) {
        Object.assign(merged.properties as Schema, isSchema(part.properties) ? part.properties : {});
        if (Array.isArray(part.required)) (merged.required as unknown[]).push(...part.required);
      }
    return typeOf(merged, depth, indent);
  }
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = schema.nullable === true || type.includes('null');
  const base = type.filter((t) => t !== 'null');
  let ts: string;
  if (base.length > 1)
    ts = base.map((t) => typeOf({ ...schema, type: t, nullable: false }, depth, indent)).join(' | ');
  else if (base[0] === 'string') ts = 'string';
  else if (base[0] === 'integer' || base[0] === 'number') ts = 'number';
  else if (base[0] === 'boolean') ts = 'boolean';
  else if (base[0] === 'array') {
    const item = depth >= MAX_DEPTH ? 'unknown' : typeOf(schema.items, depth + 1, indent);
    ts = /^[\w"]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
  } else if (base[0] === 'object' || isSchema(schema.properties)) ts = objectType(schema, depth, indent);
  else ts = 'unknown';
  return nullable ? `${ts} | null` : ts;
}

function objectType(schema: Schema, depth: number, indent: string): string {
  const props = isSchema(schema.properties) ? Object.entries(schema.properties) : [];
  const extra = schema.additionalProperties;
  if (props.length === 0) {
    // A tool's arguments take nothing the schema does not declare (the executor refuses the rest).
    if (depth === 0 && isSchema(schema.properties) && !extra) return '{}';
    if (isSchema(extra) && depth < MAX_DEPTH) return `Record<string, ${typeOf(extra, depth + 1, indent)}>`;
    return 'Record<string, unknown>';
  }
  if (depth >= MAX_DEPTH) return 'Record<string, unknown>';
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
  );
  const inner = `${indent}  `;
  const lines: string[] = [];
  // Required members first: what a call cannot do without.
  const ordered = [...props].sort(([a], [b]) => Number(required.has(b)) - Number(required.has(a)));
  for (const [name, value] of ordered.slice(0, MAX_MEMBERS)) {
    const doc = isSchema(value) ? docOf(value) : '';
    const optional = required.has(name) ? '' : '?';
    lines.push(
      `${inner}${member(name)}${optional}: ${typeOf(value, depth + 1, inner)};${doc ? ` // ${doc}` : ''}`,
    );
  }
  if (props.length > MAX_MEMBERS) lines.push(`${inner}// … ${props.length - MAX_MEMBERS} more`);
  if (isSchema(extra)) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** An operation's doc comment: its description's first sentences, plain. */
function summaryOf(tool: ToolRecord): string {
  const text = plain(tool.description || tool.name);
  return cut(text, SUMMARY_CHARS).replace(/\*\//g, '*\\/');
}

const signatures = new WeakMap<ToolRecord, string>();
const declarations = new WeakMap<ToolRecord, string>();

/**
 * One line for a search hit: `api.name(args: {…}): Promise<…> // what it does`. The argument type
 * is inlined (one line) when short, else named `args` with a pointer to `describe_tools`.
 */
export function declareSignature(tool: ToolRecord, name: string): string {
  const kept = signatures.get(tool);
  if (kept?.startsWith(`${callee(name)}(`)) return kept;
  const args = typeOf(tool.input_schema, 0, '')
    .replace(/\s*\/\/[^\n]*/g, '')
    .replace(/\s*\n\s*/g, ' ');
  const shown = estimateTokens(args) <= INLINE_TOKENS ? args : '{…}';
  const line = `${callee(name)}(args: ${shown}): Promise<${tool.output_schema ? resultName(name) : 'unknown'}> // ${cut(firstLine(plain(tool.description || tool.name)), 120)}`;
  signatures.set(tool, line);
  return line;
}

function resultName(name: string): string {
  const base = name.replace(/[^A-Za-z0-9]+([A-Za-z0-9])?/g, (_, c: string | undefined) =>
    c ? c.toUpperCase() : '',
  );
  return `${base.charAt(0).toUpperCase()}${base.slice(1)}Result`;
}

/** One operation: its doc, its call with argument types, its result type when the tool declares one. */
function declareOperation(tool: ToolRecord, name: string): string {
  const kept = declarations.get(tool);
  if (kept?.includes(`\n${callee(name)}(`)) return kept;
  const lines = [`/** ${summaryOf(tool)} */`];
  const result = tool.output_schema ? resultName(name) : 'unknown';
  lines.push(`${callee(name)}(args: ${typeOf(tool.input_schema, 0, '')}): Promise<${result}>;`);
  if (tool.output_schema) lines.push(`type ${result} = ${typeOf(tool.output_schema, 1, '')};`);
  let text = lines.join('\n');
  if (text.length > MAX_DECLARATION_CHARS)
    text = `${text.slice(0, MAX_DECLARATION_CHARS)}\n// … cut: the declaration is longer than ${MAX_DECLARATION_CHARS} characters`;
  declarations.set(tool, text);
  return text;
}

/** The declarations `describe_tools` answers, one operation after another. */
export function declareOperations(
  tools: readonly ToolRecord[],
  nameOf: (tool: ToolRecord) => string,
): string {
  return tools.map((tool) => declareOperation(tool, nameOf(tool))).join('\n\n');
}
