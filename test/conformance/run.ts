/**
 * Runs the official MCP conformance suite, the official SDK client and MCP Inspector against a
 * real Toolgate serving the conformance fixtures (fixture.ts) from a local upstream (upstream.ts).
 *
 *   npm run test:conformance
 *
 * Env: MCP_CHECK_DIR (default ../shared/tools/mcp-check beside the repo), MCP_CHECK_DEPS (where
 * install.sh puts the pinned third-party tools; default ~/.cache/toolgate/mcp-check).
 * Exits non-zero when any scenario (but the four server-initiated ones) or check fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-keys.ts';
import { closeContext, createContext } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/config.ts';
import { apiBase } from '../../src/context.ts';
import { createEverythingServer } from './fixture.ts';
import { startFixtureUpstream } from './upstream.ts';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const checkDir = resolve(process.env.MCP_CHECK_DIR ?? join(repo, '../shared/tools/mcp-check'));
const deps = process.env.MCP_CHECK_DEPS ?? join(homedir(), '.cache', 'toolgate', 'mcp-check');

function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string } = {},
): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const relay = (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    child.on('close', (code) => done({ code: code ?? 1, out }));
    child.on('error', (err) => done({ code: 1, out: String(err) }));
  });
}

/**
 * The environment for the third-party tools, without the `npm_config_*` that `npm run` exports:
 * this project's `engine-strict` would make install.sh's own `npm install` refuse packages that
 * want Node 22 (they run on the Node 22 that install.sh fetches).
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { MCP_CHECK_DEPS: deps };
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_(config|package|lifecycle)_/i.test(key)) env[key] = value;
  env.MCP_CHECK_DEPS = deps;
  return env;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

async function main(): Promise<number> {
  const failures: string[] = [];
  const install = await run('bash', [join(checkDir, 'install.sh'), deps]);
  if (install.code !== 0) {
    console.error('conformance: install.sh failed');
    return 1;
  }

  const upstream = await startFixtureUpstream();
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-conformance-'));
  const port = await freePort();
  const config = loadConfig(
    {},
    {
      dataDir,
      port,
      host: '127.0.0.1',
      publicUrl: `http://127.0.0.1:${port}`,
      logLevel: 'warn',
      schedulerEnabled: false,
      secretKey: 'c'.repeat(64),
    },
  );
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  try {
    const { secret } = await createApiKey(ctx.store, { name: 'conformance', role: 'administrator' });
    await app.listen({ port, host: '127.0.0.1' });
    const slug = await createEverythingServer(
      `http://127.0.0.1:${port}${apiBase(config)}`,
      secret,
      upstream.url,
    );
    const url = `http://127.0.0.1:${port}/mcp/${slug}`;
    console.log(`conformance: Toolgate serving the fixtures at ${url}`);

    const suite = await run('bash', [
      join(checkDir, 'conformance.sh'),
      url,
      '--skip-file',
      join(checkDir, 'skip-lists/server-initiated.txt'),
    ]);
    if (suite.code !== 0) failures.push('conformance suite');

    const smoke = await run(process.execPath, [join(checkDir, 'client-smoke.mjs'), url, '--strict']);
    if (smoke.code !== 0) failures.push('client-smoke');

    const inspector = join(checkDir, 'inspector.sh');
    const inspections: Array<[string, string[], string]> = [
      ['tools/list', ['--method', 'tools/list'], '"test_simple_text"'],
      [
        'tools/call',
        ['--method', 'tools/call', '--tool-name', 'test_simple_text'],
        'This is a simple text response for testing.',
      ],
      [
        'prompts/get',
        [
          '--method',
          'prompts/get',
          '--prompt-name',
          'test_prompt_with_arguments',
          '--prompt-args',
          'arg1=alpha',
          'arg2=beta',
        ],
        "arg1='alpha', arg2='beta'",
      ],
      [
        'resources/read',
        ['--method', 'resources/read', '--uri', 'test://static-text'],
        'This is the content of the static text resource.',
      ],
    ];
    for (const [name, args, expect] of inspections) {
      const r = await run('bash', [inspector, url, ...args]);
      if (r.code !== 0 || !r.out.includes(expect)) failures.push(`inspector ${name}`);
    }
  } finally {
    await app.close();
    await closeContext(ctx);
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`conformance: FAILED: ${failures.join(', ')}`);
    return 1;
  }
  console.log('conformance: OK (suite, SDK client, Inspector)');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
