/*
 * Recorded paths → path templates. `/users/42/orders/9f1c…` and `/users/7/orders/0b3a…` are
 * one operation, `/users/{user_id}/orders/{order_id}`: segments that look like identifiers
 * (numbers, UUIDs, hex digests, long random tokens, e-mail addresses) become parameters named
 * after the segment before them. Words stay words, however many values they take: which of
 * `/items/open` and `/items/closed` is a value is not guessed.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d+$/;
const HEX = /^[0-9a-f]{8,}$/i;
/** Random-looking tokens: 16+ URL-safe characters mixing letters and digits (`cus_NffrFeUfNV2Hib`, ULIDs). */
const TOKEN = /^[A-Za-z0-9._~-]{16,}$/;

export type SegmentKind = 'number' | 'uuid' | 'id';

/** The kind of identifier a decoded path segment is, or undefined for a word. */
export function idKindOf(segment: string): SegmentKind | undefined {
  if (NUMBER.test(segment)) return 'number';
  if (UUID.test(segment)) return 'uuid';
  if (HEX.test(segment) && /\d/.test(segment)) return 'id';
  if (TOKEN.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment)) return 'id';
  if (/^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/.test(segment)) return 'id';
  return undefined;
}

/** `users` → `user`, `categories` → `category`, `addresses` → `address`, `status` stays. */
function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface PathTemplate {
  /** The path with `{name}` for each parameter (`/users/{user_id}`). */
  template: string;
  /** Parameters in path order, with the recorded value's kind. */
  params: Array<{ name: string; kind: SegmentKind; value: string }>;
}

/** The template of one recorded path; parameter names are unique within it (`id`, `id_2`). */
export function templatePath(pathname: string): PathTemplate {
  const params: PathTemplate['params'] = [];
  const used = new Set<string>();
  let previous = '';
  const segments = pathname.split('/').map((raw, i) => {
    if (i === 0 || raw === '') return raw;
    const value = decode(raw);
    const kind = idKindOf(value);
    if (!kind) {
      previous = value;
      return raw;
    }
    const word = singular(
      previous
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    );
    const base = word ? `${word}_id`.slice(0, 60) : 'id';
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    params.push({ name, kind, value });
    // The next id names after this one's word only when a word comes between.
    previous = '';
    return `{${name}}`;
  });
  return { template: segments.join('/'), params };
}
