import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test as nodeTest } from 'node:test';
import { createPgSchema } from '../../test/helpers.ts';
import { type OpenedStore, openPgStore, openSqliteStore } from '../../test/store-kit.ts';
import { openStore, pingStore, type Store } from './db.ts';
import {
  countApiKeys,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
} from './keys.repo.ts';
import { ensureOption, readOption, writeOption } from './options.repo.ts';
import {
  deletePromptRow,
  findPrompt,
  findPromptByName,
  insertPrompt,
  listPrompts,
  updatePromptRow,
} from './prompts.repo.ts';
import {
  deleteResourceRow,
  findResource,
  findResourceByUri,
  insertResource,
  listAllResources,
  listResources,
  updateResourceRow,
} from './resources.repo.ts';
import { isUniqueViolation, nowIso } from './rows.ts';
import {
  countServerItems,
  deleteServerRow,
  findServer,
  findServerBySlug,
  insertServer,
  listServers,
  type NewServer,
  slugTaken,
  updateServerRow,
} from './servers.repo.ts';
import {
  deleteToolRow,
  findTool,
  findToolBySlug,
  insertTool,
  listAllTools,
  listToolSlugs,
  listTools,
  type NewTool,
  updateToolRow,
} from './tools.repo.ts';

const page = { limit: 20, offset: 0 };

function newServer(slug: string, over: Partial<NewServer> = {}): NewServer {
  const now = nowIso();
  return {
    uuid: randomUUID(),
    user_id: 1,
    name: `Server ${slug}`,
    slug,
    server_id: randomUUID().replace(/-/g, '').slice(0, 16),
    status: 'active',
    transport_type: 'streamable-http',
    auth_type: 'none',
    auth_config: null,
    outbound_auth_type: 'none',
    outbound_auth_config: null,
    auth_credentials: null,
    test_auth_credentials: null,
    cors_origins: null,
    rate_limit_per_min: 60,
    settings: {},
    created_at: now,
    updated_at: now,
    ...over,
  };
}

function newTool(serverId: number, slug: string, over: Partial<NewTool> = {}): NewTool {
  const now = nowIso();
  return {
    uuid: randomUUID(),
    server_id: serverId,
    name: `Tool ${slug}`,
    slug,
    description: '',
    endpoint_url: 'https://api.example/x',
    http_method: 'GET',
    input_schema: { type: 'object', properties: {} },
    output_schema: null,
    parameter_mapping: {},
    response_mapping: { selector: '', format: 'json', template: '' },
    headers: null,
    annotations: null,
    cache_ttl: 0,
    timeout: 30,
    rate_limit_per_min: 60,
    retry_count: 0,
    retry_backoff: 'none',
    sort_order: 0,
    status: 'active',
    tags: [],
    last_tested_at: null,
    last_test_response_ms: null,
    created_at: now,
    updated_at: now,
    ...over,
  };
}

type Opened = OpenedStore;

/** The repository behaviours every supported database must show identically. */
function storeContract(label: string, open: () => Promise<Opened>) {
  describe(`store contract on ${label}`, () => {
    let store: Store;
    let cleanup: () => Promise<void> = async () => {};
    let skip: string | undefined;
    // Opened in a hook, not at module top level: a test registered after a top-level await can
    // be missed by the runner, which then waits forever on the open connection.
    before(async () => {
      const opened = await open();
      if ('skip' in opened) skip = opened.skip;
      else ({ store, cleanup } = opened);
    });
    after(async () => {
      if (skip) return;
      await store?.close();
      await cleanup();
    });
    const test = (name: string, body: () => Promise<void>) =>
      nodeTest(name, async (t) => {
        if (skip) return t.skip(skip);
        await body();
      });

    test('migrates to a numbered version and answers a ping', async () => {
      assert.match(store.dbVersion, /^\d{3}$/);
      await pingStore(store);
    });

    test('servers: insert, find by UUID / id / slug, list with numeric totals, update, JSON round trips', async () => {
      const s = await insertServer(
        store.db,
        newServer('contract-a', {
          settings: {
            description: 'ünïcode ✓',
            nested: { on: true, off: false, n: 1.5, list: [1, 'x', null] },
          },
          auth_config: { token_hash: 'h' },
        }),
      );
      assert.equal(typeof s.id, 'number');
      assert.equal(s.user_id, 1);
      assert.deepEqual(s.settings, {
        description: 'ünïcode ✓',
        nested: { on: true, off: false, n: 1.5, list: [1, 'x', null] },
      });
      assert.deepEqual(s.auth_config, { token_hash: 'h' });
      assert.equal(s.outbound_auth_config, null);
      assert.deepEqual(await findServer(store.db, s.uuid), s);
      assert.deepEqual(await findServer(store.db, s.uuid.toUpperCase()), s);
      assert.deepEqual(await findServer(store.db, String(s.id)), s);
      assert.equal(await findServer(store.db, 'contract-a'), undefined);
      assert.deepEqual(await findServer(store.db, 'contract-a', { allowSlug: true }), s);
      assert.deepEqual(await findServerBySlug(store.db, 'contract-a'), s);
      assert.equal(await slugTaken(store.db, 'contract-a'), true);
      assert.equal(await slugTaken(store.db, 'contract-zzz'), false);
      await insertServer(store.db, newServer('contract-b', { status: 'paused', name: 'Other Name' }));
      const all = await listServers(store.db, {}, page);
      assert.equal(all.total, 2);
      assert.equal(typeof all.total, 'number');
      assert.deepEqual(
        all.rows.map((r) => r.slug),
        ['contract-a', 'contract-b'],
      );
      assert.equal((await listServers(store.db, { status: 'paused' }, page)).total, 1);
      assert.equal((await listServers(store.db, { search: 'OTHER' }, page)).rows[0]?.slug, 'contract-b');
      assert.equal((await listServers(store.db, {}, { limit: 1, offset: 1 })).rows[0]?.slug, 'contract-b');
      const updated = await updateServerRow(store.db, s.id, {
        status: 'draft',
        rate_limit_per_min: 5,
        settings: {},
      });
      assert.equal(updated?.status, 'draft');
      assert.equal(updated?.rate_limit_per_min, 5);
      assert.deepEqual(updated?.settings, {});
      assert.equal(await updateServerRow(store.db, 999_999, { name: 'x' }), undefined);
    });

    test('servers: a duplicate slug is a unique violation', async () => {
      await assert.rejects(insertServer(store.db, newServer('contract-a')), (err) => isUniqueViolation(err));
    });

    test('tools: insert, JSON and boolean round trips, find, filters, counts, update, delete', async () => {
      const server = (await findServerBySlug(store.db, 'contract-a'))!;
      const tool = await insertTool(
        store.db,
        newTool(server.id, 'get_pet', {
          input_schema: {
            type: 'object',
            properties: { id: { type: 'integer', enum: [1, 2] } },
            required: ['id'],
          },
          output_schema: { type: 'object' },
          parameter_mapping: { id: { target: 'path', key: 'id' } },
          headers: { 'X-A': 'é' },
          annotations: { readOnlyHint: true, destructiveHint: false, title: 'Get' },
          tags: ['pets', 'read'],
          description: 'Finds a pet',
          retry_backoff: 'exponential',
          last_test_response_ms: 12,
          last_tested_at: '2025-01-01T00:00:00.000Z',
        }),
      );
      assert.equal(typeof tool.id, 'number');
      assert.equal(tool.server_id, server.id);
      assert.deepEqual(tool.input_schema, {
        type: 'object',
        properties: { id: { type: 'integer', enum: [1, 2] } },
        required: ['id'],
      });
      assert.deepEqual(tool.annotations, { readOnlyHint: true, destructiveHint: false, title: 'Get' });
      assert.deepEqual(tool.headers, { 'X-A': 'é' });
      assert.deepEqual(tool.tags, ['pets', 'read']);
      assert.equal(tool.last_test_response_ms, 12);
      assert.deepEqual(await findTool(store.db, server.id, tool.uuid), tool);
      assert.deepEqual(await findTool(store.db, server.id, String(tool.id)), tool);
      assert.equal(await findTool(store.db, server.id + 1000, tool.uuid), undefined);
      assert.deepEqual(await findToolBySlug(store.db, server.id, 'get_pet'), tool);
      await insertTool(
        store.db,
        newTool(server.id, 'draft_one', { status: 'draft', tags: ['pets'], sort_order: -1 }),
      );
      await insertTool(store.db, newTool(server.id, 'other', { tags: ['petsitting'] }));
      const names = async (filter: Record<string, string>) =>
        (await listTools(store.db, server.id, filter, page)).rows.map((t) => t.slug);
      assert.deepEqual(await names({}), ['draft_one', 'get_pet', 'other']);
      assert.deepEqual(await names({ status: 'draft' }), ['draft_one']);
      assert.deepEqual(await names({ tag: 'pets' }), ['draft_one', 'get_pet']);
      assert.deepEqual(await names({ search: 'FINDS' }), ['get_pet']);
      const listed = await listTools(store.db, server.id, {}, { limit: 2, offset: 0 });
      assert.equal(listed.total, 3);
      assert.equal(typeof listed.total, 'number');
      assert.equal(listed.rows.length, 2);
      assert.deepEqual(
        (await listAllTools(store.db, server.id, 'active')).map((t) => t.slug),
        ['get_pet', 'other'],
      );
      assert.deepEqual([...(await listToolSlugs(store.db, server.id))].sort(), [
        'draft_one',
        'get_pet',
        'other',
      ]);
      const updated = await updateToolRow(store.db, tool.id, {
        tags: [],
        headers: null,
        annotations: null,
        timeout: 5,
      });
      assert.deepEqual(updated?.tags, []);
      assert.equal(updated?.headers, null);
      assert.equal(updated?.annotations, null);
      assert.equal(updated?.timeout, 5);
      const counts = await countServerItems(store.db, [server.id]);
      assert.deepEqual(counts.get(server.id), { tool_count: 3, prompt_count: 0, resource_count: 0 });
      assert.equal(
        await deleteToolRow(store.db, (await findToolBySlug(store.db, server.id, 'other'))!.id),
        true,
      );
      assert.equal(await deleteToolRow(store.db, 999_999), false);
    });

    test('tools: a slug is unique per server, a unique violation otherwise', async () => {
      const a = (await findServerBySlug(store.db, 'contract-a'))!;
      const b = (await findServerBySlug(store.db, 'contract-b'))!;
      await assert.rejects(insertTool(store.db, newTool(a.id, 'get_pet')), (err) => isUniqueViolation(err));
      const elsewhere = await insertTool(store.db, newTool(b.id, 'get_pet'));
      assert.equal(elsewhere.slug, 'get_pet');
      await assert.rejects(
        updateToolRow(store.db, (await findToolBySlug(store.db, a.id, 'draft_one'))!.id, { slug: 'get_pet' }),
        (err) => isUniqueViolation(err),
      );
      assert.equal(isUniqueViolation(new Error('something else')), false);
    });

    test('prompts: insert, arguments round trip, find, list, update, delete', async () => {
      const server = (await findServerBySlug(store.db, 'contract-a'))!;
      const now = nowIso();
      const args = [
        { name: 'text', description: 'd', required: true },
        { name: 'tone', description: '', required: false, values: ['a', 'b'] },
      ];
      const p = await insertPrompt(store.db, {
        server_id: server.id,
        name: 'summarise',
        description: 'S',
        arguments: args,
        template_content: 'Hi {{text}}',
        created_at: now,
        updated_at: now,
      });
      assert.equal(typeof p.id, 'number');
      assert.equal(p.server_id, server.id);
      assert.deepEqual(p.arguments, args);
      assert.deepEqual(await findPrompt(store.db, server.id, String(p.id)), p);
      assert.equal(await findPrompt(store.db, server.id, 'abc'), undefined);
      assert.deepEqual(await findPromptByName(store.db, server.id, 'summarise'), p);
      const listed = await listPrompts(store.db, server.id, page);
      assert.equal(listed.total, 1);
      assert.equal(typeof listed.total, 'number');
      const updated = await updatePromptRow(store.db, p.id, { arguments: [], template_content: 'x' });
      assert.deepEqual(updated?.arguments, []);
      assert.equal(updated?.description, 'S');
      assert.equal(await deletePromptRow(store.db, p.id), true);
      assert.equal(await findPrompt(store.db, server.id, p.id), undefined);
    });

    test('resources: insert, config round trip, find by id and URI, list, update, delete', async () => {
      const server = (await findServerBySlug(store.db, 'contract-a'))!;
      const now = nowIso();
      const r = await insertResource(store.db, {
        server_id: server.id,
        uri: 'docs://readme',
        name: 'Readme',
        description: '',
        mime_type: 'text/markdown',
        data_source_type: 'static',
        data_source_config: { content: '# Hello\n"quoted" ✓' },
        template_uri: null,
        created_at: now,
        updated_at: now,
      });
      assert.equal(typeof r.id, 'number');
      assert.deepEqual(r.data_source_config, { content: '# Hello\n"quoted" ✓' });
      assert.equal(r.template_uri, null);
      assert.deepEqual(await findResource(store.db, server.id, r.id), r);
      assert.deepEqual(await findResourceByUri(store.db, server.id, 'docs://readme'), r);
      assert.equal((await listResources(store.db, server.id, page)).total, 1);
      assert.equal((await listAllResources(store.db, server.id)).length, 1);
      const updated = await updateResourceRow(store.db, r.id, {
        data_source_type: 'http',
        data_source_config: { url: 'https://x.example' },
        template_uri: 'docs://{id}',
      });
      assert.deepEqual(updated?.data_source_config, { url: 'https://x.example' });
      assert.equal(updated?.template_uri, 'docs://{id}');
      const counts = await countServerItems(store.db, [server.id]);
      assert.equal(counts.get(server.id)?.resource_count, 1);
      assert.equal(await deleteResourceRow(store.db, r.id), true);
      assert.equal(await deleteResourceRow(store.db, r.id), false);
    });

    test('keys: insert, find by hash (never exposing it), list, numeric count, touch, revoke', async () => {
      const key = await insertApiKey(store.db, {
        uuid: randomUUID(),
        name: 'k',
        prefix: 'tgk_abcdefgh',
        key_hash: 'hash-1',
        role: 'editor',
        capabilities: ['svc_manage_servers'],
        created_at: nowIso(),
        expires_at: null,
      });
      assert.equal(typeof key.id, 'number');
      assert.deepEqual(key.capabilities, ['svc_manage_servers']);
      assert.equal('key_hash' in key, false);
      assert.deepEqual(await findApiKeyByHash(store.db, 'hash-1'), key);
      assert.equal(await findApiKeyByHash(store.db, 'nope'), undefined);
      const count = await countApiKeys(store.db);
      assert.equal(count, 1);
      assert.equal(typeof count, 'number');
      await touchApiKey(store.db, key.id);
      assert.match((await listApiKeys(store.db))[0]?.last_used_at ?? '', /Z$/);
      const revoked = await revokeApiKey(store.db, String(key.id));
      assert.match(revoked?.revoked_at ?? '', /Z$/);
      assert.equal(await revokeApiKey(store.db, key.uuid), undefined);
      await assert.rejects(
        insertApiKey(store.db, { ...key, uuid: randomUUID(), key_hash: 'hash-1' }),
        (err) => isUniqueViolation(err),
      );
    });

    test('options: missing, write, overwrite, ensure keeps the first; JSON values keep their types', async () => {
      assert.equal(await readOption(store.db, 'contract'), undefined);
      await writeOption(store.db, 'contract', { on: true, off: false, n: 3, s: 'x', list: [null] });
      assert.deepEqual(await readOption(store.db, 'contract'), {
        on: true,
        off: false,
        n: 3,
        s: 'x',
        list: [null],
      });
      await writeOption(store.db, 'contract', false);
      assert.equal(await readOption(store.db, 'contract'), false);
      assert.equal(await ensureOption(store.db, 'first', 'a'), 'a');
      assert.equal(await ensureOption(store.db, 'first', 'b'), 'a');
    });

    test('deleting a server removes its tools, prompts and resources (repository and foreign keys)', async () => {
      const now = nowIso();
      const seed = async (slug: string) => {
        const s = await insertServer(store.db, newServer(slug));
        await insertTool(store.db, newTool(s.id, 't'));
        await insertPrompt(store.db, {
          server_id: s.id,
          name: 'p',
          description: '',
          arguments: [],
          template_content: '',
          created_at: now,
          updated_at: now,
        });
        await insertResource(store.db, {
          server_id: s.id,
          uri: 'docs://r',
          name: 'r',
          description: '',
          mime_type: 'text/plain',
          data_source_type: 'static',
          data_source_config: { content: '' },
          template_uri: null,
          created_at: now,
          updated_at: now,
        });
        return s;
      };
      const remaining = async (id: number) => countServerItems(store.db, [id]).then((m) => m.get(id));
      const viaRepo = await seed('cascade-repo');
      assert.deepEqual(await remaining(viaRepo.id), { tool_count: 1, prompt_count: 1, resource_count: 1 });
      assert.equal(await deleteServerRow(store.db, viaRepo.id), true);
      assert.deepEqual(await remaining(viaRepo.id), { tool_count: 0, prompt_count: 0, resource_count: 0 });
      assert.equal(await findServer(store.db, viaRepo.id), undefined);
      assert.equal(await deleteServerRow(store.db, viaRepo.id), false);
      const viaFk = await seed('cascade-fk');
      await store.db.deleteFrom('servers').where('id', '=', viaFk.id).execute();
      assert.deepEqual(await remaining(viaFk.id), { tool_count: 0, prompt_count: 0, resource_count: 0 });
    });
  });
}

storeContract('SQLite', () => openSqliteStore('contract'));

storeContract('PostgreSQL', openPgStore);

describe('migrations on PostgreSQL', () => {
  nodeTest('keep to their own schema when another schema of the database is migrated', async (t) => {
    const first = await createPgSchema();
    if ('skip' in first) return t.skip(first.skip);
    const second = await createPgSchema();
    if ('skip' in second) return t.skip(second.skip);
    try {
      const a = await openStore(first.url);
      const b = await openStore(second.url);
      try {
        assert.equal(b.dbVersion, a.dbVersion);
        await insertServer(b.db, newServer('only-in-b'));
        assert.equal((await listServers(a.db, {}, page)).total, 0);
        assert.equal((await listServers(b.db, {}, page)).total, 1);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});
