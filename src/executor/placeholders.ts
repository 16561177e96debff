/**
 * `{{name}}` placeholders in URLs, headers and body templates. A name may be dotted
 * (`{{user.id}}`) to reach into an object argument; spaces inside the braces are allowed.
 * Every top-level argument a placeholder reads is added to `used`, so it is not sent a second
 * time as an unmapped argument.
 */
const PLACEHOLDER = /\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}/g;

export function lookupArg(args: Record<string, unknown>, name: string): unknown {
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

/** Replaces each placeholder by `encode(value)`; an unknown name becomes `encode(undefined)`. */
export function renderPlaceholders(
  text: string,
  args: Record<string, unknown>,
  used: Set<string>,
  encode: (value: unknown) => string,
): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => {
    markUsed(args, name, used);
    return encode(lookupArg(args, name));
  });
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
