import type * as JsYaml from 'js-yaml';
import { ApiError } from '../errors.ts';
import { exceedsDepth, jsonTextExceedsDepth, MAX_JSON_DEPTH } from '../http/json-depth.ts';
import { lazyModule } from '../shared/lazy-module.ts';
import { MAX_IMPORT_TOOLS, tooManyTools } from './limits.ts';
import { assertBoundedRefExpansion } from './ref-expansion.ts';
import { isObject } from './types.ts';

/** js-yaml, loaded on the first YAML document (a start-up does not need it). */
const loadJsYaml = lazyModule<typeof JsYaml>('js-yaml');

/*
 * Reading and checking an OpenAPI document, once: the text is parsed once (JSON.parse when it
 * looks like JSON, else js-yaml with the YAML 1.2 core schema, as `yaml` read it before), and
 * @readme/openapi-parser's `validate` dereferences the document IN PLACE while it validates,
 * so the validated object is the dereferenced one and no second dereference (or clone) is
 * needed. External references are refused before anything is resolved (an import never reads
 * files or the network on the document's say-so); circular `$ref`s stay as references.
 */

type Obj = Record<string, unknown>;

/** YAML aliases share objects; more expanded nodes than this is an alias bomb, not an API. */
const MAX_EXPANDED_NODES = 3_000_000;
const MAX_ALIASES = 10_000;

export const invalidSpec = (message: string, data: Obj = {}) => new ApiError('invalid_spec', message, data);

/**
 * Counts the nodes the document has once its YAML aliases are expanded (shared objects counted
 * per use, memoised so the count itself stays linear) and refuses recursive aliases.
 */
function assertBoundedExpansion(root: unknown): void {
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  const size = (node: unknown): number => {
    if (node === null || typeof node !== 'object') return 1;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (open.has(node)) throw invalidSpec('The document is not valid YAML: an alias refers to itself.');
    open.add(node);
    let total = 1;
    for (const value of Object.values(node)) {
      total += size(value);
      if (total > MAX_EXPANDED_NODES)
        throw invalidSpec('The document is not valid YAML: its aliases expand to too many nodes.');
    }
    open.delete(node);
    sizes.set(node, total);
    return total;
  };
  size(root);
}

/** Reads JSON or YAML text into an object, or throws 400 invalid_spec naming the syntax error. */
export function readDocumentText(text: string): Obj {
  if (text.trim() === '') throw invalidSpec('The document is empty.');
  let doc: unknown;
  const json = /^\s*[{[]/.test(text);
  const tooDeep = invalidSpec(`The document nests deeper than ${MAX_JSON_DEPTH} levels.`);
  if (json && jsonTextExceedsDepth(text)) throw tooDeep;
  try {
    doc = json
      ? JSON.parse(text)
      : loadJsYaml().load(text, { schema: loadJsYaml().CORE_SCHEMA, maxAliases: MAX_ALIASES });
  } catch (err) {
    const first = (err as Error).message.split('\n')[0];
    throw invalidSpec(`The document is not valid ${json ? 'JSON' : 'YAML'}: ${first}`);
  }
  if (!isObject(doc)) throw invalidSpec('The document is not a JSON or YAML object.');
  if (!json && exceedsDepth(doc)) throw tooDeep;
  if (!json) assertBoundedExpansion(doc);
  return doc;
}

/** The first `$ref` that points outside the document; imports never resolve those. */
function findExternalRef(node: unknown, seen = new Set<object>(), depth = 0): string | undefined {
  // Documents nest at most MAX_JSON_DEPTH levels (request bodies and texts are checked), so this
  // walk sees every node: no external reference hides below its cut-off.
  if (depth > MAX_JSON_DEPTH + 2 || node === null || typeof node !== 'object' || seen.has(node))
    return undefined;
  // YAML aliases share objects: each one needs looking at once.
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findExternalRef(item, seen, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const ref = (node as Obj).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return ref;
  for (const value of Object.values(node as Obj)) {
    const found = findExternalRef(value, seen, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The HTTP methods a path item may hold operations under. */
export const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Operations under `paths`, counted before the (costly) validation. */
function countOperations(doc: Obj): number {
  let count = 0;
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {}))
    if (isObject(item)) count += OPERATION_KEYS.filter((m) => isObject(item[m])).length;
  return count;
}

function checkVersion(doc: Obj): void {
  if (doc.swagger !== undefined)
    throw new ApiError(
      'unsupported_version',
      `This is a Swagger/OpenAPI ${String(doc.swagger)} document; only OpenAPI 3.0 and 3.1 are imported. ` +
        'Convert it first (for example with swagger2openapi, or https://converter.swagger.io) and import the result.',
    );
  if (typeof doc.openapi !== 'string')
    throw invalidSpec('The document has no "openapi" version field: it is not an OpenAPI 3.x document.');
  if (!/^3\.[01](\.\d+)?(-.*)?$/.test(doc.openapi))
    throw invalidSpec(`OpenAPI version ${doc.openapi} is not supported; import OpenAPI 3.0 or 3.1.`);
}

/**
 * Checks the version, refuses external references, validates, and returns the document
 * dereferenced (the same object, changed in place; circular references left as `$ref`).
 * Throws 400 `unsupported_version` for Swagger 2.0 and 400 `invalid_spec` for the rest.
 */
export async function loadOpenApiDocument(doc: Obj): Promise<Obj> {
  checkVersion(doc);
  const operations = countOperations(doc);
  if (operations > MAX_IMPORT_TOOLS) throw tooManyTools(operations, 'operations');
  const external = findExternalRef(doc);
  if (external)
    throw invalidSpec(
      `The document refers to an external file or URL ($ref "${external}"), which is not resolved on import; bundle the document first.`,
    );
  assertBoundedRefExpansion(doc);
  let result: Awaited<ReturnType<typeof import('@readme/openapi-parser').validate>>;
  try {
    // `circular: 'ignore'` keeps validate from re-dereferencing a recursive document into real
    // cycles after validating; it leaves the dereferenced (acyclic) document behind in `doc`.
    // Loaded with the first import, not at start-up (the parser and its dependencies are large).
    const { validate } = await import('@readme/openapi-parser');
    result = await validate(doc as never, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
      validate: { errors: { colorize: false } },
    });
  } catch (err) {
    throw invalidSpec(
      `The document is not a valid OpenAPI document: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  if (!result.valid) {
    const reasons = result.errors.map((e) => e.message.split('\n')[0]!.trim()).slice(0, 5);
    throw invalidSpec(`The document is not a valid OpenAPI ${doc.openapi} document: ${reasons.join('; ')}`, {
      errors: reasons,
    });
  }
  return doc;
}
