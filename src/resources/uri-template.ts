/*
 * RFC 6570 level 1 (simple string expansion, `{var}`) — what MCP resource templates use for
 * addressable items such as `test://template/{id}/data`.
 */

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

/**
 * Matches a concrete URI against the template and returns each variable's (decoded) value, or
 * undefined when it does not match. Level-1 values are percent-encoded, so none spans a `/`.
 */
export function matchUriTemplate(template: string, uri: string): Record<string, string> | undefined {
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
  const match = new RegExp(`^${pattern}$`).exec(uri);
  if (!match) return undefined;
  const values: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match[i + 1]!;
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
