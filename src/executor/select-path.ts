import { JSONPath } from 'jsonpath-plus';
import { BoundedCache } from '../shared/bounded-cache.ts';

/** One step of a simple path: a member name or index (as a string key), or `*`. */
export type Step = { key: string } | { wildcard: true };

interface Compiled {
  path: string;
  /** A wildcard, recursive descent, filter, slice or union: the answer is an array. */
  many: boolean;
  /** Plain member/index/wildcard steps, evaluated here; null: jsonpath-plus evaluates it. */
  steps: Step[] | null;
}

const compiled = new BoundedCache<Compiled>({ maxEntries: 1_000 });
const STEP =
  /^(?:\.([A-Za-z_][A-Za-z0-9_]*)|\.\*|\[\*\]|\[(\d+)\]|\['([A-Za-z0-9_ -]+)'\]|\["([A-Za-z0-9_ -]+)"\])/;

/**
 * Evaluates a JSONPath. A path that can match many nodes (wildcard, recursive descent, filter,
 * slice or union) yields an array; a definite path yields its single value (null when absent).
 * `data.items` is read as `$.data.items`.
 *
 * Paths made only of member names, indexes and wildcards (the common `$.data.items[*].name`)
 * are compiled once and walked here; anything else, or any value where jsonpath-plus has
 * special rules (a step into a string or number, an object with a literal `*` key), goes to
 * jsonpath-plus, so the answers are the same either way.
 */
export function select(value: unknown, selector: string): unknown {
  const c = compile(selector);
  const matches = (c.steps && walk(value, c.steps)) ?? evaluate(value, c.path);
  return c.many ? matches : (matches[0] ?? null);
}

function compile(selector: string): Compiled {
  let c = compiled.get(selector);
  if (c) return c;
  const path = selector.startsWith('$') ? selector : `$.${selector.replace(/^\./, '')}`;
  const many = /\*|\.\.|\?\(|\[[^\]]*[:,][^\]]*\]/.test(path);
  c = { path, many, steps: parseSteps(path) };
  compiled.set(selector, c);
  return c;
}

/**
 * The steps of a plain path (member names, indexes and wildcards: `$.data[*].id`, `items[0]`,
 * `$['a b']`), or null for anything else (filters, slices, unions, recursive descent).
 * `$` alone is the empty list.
 */
export function parsePlainPath(selector: string): Step[] | null {
  const path = selector.startsWith('$') ? selector : `$.${selector.replace(/^\./, '')}`;
  if (path === '$') return [];
  return parseSteps(path);
}

function parseSteps(path: string): Step[] | null {
  const steps: Step[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    const m = STEP.exec(rest);
    if (!m) return null;
    const key = m[1] ?? m[2] ?? m[3] ?? m[4];
    steps.push(key === undefined ? { wildcard: true } : { key });
    rest = rest.slice(m[0].length);
  }
  return steps.length > 0 ? steps : null;
}

function evaluate(value: unknown, path: string): unknown[] {
  return JSONPath({ path, json: value as object, wrap: true, eval: 'safe' }) as unknown[];
}

/** The matches in document order, or null where jsonpath-plus must decide. */
function walk(root: unknown, steps: Step[]): unknown[] | null {
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of current) {
      if (value === null || typeof value !== 'object') return null;
      const obj = value as Record<string, unknown>;
      if ('key' in step) {
        if (Object.hasOwn(obj, step.key)) next.push(obj[step.key]);
      } else if (Array.isArray(obj)) {
        for (const item of obj) next.push(item);
      } else {
        if (Object.hasOwn(obj, '*')) return null;
        for (const k of Object.keys(obj)) next.push(obj[k]);
      }
    }
    current = next;
  }
  return current;
}
