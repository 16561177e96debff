import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { CORPUS } from '../../test/kit/corpus.ts';
import { loadConfig } from '../config.ts';
import { type Gateway, GatewayError } from './gateway.ts';
import { runImport } from './import-command.ts';
import { printServers, printTools } from './list-commands.ts';
import { openLocalGateway } from './local-gateway.ts';
import { managementBase, openRemoteGateway } from './remote-gateway.ts';

const PETSTORE = join(CORPUS, 'openapi/valid/oai-v3.0-petstore.yaml');
const USPTO = join(CORPUS, 'openapi/valid/oai-v3.0-uspto.json');
const COLLECTION = join(CORPUS, 'postman/v2.1/postman-to-k6-format-v2.1.postman_collection.json');

/** Runs one CLI verb and returns the lines it printed. */
async function lines(run: (print: (line: string) => void) => Promise<void>): Promise<string[]> {
  const out: string[] = [];
  await run((line) => out.push(line));
  return out;
}

// The same behaviour whether the CLI writes the local database or a running instance's API.
for (const mode of ['local database', 'running instance (--api)'] as const) {
  describe(`toolgate import / servers list / tools list against the ${mode}`, () => {
    let gw: Gateway;
    let dataDir: string;
    let t: TestApp | undefined;
    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'toolgate-cli-import-'));
      if (mode === 'local database') {
        gw = await openLocalGateway(
          loadConfig(
            {},
            { dataDir, secretKey: 'b'.repeat(64), publicUrl: 'http://gateway.test', logLevel: 'silent' },
          ),
        );
      } else {
        t = await buildTestApp();
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        gw = openRemoteGateway(`http://127.0.0.1:${port}`, t.adminKey);
      }
    });
    after(async () => {
      await gw.close();
      await t?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('import --all --activate creates the named server and makes every operation an active tool', async () => {
      const out = await lines((print) =>
        runImport(gw, PETSTORE, { server: 'Pet Store', all: true, activate: true }, print),
      );
      assert.deepEqual(out, [
        'created server "Pet Store" (pet-store)',
        'imported 3 tools (active), skipped 0 whose slug exists, 0 failed',
        'MCP endpoint: http://gateway.test/mcp/pet-store (inbound auth none)',
      ]);
      const tools = await lines((print) => printTools(gw, 'pet-store', print));
      assert.deepEqual(tools.map((l) => l.split('\t').slice(1, 4).join(' ')).sort(), [
        'createPets active POST',
        'listPets active GET',
        'showPetById active GET',
      ]);
      const again = await lines((print) =>
        runImport(gw, PETSTORE, { server: 'pet store', all: true }, print),
      );
      assert.equal(again[0], 'imported 0 tools (draft), skipped 3 whose slug exists, 0 failed');
    });

    test('without --all or --tag it lists the operations and writes nothing', async () => {
      await runImport(gw, USPTO, { server: 'USPTO', tag: ['search'] }, () => undefined);
      const out = await lines((print) => runImport(gw, USPTO, { server: 'uspto' }, print));
      assert.equal(out.length, 4);
      assert.match(out[0]!, /^op_0\tGET\t.*\tmetadata\t/);
      assert.equal(out[3], `3 operations in ${USPTO}; nothing imported: add --all or --tag T`);
      const tools = await lines((print) => printTools(gw, 'uspto', print));
      assert.equal(tools.length, 1, 'only the one imported by --tag search');
      assert.match(tools[0]!, /\tperform-search\tdraft\tPOST\t/);
    });

    test('--tag matching nothing names the tags the document has; an unknown server is not created by a preview', async () => {
      await assert.rejects(
        runImport(gw, USPTO, { server: 'USPTO', tag: ['nope'] }, () => undefined),
        (err: GatewayError) =>
          err.code === 'cli_no_match' && /tags in this document: metadata, search/.test(err.message),
      );
      await assert.rejects(
        runImport(gw, PETSTORE, { server: 'Nowhere' }, () => undefined),
        (err: GatewayError) => err.code === 'cli_no_server',
      );
      await assert.rejects(
        runImport(gw, 'missing.yaml', { server: 'x', all: true }, () => undefined),
        (err: GatewayError) => err.code === 'cli_no_source',
      );
      await assert.rejects(
        runImport(gw, PETSTORE, { server: 'x', all: true, tag: ['a'] }, () => undefined),
        (err: GatewayError) => err.code === 'cli_bad_flags',
      );
      const servers = await lines((print) => printServers(gw, print));
      assert.ok(!servers.some((l) => /\tNowhere\t|\tx\t/.test(l)), servers.join('\n'));
    });

    test("a 'curl …' argument imports one tool, --activate makes it active, the detected key is not printed", async () => {
      const command = `curl -X POST https://api.example.com/v1/chat/completions -H 'Authorization: Bearer sk-live-0123456789' -d '{"model":"m"}'`;
      const out = await lines((print) => runImport(gw, command, { server: 'Chat', activate: true }, print));
      assert.equal(out[0], 'created server "Chat" (chat)');
      assert.match(
        out[1]!,
        /^imported tool \S+ \(POST https:\/\/api\.example\.com\/v1\/chat\/completions\)$/,
      );
      assert.ok(!out.join('\n').includes('sk-live-0123456789'));
      const tools = await lines((print) => printTools(gw, 'chat', print));
      assert.equal(tools.length, 1);
      assert.match(tools[0]!, /\tactive\tPOST\t/);
    });

    test('a cURL command follows the rule of every source: a slug the server has is skipped unless --on-conflict duplicate', async () => {
      const command = 'curl https://api.example.com/v1/pets?limit=2';
      const first = await lines((print) => runImport(gw, command, { server: 'Repeat' }, print));
      assert.equal(first[1], 'imported tool get_v1_pets (GET https://api.example.com/v1/pets)');
      const again = await lines((print) => runImport(gw, command, { server: 'repeat' }, print));
      assert.deepEqual(again, [
        'skipped tool get_v1_pets: the server has a tool of that slug (--on-conflict duplicate imports it again)',
        'MCP endpoint: http://gateway.test/mcp/repeat (inbound auth none)',
      ]);
      const duplicate = await lines((print) =>
        runImport(gw, command, { server: 'repeat', onConflict: 'duplicate' }, print),
      );
      assert.equal(duplicate[0], 'imported tool get_v1_pets-2 (GET https://api.example.com/v1/pets)');
      const slugs = (await lines((print) => printTools(gw, 'repeat', print))).map((l) => l.split('\t')[1]);
      assert.deepEqual(slugs.sort(), ['get_v1_pets', 'get_v1_pets-2']);
      // Documents take the same flag: their operations are imported again under new slugs.
      await runImport(gw, PETSTORE, { server: 'Twice', all: true }, () => undefined);
      const docAgain = await lines((print) =>
        runImport(gw, PETSTORE, { server: 'twice', all: true, onConflict: 'duplicate' }, print),
      );
      assert.equal(docAgain[0], 'imported 3 tools (draft), skipped 0 whose slug exists, 0 failed');
      await assert.rejects(
        runImport(gw, command, { server: 'repeat', tag: ['pets'] }, () => undefined),
        (err: GatewayError) =>
          err.code === 'cli_bad_flags' && /a cURL command is one operation/.test(err.message),
      );
      await assert.rejects(
        runImport(gw, command, { server: 'repeat', onConflict: 'overwrite' as never }, () => undefined),
        (err: GatewayError) => err.code === 'cli_bad_flags',
      );
    });

    test('a Postman collection file is detected and imported; servers list shows every server with its tool count', async () => {
      const out = await lines((print) => runImport(gw, COLLECTION, { server: 'k6', all: true }, print));
      assert.match(out[1]!, /^imported \d+ tools \(draft\)/);
      const servers = await lines((print) => printServers(gw, print));
      const k6 = servers.find((l) => l.split('\t')[1] === 'k6');
      assert.ok(k6, servers.join('\n'));
      assert.match(k6, /\tactive\tauth none\t\d+ tools\tk6\thttp:\/\/gateway\.test\/mcp\/k6$/);
      await assert.rejects(
        printTools(gw, 'ghost', () => undefined),
        (err: GatewayError) => err.code === 'server_not_found',
      );
    });
  });
}

test('--api accepts the instance URL alone or the management API URL', () => {
  assert.equal(managementBase('http://127.0.0.1:8080'), 'http://127.0.0.1:8080/api/svc/v1');
  assert.equal(managementBase('http://h:1/wp-json/svc/v1/'), 'http://h:1/wp-json/svc/v1');
});

test('a wrong API key is a clear error, not a crash', async () => {
  const t = await buildTestApp();
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const gw = openRemoteGateway(`http://127.0.0.1:${port}`, 'tgk_wrong');
    await assert.rejects(
      gw.listServers(),
      (err: GatewayError) => err instanceof GatewayError && /^rest_/.test(err.code),
    );
  } finally {
    await t.close();
  }
});
