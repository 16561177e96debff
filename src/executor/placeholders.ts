import { BoundedCache } from '../shared/bounded-cache.ts';

/**
 * `{{name}}` placeholders in URLs, headers and body templates. A name may be dotted
 * (`{{user.id}}`) to reach into an object argument; spaces inside the braces are allowed.
 * Every top-level argument a placeholder reads is added to `used`, so it is not sent a second
 * time as an unmapped argument.
 */
const PLACEHOLDER = /\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}/g;

function lookupArg(args: Record<string, unknown>, name: string): unknown {
  if (name in args) return args[name];
  let value: unknown = args;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function markUsed(args: Record<string, unknown>, name: string, used: Set<string>): void {
  used.add(name in args ? name : (name.split('.')[0] ?? name));
}

/** A text split at its placeholders: literal parts around the names (`parts.length = names.length + 1`). */
interface Split {
  parts: string[];
  names: string[];
}

const splits = new BoundedCache<Split>({ maxEntries: 5_000 });

/** Texts come from tool definitions, so each is split once and reused. */
function split(text: string): Split {
  let hit = splits.get(text);
  if (hit) return hit;
  hit = { parts: [], names: [] };
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    hit.parts.push(text.slice(last, m.index));
    hit.names.push(m[1]!);
    last = m.index + m[0].length;
  }
  hit.parts.push(text.slice(last));
  splits.set(text, hit);
  return hit;
}

/** Replaces each placeholder by `encode(value)`; an unknown name becomes `encode(undefined)`. */
export function renderPlaceholders(
  text: string,
  args: Record<string, unknown>,
  used: Set<string>,
  encode: (value: unknown) => string,
): string {
  if (!text.includes('{{')) return text;
  const { parts, names } = split(text);
  let out = parts[0]!;
  for (let i = 0; i < names.length; i++) {
    markUsed(args, names[i]!, used);
    out += encode(lookupArg(args, names[i]!)) + parts[i + 1]!;
  }
  return out;
}

/**
 * Renders a JSON body template so that it stays valid JSON: a placeholder that is a whole JSON
 * string (`"{{count}}"`) or stands bare (`{{tags}}`) becomes the argument's JSON value (numbers
 * stay numbers, a missing argument is `null`); one inside a longer string (`"id-{{n}}"`) is
 * inserted JSON-escaped.
 */
export function renderJsonTemplate(
  template: string,
  args: Record<string, unknown>,
  used: Set<string>,
): string {
  let out = '';
  let inString = false;
  let i = 0;
  while (i < template.length) {
    const ch = template[i]!;
    if (ch === '"' && !inString) {
      const whole = /^"\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}"/.exec(template.slice(i));
      if (whole) {
        markUsed(args, whole[1]!, used);
        out += JSON.stringify(lookupArg(args, whole[1]!) ?? null);
        i += whole[0].length;
        continue;
      }
    }
    if (ch === '{' && template[i + 1] === '{') {
      const m = /^\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}/.exec(template.slice(i));
      if (m) {
        markUsed(args, m[1]!, used);
        const value = lookupArg(args, m[1]!);
        if (inString) {
          const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
          out += JSON.stringify(text).slice(1, -1);
        } else out += JSON.stringify(value ?? null);
        i += m[0].length;
        continue;
      }
    }
    if (inString && ch === '\\') {
      out += template.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch === '"') inString = !inString;
    out += ch;
    i++;
  }
  return out;
}
