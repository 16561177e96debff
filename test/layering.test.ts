import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

/*
 * The layering of docs/ARCHITECTURE.md, read from the import statements of src/:
 * routes → services → store; MCP methods through the same services, and in mcp/ only the record
 * cache and sessions.ts call repositories; how tools are presented to MCP clients lives in tools/;
 * only store/ talks SQL; only the egress client opens outbound HTTP connections; the executor
 * never touches the store;
 * production code never imports test code; only the MCP transport wing (src/mcp/transport/), http/
 * and the app's wiring handle HTTP; no import cycle. Type-only imports carry no behaviour and are allowed.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');

interface Import {
  /** Repository-relative path for local modules, the bare name for packages. */
  target: string;
  typeOnly: boolean;
}

interface SourceFile {
  path: string;
  text: string;
  imports: Import[];
}

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listTs(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const STATIC = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** True when every specifier of `{ type A, type B }` is a type. */
function onlyTypes(clause: string): boolean {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

function resolveTarget(file: string, spec: string): string {
  return spec.startsWith('.') ? relative(ROOT, join(dirname(file), spec)) : spec;
}

function readSource(file: string): SourceFile {
  const text = readFileSync(file, 'utf8');
  const imports: Import[] = [];
  for (const m of text.matchAll(STATIC))
    imports.push({ target: resolveTarget(file, m[4]!), typeOnly: Boolean(m[2]) || onlyTypes(m[3]!) });
  for (const m of text.matchAll(BARE)) imports.push({ target: resolveTarget(file, m[1]!), typeOnly: false });
  for (const m of text.matchAll(DYNAMIC))
    imports.push({ target: resolveTarget(file, m[1]!), typeOnly: false });
  return { path: relative(ROOT, file), text, imports };
}

/** Tests sit beside the code; everything else only tests use (kits, fixtures, checkers) lives under test/. */
const isTestCode = (path: string) => path.endsWith('.test.ts') || path.startsWith('test/');

const production = listTs(SRC)
  .map(readSource)
  .filter((f) => !isTestCode(f.path));

/** `path imports target` for each value import matching `bad`. */
function valueImports(files: SourceFile[], bad: (target: string) => boolean): string[] {
  return files.flatMap((f) =>
    f.imports.filter((i) => !i.typeOnly && bad(i.target)).map((i) => `${f.path} imports ${i.target}`),
  );
}

const inStore = (p: string) => p.startsWith('src/store/');
const SQL_DRIVERS = new Set(['kysely', 'better-sqlite3', 'pg', 'pg-pool', 'pg-cursor']);
const HTTP_CLIENTS = new Set(['undici', 'node:http', 'node:https', 'http', 'https', 'node:http2', 'http2']);
const EGRESS_CLIENT = 'src/shared/egress-client.ts';

test('the rules see the whole source tree', () => {
  assert.ok(production.length > 100, `${production.length} production files`);
  assert.ok(production.some((f) => f.path === EGRESS_CLIENT));
  const routes = production.find((f) => f.path === 'src/tools/tools.routes.ts');
  assert.ok(routes?.imports.some((i) => i.target === 'src/tools/tools.service.ts'));
});

test('route files reach the store only through services', () => {
  const routes = production.filter((f) => f.path.endsWith('.routes.ts'));
  assert.deepEqual(valueImports(routes, inStore), []);
});

test('MCP methods reach the store only through services', () => {
  const methods = production.filter((f) => f.path.startsWith('src/mcp/methods/'));
  assert.deepEqual(valueImports(methods, inStore), []);
});

/**
 * The parts of mcp/ that touch the store: the record cache reads the records every request needs,
 * sessions.ts reads and writes what a conversation keeps (sessions, request-state nonces).
 * Everything else in mcp/ (methods, interaction, transport) goes through them or through
 * services. Type-only imports of record types carry no behaviour and are allowed anywhere.
 */
const MCP_STORE_FACING = new Set(['src/mcp/record-cache.ts', 'src/mcp/sessions.ts']);
const isRepository = (p: string) => p.startsWith('src/store/') && p.endsWith('.repo.ts');

test('in mcp/, only the record cache and sessions.ts call repositories', () => {
  const mcp = production.filter((f) => f.path.startsWith('src/mcp/'));
  assert.ok([...MCP_STORE_FACING].every((p) => mcp.some((f) => f.path === p)));
  assert.deepEqual(
    valueImports(
      mcp.filter((f) => !MCP_STORE_FACING.has(f.path)),
      isRepository,
    ),
    [],
  );
});

/** `path imports target` for each import, type-only or not, matching `bad`. */
function anyImports(files: SourceFile[], bad: (target: string) => boolean): string[] {
  return files.flatMap((f) =>
    f.imports.filter((i) => bad(i.target)).map((i) => `${f.path} imports ${i.target}`),
  );
}

test('how a tool is presented to MCP clients lives with tools: mcp/ and the REST side import it from tools/, never the reverse', () => {
  const inFolder = (folder: string) => (p: string) => p.startsWith(`src/${folder}/`);
  const tools = production.filter((f) => inFolder('tools')(f.path));
  const mcp = production.filter((f) => inFolder('mcp')(f.path));
  assert.deepEqual(anyImports([...tools, ...mcp], inFolder('importers')), []);
  assert.deepEqual(anyImports(tools, inFolder('mcp')), []);
  const outsideMcp = production.filter((f) => !inFolder('mcp')(f.path));
  assert.deepEqual(anyImports(outsideMcp, inFolder('mcp/methods')), []);
});

test('only store/ imports SQL drivers or builds SQL', () => {
  const outside = production.filter((f) => !inStore(f.path));
  assert.deepEqual(
    valueImports(outside, (t) => SQL_DRIVERS.has(t)),
    [],
  );
  const builders = outside
    .filter((f) =>
      /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/.test(f.text),
    )
    .map((f) => f.path);
  assert.deepEqual(builders, []);
});

test('only the egress client opens outbound HTTP connections', () => {
  const others = production.filter((f) => f.path !== EGRESS_CLIENT);
  assert.deepEqual(
    valueImports(others, (t) => HTTP_CLIENTS.has(t)),
    [],
  );
  assert.deepEqual(
    others.filter((f) => /(?<![.\w])fetch\s*\(/.test(f.text)).map((f) => f.path),
    [],
  );
});

test('each identity protocol library has one home per role: oidc-provider in oauth-server/, openid-client in people/oidc.ts (sign-in) and connections/upstream-oauth.ts (upstream accounts), Cedar in policies/cedar.ts', () => {
  // Named in an import or a lazy load: either way the text names the package.
  const naming = (pkg: string) =>
    production.filter((f) => new RegExp(`['"]${pkg}['"]`).test(f.text)).map((f) => f.path);
  assert.deepEqual(
    naming('oidc-provider').filter((p) => !p.startsWith('src/oauth-server/')),
    [],
  );
  assert.deepEqual(
    naming('openid-client').filter(
      (p) => p !== 'src/people/oidc.ts' && p !== 'src/connections/upstream-oauth.ts',
    ),
    [],
  );
  assert.ok(naming('oidc-provider').length > 0 && naming('openid-client').length > 0);
  // Cedar, the policy language: one module loads it.
  assert.deepEqual(
    naming('@cedar-policy/cedar-wasm/nodejs').filter((p) => p !== 'src/policies/cedar.ts'),
    [],
  );
  assert.ok(naming('@cedar-policy/cedar-wasm/nodejs').length > 0);
});

/** The one listener on the HTTP server's requests beside fastify's: it keeps a response alive and answers nothing. */
const SHAPE_KEEPER = 'src/http/keep-shapes.ts';

test('every request has one door, fastify: no server factory, no lane ahead of the router', () => {
  assert.deepEqual(
    production.filter((f) => /\bserverFactory\b/.test(f.text)).map((f) => f.path),
    [],
  );
  assert.deepEqual(
    production
      .filter((f) => /\.(on|once|prependListener)\(\s*['"]request['"]/.test(f.text))
      .map((f) => f.path),
    [SHAPE_KEEPER],
  );
});

/** Where HTTP is handled: the MCP transport wing, the shared HTTP plumbing, and the app's wiring. */
const HTTP_SIDE = (p: string) =>
  p.startsWith('src/mcp/transport/') ||
  p.startsWith('src/http/') ||
  p === 'src/app.ts' ||
  p === 'src/main.ts';

test('only the transport wing, http/ and the app wiring import node:http or touch reply internals', () => {
  const others = production.filter((f) => !HTTP_SIDE(f.path));
  assert.ok(others.some((f) => f.path === 'src/mcp/dispatch.ts'));
  // Values: the egress client alone opens connections (above). Types are left to the call, which
  // carries the request's headers and raw request (for its trace span) as the transport hands them.
  assert.deepEqual(
    valueImports(
      others.filter((f) => f.path !== EGRESS_CLIENT),
      (t) => HTTP_CLIENTS.has(t),
    ),
    [],
  );
  const internals = /\breply\.raw\b|\.hijack\(|\.writeHead\(|\.flushHeaders\(/;
  assert.deepEqual(
    production.filter((f) => !HTTP_SIDE(f.path) && internals.test(f.text)).map((f) => f.path),
    [],
  );
});

test('the executor never touches the store, settings or credentials storage', () => {
  const executor = production.filter((f) => f.path.startsWith('src/executor/'));
  assert.deepEqual(
    valueImports(executor, (t) => inStore(t) || t.endsWith('.service.ts') || t.startsWith('src/servers/')),
    [],
  );
});

test('production code never imports test code', () => {
  assert.deepEqual(
    valueImports(production, (t) => t.startsWith('test/') || isTestCode(t)),
    [],
  );
  const typeImports = production.flatMap((f) =>
    f.imports.filter((i) => i.target.startsWith('test/')).map((i) => `${f.path} imports ${i.target}`),
  );
  assert.deepEqual(typeImports, []);
});

/** The package a bare specifier names: `ajv/dist/2020.js` → `ajv`, `@fastify/cors` → `@fastify/cors`. */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

test('production code imports no devDependency', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const dev = new Set(Object.keys(pkg.devDependencies ?? {}));
  assert.ok(dev.has('randexp'), 'the rule reads the real devDependencies');
  const bad = production.flatMap((f) =>
    f.imports
      .filter((i) => !i.target.startsWith('src/') && !i.target.startsWith('test/'))
      .filter((i) => dev.has(packageOf(i.target)) && !pkg.dependencies?.[packageOf(i.target)])
      .map((i) => `${f.path} imports ${i.target}`),
  );
  // The one exception: the sandbox pool starts its worker from worker.ts through tsx only when it
  // runs as TypeScript itself (tests, `npm run dev`, where tsx is what runs it); built, it loads worker.js.
  assert.deepEqual(
    bad.filter((b) => b !== 'src/codemode/sandbox/pool.ts imports tsx/esm/api'),
    [],
  );
});

/**
 * What dist/ starts from: bin/toolgate.js runs dist/cli/main.js; src/main.ts is the server's own
 * entry; the code-mode sandbox's worker threads start from their own file (codemode/sandbox/pool.ts
 * names it).
 */
const ENTRY_POINTS = ['src/cli/main.ts', 'src/main.ts', 'src/codemode/sandbox/worker.ts'];

test('every production file is reached from an entry point, so nothing in src/ exists only for tests', () => {
  const byPath = new Map(production.map((f) => [f.path, f]));
  const reached = new Set<string>();
  const pending = [...ENTRY_POINTS];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const file = byPath.get(path);
    if (!file || reached.has(path)) continue;
    reached.add(path);
    for (const i of file.imports) if (i.target.startsWith('src/')) pending.push(i.target);
  }
  assert.ok(ENTRY_POINTS.every((p) => reached.has(p)));
  assert.deepEqual(
    production.map((f) => f.path).filter((p) => !reached.has(p)),
    [],
  );
});

test('no file under src/ is named as a test kit', () => {
  const kits = listTs(SRC)
    .map((f) => relative(ROOT, f))
    .filter((p) => !p.endsWith('.test.ts') && /(test-support|[-.]kit|fixture)[^/]*\.ts$/.test(basename(p)));
  assert.deepEqual(kits, []);
});

/** Each cycle of `graph` as a path `a → b → … → a`, found by depth-first search (one per back edge). */
function findCycles(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string) => {
    path.push(node);
    onPath.add(node);
    for (const next of graph.get(node) ?? []) {
      if (onPath.has(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!done.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return cycles;
}

test('the cycle finder names each cycle by its path', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c', 'd']],
    ['c', ['a']],
    ['d', ['d']],
    ['e', ['a']],
  ]);
  assert.deepEqual(findCycles(graph), ['a → b → c → a', 'd → d']);
  assert.deepEqual(findCycles(new Map([['a', ['b']]])), []);
});

// Type-only imports are left out: the compiler erases them, so they order no module's loading
// and run no code (a type may name its user, as call-context.ts names the transport's StreamHub).
test('no import cycle among the files of src/ (value imports, static or dynamic)', () => {
  const graph = new Map(
    production.map((f) => [
      f.path,
      f.imports.filter((i) => !i.typeOnly && i.target.startsWith('src/')).map((i) => i.target),
    ]),
  );
  assert.ok(graph.get('src/mcp/transport/post.ts')?.includes('src/mcp/transport/modern.ts'));
  assert.deepEqual(findCycles(graph), []);
});
