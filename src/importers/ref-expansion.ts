import { ApiError } from '../errors.ts';

/**
 * The most nodes an OpenAPI document may have once every local `$ref` is inlined. Dereferencing
 * shares objects, but validation and every later walk (candidates, schemas sent to clients) visit
 * each use: a 3 KB document whose `S21` refers twice to `S20`, … down to `S0` expands to 2^22
 * nodes and held the process for seconds. The largest real documents expand to far less
 * (see ref-expansion.test.ts); past this bound the import is refused before dereferencing.
 */
export const MAX_REF_EXPANSION_NODES = 4_000_000;

/** References inlined into references: deeper than any schema a client can read. */
const MAX_REF_DEPTH = 1_000;

type Obj = Record<string, unknown>;

/** The node a local JSON pointer (`#/components/schemas/Pet`) names, or undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Obj)[key];
  }
  return node;
}

/** The local `$ref`s in `node`'s subtree, without following them. */
function refsIn(node: unknown, out: Set<string>, seen: Set<object>): Set<string> {
  if (node === null || typeof node !== 'object' || seen.has(node)) return out;
  seen.add(node);
  const ref = (node as Obj).$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) out.add(ref);
  else for (const value of Object.values(node)) refsIn(value, out, seen);
  return out;
}

/**
 * The references that take part in a cycle of references (Tarjan's strongly connected
 * components over the reference graph). The parser leaves those as `$ref`, so they expand to
 * nothing; what can blow up is the acyclic part, where each use is inlined.
 */
function findCircularRefs(root: Obj): Set<string> {
  const edges = new Map<string, string[]>();
  const targetsOf = (ref: string): string[] => {
    let list = edges.get(ref);
    if (!list) {
      list = [...refsIn(resolvePointer(root, ref), new Set(), new Set())];
      edges.set(ref, list);
    }
    return list;
  };
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circular = new Set<string>();
  const visit = (ref: string): void => {
    index.set(ref, index.size);
    low.set(ref, index.get(ref)!);
    stack.push(ref);
    onStack.add(ref);
    for (const next of targetsOf(ref)) {
      if (!index.has(next)) {
        visit(next);
        low.set(ref, Math.min(low.get(ref)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(ref, Math.min(low.get(ref)!, index.get(next)!));
    }
    if (low.get(ref) !== index.get(ref)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== ref);
    if (component.length > 1 || targetsOf(ref).includes(ref)) for (const m of component) circular.add(m);
  };
  for (const ref of refsIn(root, new Set(), new Set())) if (!index.has(ref)) visit(ref);
  return circular;
}

/**
 * Counts the nodes of `root` with every acyclic local `$ref` inlined — each target counted once
 * per use, memoised so the count stays linear in the document — and throws 400 `invalid_spec`
 * past MAX_REF_EXPANSION_NODES. Circular references stay references (count 1), as the parser
 * leaves them.
 */
export function assertBoundedRefExpansion(root: Obj, limit = MAX_REF_EXPANSION_NODES): number {
  let circular: Set<string>;
  try {
    circular = findCircularRefs(root);
  } catch (err) {
    if (err instanceof RangeError)
      throw new ApiError('invalid_spec', "The document's $ref references chain too deeply to import.");
    throw err;
  }
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  const refused = () =>
    new ApiError(
      'invalid_spec',
      `The document's $ref references expand to more than ${limit.toLocaleString('en')} schema nodes; ` +
        'an import inlines each reference where it is used. Reduce the nesting of references that repeat.',
      { limit_ref_expansion_nodes: limit },
    );
  const size = (node: unknown, depth: number): number => {
    if (node === null || typeof node !== 'object') return 1;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (open.has(node)) return 1;
    // A chain of references is as deep as the document would be inlined.
    if (depth > MAX_REF_DEPTH)
      throw new ApiError(
        'invalid_spec',
        `The document's $ref references nest deeper than ${MAX_REF_DEPTH} levels.`,
      );
    open.add(node);
    let total = 1;
    const ref = (node as Obj).$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) {
      if (circular.has(ref)) {
        open.delete(node);
        return 1;
      }
      const target = resolvePointer(root, ref);
      total += target !== undefined && target !== node ? size(target, depth + 1) : 0;
    } else {
      for (const value of Object.values(node)) {
        total += size(value, depth + 1);
        if (total > limit) throw refused();
      }
    }
    if (total > limit) throw refused();
    open.delete(node);
    sizes.set(node, total);
    return total;
  };
  return size(root, 0);
}
