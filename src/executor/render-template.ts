import { BoundedCache } from '../shared/bounded-cache.ts';

/**
 * The response template language (a small, logic-less subset of Handlebars):
 *
 * - `{{name}}`, `{{a.b.c}}`, `{{items.0.id}}`: a value from the current item, falling back to
 *   the root (the selected JSON). Strings print as-is, numbers and booleans as text, objects and
 *   arrays as compact JSON, null and missing values as nothing.
 * - `{{this}}` is the current item, `{{this.x}}` a field of it, `{{@index}}` its 0-based position
 *   and `{{@number}}` its 1-based one.
 * - `{{#each path}}…{{/each}}` repeats its body for every element of an array (or every value
 *   of an object); `{{#each this}}` loops over the current item. Blocks nest.
 * - `{{#if path}}…{{/if}}` keeps its body when the value is truthy (a non-empty array counts).
 * No HTML escaping: the output is text for a language model, not a web page.
 */
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: string }
  | { kind: 'each' | 'if'; path: string; body: Node[] };

interface Scope {
  item: unknown;
  root: unknown;
  index: number;
}

const TAG = /\{\{\s*(#each|#if|\/each|\/if)?\s*([^{}]*?)\s*\}\}/g;
const parsed = new BoundedCache<Node[]>({ maxEntries: 1_000 });

function parse(template: string): Node[] {
  const hit = parsed.get(template);
  if (hit) return hit;
  const root: Node[] = [];
  const stack: Array<{ kind: 'each' | 'if'; body: Node[] }> = [];
  const current = () => stack[stack.length - 1]?.body ?? root;
  let last = 0;
  for (const m of template.matchAll(TAG)) {
    if (m.index > last) current().push({ kind: 'text', text: template.slice(last, m.index) });
    last = m.index + m[0].length;
    const [, block, path = ''] = m;
    if (block === '#each' || block === '#if') {
      const node = { kind: block.slice(1) as 'each' | 'if', path: path || 'this', body: [] as Node[] };
      current().push(node);
      stack.push(node);
    } else if (block === '/each' || block === '/if') {
      // A stray closing tag is dropped; a matching one ends its block.
      if (stack[stack.length - 1]?.kind === block.slice(1)) stack.pop();
    } else if (path) current().push({ kind: 'value', path });
  }
  if (last < template.length) current().push({ kind: 'text', text: template.slice(last) });
  parsed.set(template, root);
  return root;
}

function walk(value: unknown, parts: string[]): unknown {
  let v = value;
  for (const part of parts) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function resolve(path: string, scope: Scope): unknown {
  if (path === '@index') return scope.index;
  if (path === '@number') return scope.index + 1;
  if (path === 'this' || path === '.') return scope.item;
  const parts = path.split('.');
  if (parts[0] === 'this') return walk(scope.item, parts.slice(1));
  if (scope.item !== null && typeof scope.item === 'object' && parts[0]! in (scope.item as object))
    return walk(scope.item, parts);
  return walk(scope.root, parts);
}

function print(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function render(nodes: Node[], scope: Scope): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') out += print(resolve(node.path, scope));
    else if (node.kind === 'if') {
      const v = resolve(node.path, scope);
      if (Array.isArray(v) ? v.length > 0 : Boolean(v)) out += render(node.body, scope);
    } else {
      const v = resolve(node.path, scope);
      const items = Array.isArray(v) ? v : v !== null && typeof v === 'object' ? Object.values(v) : [];
      items.forEach((item, index) => {
        out += render(node.body, { item, root: scope.root, index });
      });
    }
  }
  return out;
}

/** Renders the template against the selected JSON value. */
export function renderTemplate(template: string, data: unknown): string {
  return render(parse(template), { item: data, root: data, index: 0 });
}
