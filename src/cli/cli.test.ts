import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const BIN = resolve(import.meta.dirname, '../../bin/toolgate.js');

/** Environment without any Toolgate variable of the developer's shell leaking in. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(TOOLGATE_|DATABASE_URL$|PUBLIC_URL$|REST_PREFIX$|PORT$|HOST$|LOG_LEVEL$|REDIS_URL$)/.test(k))
      continue;
    env[k] = v;
  }
  return { ...env, LOG_LEVEL: 'warn', TOOLGATE_SCHEDULER: 'false', ...extra };
}

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `toolgate serve --port 0` and resolves once it prints its "listening on" line. */
function serve(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
    {
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise({
          child,
          url: match[1]!,
          output: () => out,
          async stop(signal = 'SIGTERM') {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`toolgate exited with ${code} before listening:\n${out}`));
    });
  });
}

/** Runs a one-shot CLI command and returns its exit code and output. */
function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((res) => child.once('close', (code) => res({ code, stdout, stderr })));
}

const KEY = /tgk_[A-Za-z0-9_-]{43}/;

// Each test uses its own data directory and port, so they run side by side.
describe('toolgate CLI', { concurrency: true }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-cli-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('the first start prints one administrator key, the second does not; SIGTERM exits 0', async () => {
    const dataDir = tempDir();
    const first = await serve(dataDir);
    const printed = first.output().match(new RegExp(KEY.source, 'g')) ?? [];
    assert.equal(printed.length, 1, first.output());
    const key = printed[0]!;
    const res = await fetch(`${first.url}/api/svc/v1/servers`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(res.status, 200);
    const health = await fetch(`${first.url}/api/svc/v1/health`);
    assert.equal(health.headers.get('cache-control'), 'no-store');
    assert.equal(await first.stop('SIGTERM'), 0);

    const second = await serve(dataDir);
    assert.doesNotMatch(second.output(), KEY);
    assert.doesNotMatch(second.output(), /Administrator API key/);
    const again = await fetch(`${second.url}/api/svc/v1/servers`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(again.status, 200);
    assert.equal(await second.stop('SIGINT'), 0);
  });

  test('TOOLGATE_ADMIN_KEY seeds a known key instead of printing one', async () => {
    const dataDir = tempDir();
    const known = 'tgk_known_key_for_ci_0123456789';
    const running = await serve(dataDir, { TOOLGATE_ADMIN_KEY: known });
    try {
      assert.doesNotMatch(running.output(), /Administrator API key/);
      assert.ok(!running.output().includes(known));
      const ok = await fetch(`${running.url}/api/svc/v1/servers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${known}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Seeded' }),
      });
      assert.equal(ok.status, 201);
      const server = (await ok.json()) as { endpoint_url: string };
      assert.equal(server.endpoint_url, `${running.url.replace('127.0.0.1', 'localhost')}/mcp/seeded`);
      const wrong = await fetch(`${running.url}/api/svc/v1/servers`, {
        headers: { authorization: 'Bearer nope' },
      });
      assert.equal(wrong.status, 401);
    } finally {
      assert.equal(await running.stop(), 0);
    }
  });

  test('migrate and keys create | list | revoke work on the data directory', async () => {
    const dataDir = tempDir();
    const flags = ['--data-dir', dataDir];
    const migrate = await run(['migrate', ...flags]);
    assert.equal(migrate.code, 0, migrate.stderr);
    assert.match(migrate.stdout, /database at version \d{3}/);

    const created = await run(['keys', 'create', '--name', 'ops', '--role', 'editor', ...flags]);
    assert.equal(created.code, 0, created.stderr);
    const secret = KEY.exec(created.stdout)?.[0];
    assert.ok(secret, created.stdout);
    const uuid = /created key ([0-9a-f-]{36}) \(editor\)/.exec(created.stdout)?.[1];
    assert.ok(uuid, created.stdout);

    const badRole = await run(['keys', 'create', '--name', 'x', '--role', 'overlord', ...flags]);
    assert.equal(badRole.code, 1);
    assert.match(badRole.stderr, /unknown role/);

    const listed = await run(['keys', 'list', ...flags]);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, new RegExp(`${uuid}.*editor\\tops\\tactive`));
    assert.ok(!listed.stdout.includes(secret!), 'list never shows a secret');

    const running = await serve(dataDir);
    try {
      const auth = { headers: { authorization: `Bearer ${secret}` } };
      assert.equal((await fetch(`${running.url}/api/svc/v1/servers`, auth)).status, 200);
      const revoked = await run(['keys', 'revoke', uuid!, ...flags]);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.match(revoked.stdout, new RegExp(`revoked key ${uuid}`));
      assert.equal((await fetch(`${running.url}/api/svc/v1/servers`, auth)).status, 401);
    } finally {
      assert.equal(await running.stop(), 0);
    }
    const twice = await run(['keys', 'revoke', uuid!, ...flags]);
    assert.equal(twice.code, 1);
    assert.match((await run(['keys', 'list', ...flags])).stdout, /editor\tops\trevoked /);
  });
});
