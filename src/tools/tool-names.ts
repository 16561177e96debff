import { createHash } from 'node:crypto';

/** Tool names (slugs) as MCP clients see them: safe characters, at most MAX_TOOL_NAME, unique within a server. */

/** Characters an MCP tool name (our slug) may carry. */
const SLUG_UNSAFE = /[^A-Za-z0-9_.-]+/g;

/**
 * Longest tool name (slug) Toolgate gives out or accepts. MCP 2026-07-28 allows 128, but the
 * model APIs behind the clients cap function names at 64 (Anthropic, OpenAI) and clients prefix
 * names with the server's (`mcp__server__tool`): 64 keeps every tool callable. See DECISIONS.md.
 */
export const MAX_TOOL_NAME = 64;

/**
 * A name cut to `max` readably and deterministically: the start up to a word boundary, then `_`
 * and 8 hex of the SHA-256 of the whole name, so two long names that share a prefix still differ
 * (`list_organization_members_of_team_..._9f2c01ab`). Shorter names are returned as they are.
 */
export function shortenToolName(name: string, max = MAX_TOOL_NAME): string {
  if (name.length <= max) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  let head = name.slice(0, max - hash.length - 1);
  const boundary = head.search(/[_.-][^_.-]*$/);
  if (boundary > max / 2) head = head.slice(0, boundary);
  return `${head.replace(/[_.-]+$/, '')}_${hash}`;
}

/** `slug-n` within `max` characters (a collision suffix never pushes a name past the limit). */
export function withSuffix(slug: string, n: number, max = MAX_TOOL_NAME): string {
  const suffix = `-${n}`;
  return `${slug.slice(0, max - suffix.length)}${suffix}`;
}

/** A tool slug from free text: safe characters only, at most 128, never empty. */
export function toSlug(text: string, fallback = 'tool'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(SLUG_UNSAFE, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '');
  return shortenToolName(slug) || fallback;
}

/** A snake_case slug from a display name (`Create Link Token - Bank` → `create_link_token_bank`). */
export function toSnakeSlug(text: string, fallback = 'tool'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
  return shortenToolName(slug) || fallback;
}

/** Makes slugs unique within one document (`name`, `name-2`, …), in place. */
export function dedupeSlugs(items: Array<{ slug: string }>): void {
  const used = new Set<string>();
  // Next suffix to try per slug: thousands of same-named requests stay linear, not quadratic.
  const nextSuffix = new Map<string, number>();
  for (const item of items) {
    let slug = item.slug;
    let n = nextSuffix.get(item.slug) ?? 2;
    while (used.has(slug)) slug = withSuffix(item.slug, n++);
    nextSuffix.set(item.slug, n);
    used.add(slug);
    item.slug = slug;
  }
}
