import type { Candidate } from '../importers/types.ts';
import type { SourceKind, SourceOperationRecord } from '../store/sources.repo.ts';

/*
 * The stable key of an operation across versions of its document: the OpenAPI operationId, else
 * method + path (parameter names normalised to `{}`); a Postman item's id, else method + path; a
 * manifest tool's slug. The route (method + normalised path) is kept beside the key: a renamed
 * operationId on the same route is still the same tool.
 */

export interface OperationKey {
  op_key: string;
  operation_id: string | null;
  method: string;
  /** The path template with every parameter as `{}`. */
  path: string;
}

/** `/pets/{petId}`, `/pets/:id`, `/pets/{{id}}` → `/pets/{}`; no trailing slash. */
export function normalisePath(path: string): string {
  const normalised = path
    .replace(/\{\{[^{}]*\}\}/g, '{}')
    .replace(/\{[^{}]*\}/g, '{}')
    .replace(/(^|\/):[A-Za-z_][A-Za-z0-9_.-]*/g, '$1{}');
  return normalised.length > 1 ? normalised.replace(/\/+$/, '') : normalised || '/';
}

/** The path of an endpoint URL (its placeholders kept), for candidates that name no operation. */
function pathOfUrl(url: string): string {
  const noOrigin = url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/]*|\{\{[^}]+\}\}[^/]*)/i, '');
  const cut = noOrigin.search(/[?#]/);
  return (cut < 0 ? noOrigin : noOrigin.slice(0, cut)) || '/';
}

/** The key of one candidate of a document of `kind`. */
export function keyOf(kind: SourceKind, candidate: Candidate): OperationKey {
  const method = candidate.operation?.method ?? candidate.http_method;
  const path = normalisePath(candidate.operation?.path ?? pathOfUrl(candidate.endpoint_url));
  const id = candidate.operation?.id || null;
  const route = `route:${method} ${path}`;
  if (kind === 'manifest') return { op_key: `slug:${candidate.slug}`, operation_id: null, method, path };
  if (kind === 'postman') return { op_key: id ? `id:${id}` : route, operation_id: id, method, path };
  return { op_key: id ? `op:${id}` : route, operation_id: id, method, path };
}

/** Keys of a whole document, in order; a key seen again gets `#2`, `#3`… (two requests on one route). */
export function keysOf(kind: SourceKind, candidates: Candidate[]): OperationKey[] {
  const seen = new Map<string, number>();
  return candidates.map((c) => {
    const key = keyOf(kind, c);
    const n = (seen.get(key.op_key) ?? 0) + 1;
    seen.set(key.op_key, n);
    return n === 1 ? key : { ...key, op_key: `${key.op_key}#${n}` };
  });
}

export interface Keyed {
  key: OperationKey;
  candidate: Candidate;
}

export interface Pairing {
  pairs: Array<{ tracked: SourceOperationRecord; theirs: Keyed }>;
  /** In the document, tracked by nothing: new operations. */
  added: Keyed[];
  /** Tracked, gone from the document. */
  removed: SourceOperationRecord[];
}

const routeOf = (x: { method: string; path: string }) => `${x.method} ${x.path}`;

/**
 * Pairs the document's operations with the tracked ones: first by key (the same operationId or
 * item id on whatever route: a move when the route differs), then what is left by route (the same
 * method and normalised path: a renamed operationId or item id).
 */
export function pairOperations(tracked: SourceOperationRecord[], theirs: Keyed[]): Pairing {
  const pairs: Pairing['pairs'] = [];
  const left = new Map(theirs.map((t) => [t.key.op_key, t]));
  const unmatched: SourceOperationRecord[] = [];
  for (const op of tracked) {
    const hit = left.get(op.op_key);
    if (hit) {
      pairs.push({ tracked: op, theirs: hit });
      left.delete(op.op_key);
    } else unmatched.push(op);
  }
  const byRoute = new Map<string, Keyed[]>();
  for (const t of left.values()) byRoute.set(routeOf(t.key), [...(byRoute.get(routeOf(t.key)) ?? []), t]);
  const removed: SourceOperationRecord[] = [];
  for (const op of unmatched) {
    const hit = byRoute.get(routeOf(op))?.shift();
    if (hit) {
      pairs.push({ tracked: op, theirs: hit });
      left.delete(hit.key.op_key);
    } else removed.push(op);
  }
  return { pairs, added: [...left.values()], removed };
}
