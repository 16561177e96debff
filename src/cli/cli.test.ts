import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { KEY, run, serve } from '../../test/kit/cli.ts';

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

  test('the first start creates the first administrator, prints their random password once, and owns the key', async () => {
    const dataDir = tempDir();
    const first = await serve(dataDir);
    try {
      const out = first.output();
      const password = /\n {2}password {2}([A-Za-z0-9]{20})\n/.exec(out)?.[1];
      assert.ok(password, out);
      assert.match(out, /\n {2}e-mail {4}admin@localhost\n/);
      const signIn = await fetch(`${first.url}/api/svc/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@localhost', password }),
      });
      assert.equal(signIn.status, 200);
      assert.equal(((await signIn.json()) as { user: { role: string } }).user.role, 'administrator');
      const key = KEY.exec(out)![0];
      const session = await fetch(`${first.url}/api/svc/v1/auth/session`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const owner = ((await session.json()) as { user: { email: string } }).user;
      assert.equal(owner.email, 'admin@localhost', 'the key is owned by that person');
    } finally {
      assert.equal(await first.stop('SIGTERM'), 0);
    }
    const second = await serve(dataDir);
    assert.doesNotMatch(second.output(), /First administrator|password {2}/);
    assert.equal(await second.stop('SIGTERM'), 0);
  });

  test('TOOLGATE_ADMIN_EMAIL and TOOLGATE_ADMIN_PASSWORD name the first administrator; no password is printed', async () => {
    const running = await serve(tempDir(), {
      TOOLGATE_ADMIN_EMAIL: 'Ops@Example.com',
      TOOLGATE_ADMIN_PASSWORD: 'a given long passphrase',
    });
    try {
      const out = running.output();
      assert.match(out, /e-mail {4}ops@example\.com\n/);
      assert.doesNotMatch(out, /a given long passphrase|password {2}/);
      const signIn = await fetch(`${running.url}/api/svc/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'a given long passphrase' }),
      });
      assert.equal(signIn.status, 200);
    } finally {
      assert.equal(await running.stop('SIGTERM'), 0);
    }
  });

  test('start-up says where the admin UI, API, MCP endpoints and health are; requests add no log line at the default level', async () => {
    // LOG_LEVEL unset: the default (info); stdout is a pipe here, so logs are JSON.
    const running = await serve(tempDir(), { LOG_LEVEL: '' });
    try {
      const port = new URL(running.url).port;
      const base = `http://localhost:${port}`;
      const out = running.output();
      assert.ok(out.includes(`\n  Admin UI  ${base}/admin/\n`), out);
      assert.ok(out.includes(`\n  API       ${base}/api/svc/v1  (reference ${base}/docs)\n`), out);
      assert.ok(out.includes(`\n  MCP       ${base}/mcp/{slug}\n`), out);
      assert.ok(out.includes(`\n  Health    ${base}/health\n`), out);
      assert.match(
        out,
        /\n {2}Logs {6}info, json \(LOG_LEVEL=debug adds a line per request; LOG_FORMAT=pretty\)\n/,
      );
      assert.match(out, new RegExp(`Sign in with it at ${base}/admin/`));
      const key = KEY.exec(out)![0];
      // The root /health is the spec's {api_base}/health, for probes and people who try it first.
      const health = await fetch(`${running.url}/health`);
      assert.equal(health.status, 200);
      assert.equal(health.headers.get('cache-control'), 'no-store');
      assert.equal(
        ((await health.json()) as { version: string }).version,
        /Toolgate (\S+) listening/.exec(out)?.[1],
      );
      for (let i = 0; i < 5; i++)
        await fetch(`${running.url}/api/svc/v1/servers`, { headers: { authorization: `Bearer ${key}` } });
      await new Promise((r) => setTimeout(r, 200));
      const logged = running
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'));
      // One structured line says where Toolgate listens; fastify's own listening and request lines are gone.
      assert.equal(logged.length, 1, logged.join('\n'));
      assert.equal(JSON.parse(logged[0]!).msg, `${/Toolgate \S+/.exec(out)![0]} listening at ${running.url}`);
      assert.equal(
        running.output().split(key).length,
        2,
        'the key is printed once, in the start-up text only',
      );
    } finally {
      assert.equal(await running.stop(), 0);
    }
  });

  test('LOG_LEVEL=debug adds one line per request, MCP included; LOG_FORMAT=pretty makes them readable', async () => {
    const running = await serve(tempDir(), { LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' });
    try {
      await fetch(`${running.url}/health?api_key=query-secret-value`);
      await fetch(`${running.url}/mcp/none`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      await new Promise((r) => setTimeout(r, 200));
      const out = running.output();
      assert.match(out, /\n\d\d:\d\d:\d\d DEBUG GET \/health 200 \d+ ms remoteAddress=127\.0\.0\.1\n/);
      assert.match(out, /\n\d\d:\d\d:\d\d DEBUG POST \/mcp\/none 404 \d+ ms remoteAddress=127\.0\.0\.1\n/);
      assert.ok(!out.includes('query-secret-value'));
      assert.ok(!out.includes('{"level"'), 'no JSON line in pretty mode');
    } finally {
      assert.equal(await running.stop(), 0);
    }
  });

  test("the CLI on the gateway's database prints endpoints under the gateway's address; PUBLIC_URL given to the CLI wins", async () => {
    const dataDir = tempDir();
    const running = await serve(dataDir);
    try {
      const port = new URL(running.url).port;
      const imported = await run([
        'import',
        'curl https://api.example.com/ping',
        '--server',
        'Ping',
        '--data-dir',
        dataDir,
      ]);
      assert.equal(imported.code, 0, imported.stderr);
      assert.match(
        imported.stdout,
        new RegExp(`\nMCP endpoint: http://localhost:${port}/mcp/ping \\(inbound auth none\\)\n$`),
      );
      const listed = await run(['servers', 'list', '--data-dir', dataDir], {
        PUBLIC_URL: 'https://gw.example.test/',
      });
      assert.match(listed.stdout, /\thttps:\/\/gw\.example\.test\/mcp\/ping\n$/);
    } finally {
      assert.equal(await running.stop(), 0);
    }
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

  test("users reset-password sets a person's password (generated and printed once, or given) and the gateway takes it", async () => {
    const dataDir = tempDir();
    const flags = ['--data-dir', dataDir];
    const first = await serve(dataDir);
    assert.equal(await first.stop(), 0);

    const reset = await run(['users', 'reset-password', 'ADMIN@localhost', ...flags]);
    assert.equal(reset.code, 0, reset.stderr);
    const generated = /shown once\):\n(\S{20})\n$/.exec(reset.stdout)?.[1];
    assert.ok(generated, reset.stdout);
    const unknown = await run(['users', 'reset-password', 'nobody@example.com', ...flags]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no person has the e-mail "nobody@example.com"/);
    const short = await run(['users', 'reset-password', 'admin@localhost', '--password', 'short', ...flags]);
    assert.equal(short.code, 1);
    assert.match(short.stderr, /at least 12 characters/);

    const running = await serve(dataDir);
    try {
      const signIn = (password: string) =>
        fetch(`${running.url}/api/svc/v1/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@localhost', password }),
        });
      assert.equal((await signIn(generated!)).status, 200);
      assert.equal((await signIn('short')).status, 401, 'the refused password was not set');
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
    assert.match(listed.stdout, new RegExp(`${uuid}.*editor\\tops\\tactive\\tnever used\\n`));
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
    // The gateway recorded the key's use ("Last used" in the UI, GET /keys).
    assert.match(
      (await run(['keys', 'list', ...flags])).stdout,
      /editor\tops\trevoked \S+\tlast used \d{4}-\d\d-\d\dT[\d:.]+Z\n/,
    );
  });

  test('serve binds 127.0.0.1 unless HOST or --host says otherwise', async () => {
    const running = await serve(tempDir(), {}, []);
    try {
      assert.match(running.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal((await fetch(`${running.url}/api/svc/v1/health`)).status, 200);
    } finally {
      assert.equal(await running.stop(), 0);
    }
  });

  test('a start with another secret key than the database was set up with says loudly which key id is expected', async () => {
    const dataDir = tempDir();
    const first = await serve(dataDir, { TOOLGATE_SECRET_KEY: 'first-passphrase-of-the-operator' });
    assert.doesNotMatch(first.output(), /SECRET KEY MISMATCH/);
    assert.equal(await first.stop(), 0);
    const second = await serve(dataDir, { TOOLGATE_SECRET_KEY: 'another-passphrase-entirely' });
    try {
      await new Promise((r) => setTimeout(r, 200));
      const out = second.output();
      assert.match(out, /\*\*\* SECRET KEY MISMATCH \*\*\*/);
      assert.match(
        out,
        /The secret key of this instance \(id [\w-]{8}, from TOOLGATE_SECRET_KEY\) is not the key this database was set up with \(id [\w-]{8}\)/,
      );
      assert.ok(!out.includes('passphrase'), 'no key material in the output');
      const health = await fetch(`${second.url}/api/svc/v1/health`);
      assert.equal(health.status, 503);
      assert.equal(
        ((await health.json()) as { checks: { secrets: { status: string } } }).checks.secrets.status,
        'fail',
      );
    } finally {
      assert.equal(await second.stop(), 0);
    }
  });
});
