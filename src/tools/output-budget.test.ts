import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

/* A tool's `max_output_tokens` and `response_mapping.fields` through the API and the manifest (issue 16). */
describe('tools API: max_output_tokens and response_mapping.fields', () => {
  let t: TestApp;
  let server: { uuid: string };
  const path = (suffix = '') => `/servers/${server.uuid}/tools${suffix}`;
  const base = { name: 'List customers', endpoint_url: 'https://api.example/v1/customers' };

  before(async () => {
    t = await buildTestApp();
    server = (await t.api('POST', '/servers', { name: 'Budget host' })).json();
  });
  after(() => t.close());

  test('create, read, update and clear max_output_tokens and fields', async () => {
    const plain = (await t.api('POST', path(), { ...base, slug: 'plain' })).json();
    assert.equal(plain.max_output_tokens, null, 'null by default: the server setting applies');

    const res = await t.api('POST', path(), {
      ...base,
      max_output_tokens: 2_000,
      response_mapping: {
        fields: ['$.data[*].id', '$.has_more'],
        pagination: { param: 'starting_after', kind: 'after_id', limit_param: 'limit' },
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    const tool = res.json();
    assert.equal(tool.max_output_tokens, 2_000);
    assert.deepEqual(tool.response_mapping, {
      selector: '',
      format: 'json',
      template: '',
      fields: ['$.data[*].id', '$.has_more'],
      pagination: { param: 'starting_after', kind: 'after_id', limit_param: 'limit' },
    });
    const read = (await t.api('GET', path(`/${tool.uuid}`))).json();
    assert.equal(read.max_output_tokens, 2_000);
    assert.deepEqual(read.response_mapping.fields, ['$.data[*].id', '$.has_more']);

    const patched = await t.api('PATCH', path(`/${tool.uuid}`), { max_output_tokens: 0 });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().max_output_tokens, 0);
    assert.deepEqual(patched.json().response_mapping.fields, ['$.data[*].id', '$.has_more'], 'untouched');
    const cleared = await t.api('PATCH', path(`/${tool.uuid}`), { max_output_tokens: null });
    assert.equal(cleared.json().max_output_tokens, null);
  });

  test('rejects a bad max_output_tokens or fields with 400 rest_invalid_param naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ max_output_tokens: 'lots' }, 'max_output_tokens'],
      [{ max_output_tokens: 1.5 }, 'max_output_tokens'],
      [{ max_output_tokens: -1 }, 'max_output_tokens'],
      [{ max_output_tokens: 2_000_000 }, 'max_output_tokens'],
      [{ response_mapping: { fields: '$.id' } }, 'response_mapping.fields'],
      [{ response_mapping: { fields: ['$.items[?(@.id > 1)]'] } }, 'response_mapping.fields'],
      [{ response_mapping: { fields: ['$..name'] } }, 'response_mapping.fields'],
      [{ response_mapping: { pagination: { kind: 'sideways' } } }, 'response_mapping.pagination.kind'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.api('POST', path(), { ...base, ...extra });
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(field in res.json().data.params, `${field} in ${JSON.stringify(res.json().data.params)}`);
    }
    const tool = (await t.api('POST', path(), { ...base, slug: 'kept', max_output_tokens: 50 })).json();
    const bad = await t.api('PATCH', path(`/${tool.uuid}`), { max_output_tokens: '100' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'rest_invalid_param');
    assert.equal((await t.api('GET', path(`/${tool.uuid}`))).json().max_output_tokens, 50, 'nothing changed');
  });

  test('the server setting max_output_tokens must be a whole number (0–1,000,000)', async () => {
    const bad = await t.api('PATCH', `/servers/${server.uuid}`, { settings: { max_output_tokens: 'many' } });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.equal(bad.json().code, 'rest_invalid_param');
    const ok = await t.api('PATCH', `/servers/${server.uuid}`, { settings: { max_output_tokens: 4_000 } });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().settings.max_output_tokens, 4_000);
  });

  test('the manifest round trip keeps max_output_tokens, fields and the paging hint', async () => {
    const src = (
      await t.api('POST', '/servers', { name: 'Manifest source', settings: { max_output_tokens: 3_000 } })
    ).json();
    await t.api('POST', `/servers/${src.uuid}/tools`, {
      ...base,
      slug: 'budgeted',
      max_output_tokens: 1_234,
      response_mapping: { fields: ['$.id'], pagination: { param: 'offset', kind: 'offset' } },
    });
    await t.api('POST', `/servers/${src.uuid}/tools`, { ...base, slug: 'default_budget' });
    const manifest = (await t.api('POST', `/servers/${src.uuid}/tools/export`, {})).json();
    assert.equal(manifest.server.settings.max_output_tokens, 3_000);
    const exported = manifest.tools.find((x: { slug: string }) => x.slug === 'budgeted');
    assert.equal(exported.max_output_tokens, 1_234);
    assert.equal(
      'max_output_tokens' in manifest.tools.find((x: { slug: string }) => x.slug === 'default_budget'),
      false,
      'left out when null, like the other optional fields',
    );

    const dst = (await t.api('POST', '/servers', { name: 'Manifest target' })).json();
    const imported = await t.api('POST', `/servers/${dst.uuid}/tools/import-svc`, manifest);
    assert.equal(imported.statusCode, 200, imported.body);
    const tools = (await t.api('GET', `/servers/${dst.uuid}/tools`)).json() as Array<Record<string, unknown>>;
    const budgeted = tools.find((x) => x.slug === 'budgeted')!;
    assert.equal(budgeted.max_output_tokens, 1_234);
    assert.deepEqual((budgeted.response_mapping as Record<string, unknown>).fields, ['$.id']);
    assert.deepEqual((budgeted.response_mapping as Record<string, unknown>).pagination, {
      param: 'offset',
      kind: 'offset',
    });
    assert.equal(tools.find((x) => x.slug === 'default_budget')!.max_output_tokens, null);
  });
});
