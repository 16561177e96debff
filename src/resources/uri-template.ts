import { RE2JS } from 're2js';
import { BoundedCache } from '../shared/bounded-cache.ts';

/*
 * RFC 6570 level 1 (simple string expansion, `{var}`) — what MCP resource templates use for
 * addressable items such as `test://template/{id}/data`.
 */

/**
 * The longest URI `resources/read` and `resources/subscribe` take. Browsers and proxies cap URLs
 * near 8 KB; a longer one is refused (-32602) before any template sees it.
 */
export const MAX_RESOURCE_URI_CHARS = 8_192;

const EXPRESSION = /\{([A-Za-z0-9_.%]+)\}/g;

/** True when the text is a level-1 template: literals and `{name}` expressions, balanced braces. */
export function isLevel1Template(template: string): boolean {
  return /^(?:[^{}\s]|\{[A-Za-z0-9_.%]+\})+$/.test(template);
}

export function templateVariables(template: string): string[] {
  return [...template.matchAll(EXPRESSION)].map((m) => m[1]!);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface CompiledTemplate {
  names: string[];
  regex: RE2JS;
}

/** Compiled templates by text; templates are operator data, the bound only stops growth. */
const compiled = new BoundedCache<CompiledTemplate>({ maxEntries: 1_000 });

/**
 * The template as an anchored RE2 pattern: `docs://{a}.{b}` against `a.a.a…` backtracks
 * quadratically in JavaScript's engine and runs in linear time in RE2's.
 */
function compileTemplate(template: string): CompiledTemplate {
  const hit = compiled.get(template);
  if (hit) return hit;
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const m of template.matchAll(EXPRESSION)) {
    pattern += escapeRegExp(template.slice(last, m.index));
    pattern += '([^/?#&]+)';
    names.push(m[1]!);
    last = m.index + m[0].length;
  }
  pattern += escapeRegExp(template.slice(last));
  const entry = { names, regex: RE2JS.compile(`^${pattern}$`) };
  compiled.set(template, entry);
  return entry;
}

/**
 * Matches a concrete URI against the template and returns each variable's (decoded) value, or
 * undefined when it does not match (or is longer than MAX_RESOURCE_URI_CHARS). Level-1 values are
 * percent-encoded, so none spans a `/`.
 */
export function matchUriTemplate(template: string, uri: string): Record<string, string> | undefined {
  if (uri.length > MAX_RESOURCE_URI_CHARS) return undefined;
  const { names, regex } = compileTemplate(template);
  const match = regex.matcher(uri);
  if (!match.matches()) return undefined;
  const values: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match.group(i + 1) ?? '';
    try {
      values[name] = decodeURIComponent(raw);
    } catch {
      values[name] = raw;
    }
  });
  return values;
}

/** Replaces `{name}` for each known variable; other braces (JSON content, say) stay as they are. */
export function fillTemplate(
  text: string,
  values: Record<string, string>,
  encode: (v: string) => string = (v) => v,
): string {
  return text.replace(EXPRESSION, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name]!) : whole,
  );
}
