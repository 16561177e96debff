import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { findServer } from '../store/servers.repo.ts';
import { findTool } from '../store/tools.repo.ts';
import { corpusFile } from './test-support.ts';

/*
 * The acceptance check of the cURL importer: the real curl binary runs a corpus command against
 * a local upstream, the same command is imported, and the tool, executed with the example values
 * the import kept, must send the same method, URL, headers and body.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const run = promisify(execFile);

/** Headers compared: the ones the command sets itself plus the credentials (curl adds User-Agent etc.). */
const COMPARED = ['content-type', 'authorization', 'accept', 'x-github-api-version', 'openai-beta'];

function normaliseBody(body: string, contentType: string | undefined): unknown {
  if (body === '') return '';
  if (contentType?.includes('json')) return JSON.parse(body);
  if (contentType?.includes('x-www-form-urlencoded')) return [...new URLSearchParams(body)];
  return body;
}

describe('a tool imported from a corpus cURL command replays the command', () => {
  let t: TestApp;
  let upstream: Server;
  let origin: string;
  const seen: Seen[] = [];
  before(async () => {
    t = await buildTestApp();
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((r) => upstream.close(() => r()));
    await t.close();
  });

  const cases = [
    ['twilio', 'messages-send-copilot.txt'],
    ['twilio', 'insights-calls-events-G.txt'],
    ['openai', 'chat-completions-json-body.txt'],
    ['openai', 'assistants-list-query-string.txt'],
    ['googlemaps', 'maps_http_places_findplacefromtext_mca.txt'],
    ['googlemaps', 'maps_http_geolocation_celltowers.txt'],
    ['github-docs', 'get-octocat.txt'],
    ['curlconverter', 'get_with_data.txt'],
  ] as const;

  for (const [dir, file] of cases) {
    test(`${dir}/${file}`, async () => {
      const command = corpusFile('curl', dir, file).replace(
        /https?:\/\/(localhost:\d+|[a-z0-9.-]+\.[a-z]{2,})/gi,
        origin,
      );
      // Shell variables ($OPENAI_API_KEY) expand to their own names, as the importer keeps them.
      const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
      for (const [, name] of command.matchAll(/\$([A-Z_][A-Z0-9_]*)/g)) env[name!] = `$${name}`;
      seen.length = 0;
      await run('bash', ['-c', command.replace(/\bcurl\b/, 'curl -s -o /dev/null')], { env });
      const byCurl = seen.shift()!;
      assert.ok(byCurl, 'curl reached the upstream');

      const server = (await t.api('POST', '/servers', { name: `rt ${file}` })).json();
      const imported = await t.api('POST', `/servers/${server.uuid}/tools/import-curl`, {
        curl_command: command,
      });
      assert.equal(imported.statusCode, 201, imported.body);
      const tool = imported.json();
      const args: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(
        tool.input_schema.properties as Record<string, { examples: unknown[] }>,
      ))
        args[name] = schema.examples[0];
      const record = (await findTool(
        t.ctx.store.db,
        (await findServer(t.ctx.store.db, server.uuid))!.id,
        tool.id,
      ))!;
      const outcome = await t.ctx.executor.execute({
        server: (await findServer(t.ctx.store.db, server.uuid))!,
        tool: record,
        args,
        useTestCredentials: true,
        clientType: 'admin_test',
      });
      assert.equal(outcome.ok, true, outcome.ok ? '' : outcome.message);
      const byTool = seen.shift()!;
      assert.equal(byTool.method, byCurl.method);
      const a = new URL(byTool.url, origin);
      const b = new URL(byCurl.url, origin);
      assert.equal(a.pathname, b.pathname);
      assert.deepEqual([...a.searchParams].sort(), [...b.searchParams].sort());
      for (const h of COMPARED) {
        // `Accept: */*` is curl's own default, like its User-Agent, not part of the command.
        if (h === 'accept' && byCurl.headers.accept === '*/*') continue;
        assert.equal(byTool.headers[h], byCurl.headers[h], `header ${h}`);
      }
      assert.deepEqual(
        normaliseBody(byTool.body, byTool.headers['content-type']),
        normaliseBody(byCurl.body, byCurl.headers['content-type']),
      );
    });
  }
});
