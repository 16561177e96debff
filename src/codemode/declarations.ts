import { firstLine } from '../discovery/search-index.ts';
import { estimateTokens } from '../discovery/tokens.ts';
import type { ToolRecord } from '../store/tools.repo.ts';

/*
 * TypeScript declarations of a server's tools for code mode (issue 37): what `search_tools` shows
 * (one signature line per operation) and what `describe_tools` answers (the operations with their
 * argument and result types and docs). One walker turns JSON Schema into TypeScript. It writes for
 * a model to read at few tokens — first sentences only, required members first, enums as unions,
 * defaults, bounds and formats as short comments — and is bounded whatever the schema (depth,
 * members, enum values, characters per operation), so a hostile document cannot make a large or
 * slow answer. Records are immutable: each tool's text is kept per record.
 *
 * The shape of an answer, chosen for the model and for tokens: the operations are members of one
 * `declare const api: { … }` — valid TypeScript that says in its first line how code calls them
 * (`api.name(…)`, quoted names `api["a-b"](…)`), with no separate `interface XArgs` to name and
 * look up (an argument type is used once, so inlining it costs nothing and reads in place). A
 * result type is named (`XResult`) after the block, since a program names it when it keeps one;
 * it is one level deep (a list's items show their members), deeper objects are records.
 *
 * The bounds are set by bench/codemode-declarations.bench.ts against issue 37's targets for one
 * operation's describe (≤ 150 tokens median, ≤ 800 at p95, Stripe and OpenAI). What holds them:
 * member docs cut to their first sentence, no string lengths (Stripe gives nearly every string
 * `maxLength: 5000`), and short objects without comments on one line (Stripe's
 * `capabilities: { card_payments?: { requested?: boolean } … }`).
 */

type Schema = Record<string, unknown>;

/** Deepest nesting written out; deeper objects are `Record<string, unknown>`. */
const MAX_DEPTH = 3;
/** Members written per object; the rest are counted in a comment. */
const MAX_MEMBERS = 60;
/** Enum values written as a union; more become the base type with a count. */
const MAX_ENUM = 12;
/** An enum or const string longer than this is not written as a literal. */
const MAX_LITERAL = 80;
/** Options of a oneOf/anyOf written; more are cut. */
const MAX_OPTIONS = 8;
/** A member name longer than this is not written (counted with the members left out). */
const MAX_NAME = 100;
/** A property's doc: its description's first sentence, cut here. */
const DOC_CHARS = 90;
/** The operation's doc: its description, plain, cut here. */
const SUMMARY_CHARS = 600;
/** An argument type is shown inline in a signature line when it is at most this many tokens. */
const INLINE_TOKENS = 120;
/** An object without comments is written on one line when it is at most this long. */
const FLAT_CHARS = 120;
/** Characters of members one operation writes; past it objects are cut (`// … N more`). */
const MAX_DECLARATION_CHARS = 8_000;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A member name as TypeScript writes it (quoted unless an identifier). */
function member(name: string): string {
  // `new(…)` in a type would be a construct signature, not a method.
  return IDENTIFIER.test(name) && name !== 'new' ? name : JSON.stringify(name);
}

/** How code calls an operation: `api.name` or `api["name-with-dash"]`. */
function callee(name: string): string {
  return IDENTIFIER.test(name) ? `api.${name}` : `api[${JSON.stringify(name)}]`;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plain text of a description: markdown links, tags, headings and emphasis dropped, whitespace folded. */
function plain(text: string): string {
  return text
    .replace(/<[^<>]{0,200}>/g, '')
    .replace(/\[([^\]]{0,200})\]\([^)]{0,500}\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/`+|\*{1,3}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A literal of an enum or const as TypeScript writes it, or undefined when it is not a short scalar. */
function literal(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length <= MAX_LITERAL ? JSON.stringify(value) : undefined;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  return undefined;
}

/** The enum's union, or undefined when it is too long to write (then the doc counts its values). */
function enumUnion(values: unknown[]): string | undefined {
  if (values.length === 0 || values.length > MAX_ENUM) return undefined;
  const literals = values.map(literal);
  if (literals.some((l) => l === undefined)) return undefined;
  return [...new Set(literals)].join(' | ');
}

/** The short comment a property carries: first sentence, default, bounds, format, a long enum's values. */
function docOf(schema: Schema): string {
  const parts: string[] = [];
  if (typeof schema.description === 'string') {
    const sentence = firstLine(plain(schema.description.slice(0, 2_000)), DOC_CHARS);
    if (sentence) parts.push(sentence.replace(/[.:]$/, ''));
  }
  const fallback = schema.default === undefined ? undefined : literal(schema.default);
  if (fallback !== undefined) parts.push(`default ${fallback}`);
  // Numbers' and lists' bounds; strings' lengths are mostly noise (Stripe gives nearly every one ≤ 5000).
  const min = schema.minimum ?? schema.minItems;
  const max = schema.maximum ?? schema.maxItems;
  const bound = (n: unknown): n is number => typeof n === 'number' && Math.abs(n) < 1e15;
  if (bound(min) && bound(max)) parts.push(`${min}–${max}`);
  else if (bound(max)) parts.push(`≤ ${max}`);
  if (typeof schema.format === 'string') parts.push(cut(schema.format, 30));
  if (Array.isArray(schema.enum) && enumUnion(schema.enum) === undefined) {
    const shown = schema.enum
      .slice(0, 4)
      .map((v) => cut(JSON.stringify(v) ?? '', 30))
      .join(', ');
    parts.push(`one of ${schema.enum.length} values: ${shown}${schema.enum.length > 4 ? ', …' : ''}`);
  }
  // A line comment ends at any line terminator, so none may be left in it.
  return parts.join('; ').replace(/[\r\n\u2028\u2029]/g, ' ');
}

/** What one operation may still write (characters), shared by its whole walk. */
interface Budget {
  chars: number;
}

/** The TypeScript type of a schema; `indent` is the indentation of the lines an object writes. */
function typeOf(schema: unknown, depth: number, indent: string, budget: Budget): string {
  if (!isSchema(schema)) return 'unknown';
  if (schema.const !== undefined) return literal(schema.const) ?? 'unknown';
  if (Array.isArray(schema.enum)) {
    const union = enumUnion(schema.enum);
    if (union !== undefined) return schema.nullable === true ? `${union} | null` : union;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0)
      return [
        ...new Set(options.slice(0, MAX_OPTIONS).map((o) => typeOf(o, depth + 1, indent, budget))),
      ].join(' | ');
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return typeOf(merge(schema.allOf), depth, indent, budget);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = schema.nullable === true || types.includes('null');
  const base = types.filter((t) => t !== 'null');
  let ts: string;
  if (base.length > 1)
    ts = base.map((t) => typeOf({ ...schema, type: t, nullable: false }, depth, indent, budget)).join(' | ');
  else if (base[0] === 'string') ts = 'string';
  else if (base[0] === 'integer' || base[0] === 'number') ts = 'number';
  else if (base[0] === 'boolean') ts = 'boolean';
  else if (base[0] === 'array') {
    // A list of objects shows its items' members at the list's own depth (`data: Array<{…}>`);
    // an object counts its depth itself, anything else nested in a list counts one more.
    const items = schema.items;
    const objects = isSchema(items) && (items.type === 'object' || isSchema(items.properties));
    const item = depth >= MAX_DEPTH ? 'unknown' : typeOf(items, objects ? depth : depth + 1, indent, budget);
    ts = /^[\w"[\]]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
  } else if (base[0] === 'object' || isSchema(schema.properties))
    ts = objectType(schema, depth, indent, budget);
  else if (base.length === 0 && nullable) return 'null';
  else ts = 'unknown';
  return nullable && ts !== 'unknown' ? `${ts} | null` : ts;
}

/** allOf as one object: its parts' properties and required lists together. */
function merge(parts: unknown[]): Schema {
  const properties: Schema = {};
  const required: unknown[] = [];
  for (const part of parts.slice(0, MAX_OPTIONS))
    if (isSchema(part)) {
      if (isSchema(part.properties)) Object.assign(properties, part.properties);
      if (Array.isArray(part.required)) required.push(...part.required);
    }
  return { type: 'object', properties, required };
}

function objectType(schema: Schema, depth: number, indent: string, budget: Budget): string {
  const props = isSchema(schema.properties) ? Object.keys(schema.properties) : [];
  const extra = schema.additionalProperties;
  if (props.length === 0) {
    // A tool's arguments take nothing the schema does not declare (the executor refuses the rest).
    if (depth === 0 && isSchema(schema.properties) && !extra) return '{}';
    if (isSchema(extra) && depth < MAX_DEPTH)
      return `Record<string, ${typeOf(extra, depth + 1, indent, budget)}>`;
    return 'Record<string, unknown>';
  }
  if (depth >= MAX_DEPTH || budget.chars <= 0) return 'Record<string, unknown>';
  const properties = schema.properties as Schema;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const inner = `${indent}  `;
  const lines: string[] = [];
  // Required members first: what a call cannot do without.
  const ordered = props
    .filter((name) => required.has(name))
    .concat(props.filter((name) => !required.has(name)));
  let written = 0;
  let documented = false;
  for (const name of ordered) {
    if (written >= MAX_MEMBERS || budget.chars <= 0) break;
    if (name.length > MAX_NAME) continue;
    const value = properties[name];
    const doc = isSchema(value) ? docOf(value) : '';
    const type = typeOf(value, depth + 1, inner, budget);
    const line = `${inner}${member(name)}${required.has(name) ? '' : '?'}: ${type};${doc ? ` // ${doc}` : ''}`;
    // A nested object's own lines were counted when it was written.
    const cost = type.includes('\n') ? line.length - type.length : line.length;
    if (cost > budget.chars) break;
    budget.chars -= cost;
    lines.push(line);
    documented ||= doc !== '' || type.includes('\n');
    written++;
  }
  if (written < props.length) lines.push(`${inner}// … ${props.length - written} more`);
  if (extra === true || isSchema(extra)) lines.push(`${inner}[key: string]: unknown;`);
  // A short object without comments reads as well on one line: `{ requested?: boolean }`.
  const flat = `{ ${lines
    .map((l) => l.trim())
    .join(' ')
    .replace(/;$/, '')} }`;
  if (!documented && written === props.length && flat.length <= FLAT_CHARS) return flat;
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** An operation's doc comment: its description, plain, cut; never closes the comment early. */
function summaryOf(tool: ToolRecord): string {
  const text = plain((tool.description || tool.name).slice(0, 4 * SUMMARY_CHARS));
  return cut(text, SUMMARY_CHARS).replace(/\*\//g, '*\\/');
}

function resultName(name: string): string {
  const words = name.match(/[A-Za-z0-9]+/g) ?? ['Operation'];
  const base = words.map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`).join('');
  return `${/^[0-9]/.test(base) ? '_' : ''}${base}Result`;
}

const signatures = new WeakMap<ToolRecord, string>();
const declarations = new WeakMap<ToolRecord, { member: string; result?: string }>();

/**
 * One line for a search hit: `api.name(args: {…}): Promise<…> // what it does`. The argument type
 * is inlined (on one line) when short, else `{…}` and `describe_tools` gives it.
 */
export function declareSignature(tool: ToolRecord, name: string): string {
  const kept = signatures.get(tool);
  if (kept?.startsWith(`${callee(name)}(`)) return kept;
  const args = typeOf(tool.input_schema, 0, '', { chars: MAX_DECLARATION_CHARS })
    .replace(/\s*\/\/[^\n]*/g, '')
    .replace(/;\s*\n\s*}/g, ' }')
    .replace(/\s*\n\s*/g, ' ');
  const shown = estimateTokens(args) <= INLINE_TOKENS ? args : '{…}';
  const result = tool.output_schema ? resultName(name) : 'unknown';
  const line = `${callee(name)}(args: ${shown}): Promise<${result}> // ${firstLine(plain((tool.description || tool.name).slice(0, 2_000)), 120)}`;
  signatures.set(tool, line);
  return line;
}

/** One operation: its member of `api` (doc and call with argument types) and its result type when declared. */
function declareOperation(tool: ToolRecord, name: string): { member: string; result?: string } {
  const kept = declarations.get(tool);
  if (kept?.member.includes(`\n${member(name)}(`)) return kept;
  const budget = { chars: MAX_DECLARATION_CHARS };
  const args = typeOf(tool.input_schema, 0, '', budget);
  const result = tool.output_schema ? resultName(name) : undefined;
  const text = {
    member: `/** ${summaryOf(tool)} */\n${member(name)}(args: ${args}): Promise<${result ?? 'unknown'}>;`,
    ...(result && { result: `type ${result} = ${typeOf(tool.output_schema, MAX_DEPTH - 1, '', budget)};` }),
  };
  declarations.set(tool, text);
  return text;
}

/**
 * The declarations `describe_tools` answers: the operations as members of `api`, then their result
 * types. Valid TypeScript; a quoted name gets one line saying how to call it.
 */
export function declareOperations(
  tools: readonly ToolRecord[],
  nameOf: (tool: ToolRecord) => string,
): string {
  const names = tools.map(nameOf);
  const operations = tools.map((tool, i) => declareOperation(tool, names[i] as string));
  const quoted = names.find((n) => !IDENTIFIER.test(n));
  const lines = quoted ? [`// quoted names are called as ${callee(quoted)}(args)`] : [];
  lines.push(`declare const api: {\n${operations.map((o) => o.member).join('\n')}\n};`);
  for (const o of operations) if (o.result) lines.push(o.result);
  return lines.join('\n');
}
