import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import {
  applyPlan,
  checkSource,
  createServer,
  entryOf,
  fieldOf,
  importTracked,
  readSourceFixture,
} from '../../test/sources-kit.ts';
import type { GatewayEvent } from '../events.ts';
import { findSource } from '../store/sources.repo.ts';

/*
 * Petstore v1 → v2 (test/fixtures/sources/SOURCES.md): the plan of every kind of upstream change,
 * three-way merges against local edits, and an apply that does exactly what was planned.
 */

const V1 = readSourceFixture('petstore-v1.yaml');
const V2 = readSourceFixture('petstore-v2.yaml');

describe('a tracked OpenAPI source, petstore v1 → v2', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('an import is tracked by default, with every operation keyed; track false tracks nothing', async () => {
    const server = await createServer(t, 'Tracked');
    const { sourceId } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 }, [
      'deletePet',
    ]);
    const source = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    assert.equal(source.kind, 'openapi');
    assert.equal(source.origin, 'text');
    assert.equal(source.document_version, '1.0.0');
    assert.equal(source.tracked_tools, 5);
    assert.equal(source.excluded_operations, 1);
    assert.deepEqual(
      source.operations.map((o: { key: string; excluded: boolean }) => [o.key, o.excluded]),
      [
        ['op:findPets', false],
        ['op:addPet', false],
        ['op:find pet by id', false],
        ['op:updatePet', false],
        ['op:deletePet', true],
        ['op:addOffspring', false],
      ],
    );
    assert.equal(source.operations[2].path, '/pets/{}');
    // The stored text is sealed: nothing of the document in the row.
    const row = await findSource(t.ctx.store.db, server.id, sourceId);
    assert.ok(
      row?.document && !row.document.includes('Swagger Petstore') && !row.document.includes('openapi'),
    );

    const other = await createServer(t, 'Untracked');
    const res = await t.api('POST', `/servers/${other.uuid}/tools/import-openapi`, {
      content: V1,
      commit: true,
      selected_temp_ids: ['op_0'],
      track: false,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().source_id, undefined);
    assert.deepEqual((await t.api('GET', `/servers/${other.uuid}/sources`)).json(), []);
    const bad = await t.api('POST', `/servers/${other.uuid}/tools/import-openapi`, {
      content: V1,
      track: 'yes',
    });
    assert.equal(bad.statusCode, 400);
  });

  test('the plan names the move, the renamed operationId, the renamed path parameter, the new required parameter, the removal and the shared $ref change', async () => {
    const server = await createServer(t, 'Plan');
    const { sourceId, tools } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 });
    const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
    assert.equal(plan.upstream, 'changed');
    assert.equal(plan.summary_text, '4 to change, 1 to move, 1 to remove');
    assert.deepEqual(
      plan.entries.map((e) => [e.action, e.tool?.slug]),
      [
        ['move', 'findPets'],
        ['change', 'addPet'],
        ['change', 'find_pet_by_id'],
        ['change', 'updatePet'],
        ['change', 'addOffspring'],
        ['remove', 'deletePet'],
      ],
    );
    // Same operationId on another route: a move.
    const move = entryOf(plan, 'findPets');
    assert.deepEqual([move.previous?.path, move.operation.path], ['/pets', '/pets/search']);
    assert.equal(fieldOf(move, 'endpoint_url').theirs, 'https://petstore.swagger.io/v2/pets/search');
    assert.equal(fieldOf(move, 'description').outcome, 'take_theirs');
    // A renamed operationId on the same route: the same tool, its key follows.
    const renamed = entryOf(plan, 'find_pet_by_id');
    assert.equal(renamed.tool?.id, tools.find_pet_by_id);
    assert.equal(renamed.previous?.key, 'op:find pet by id');
    assert.equal(renamed.operation.key, 'op:findPetById');
    assert.deepEqual(fieldOf(renamed, 'name'), {
      field: 'name',
      base: 'find pet by id',
      ours: 'find pet by id',
      theirs: 'findPetById',
      outcome: 'take_theirs',
    });
    // The path parameter renamed: argument id gone, petId new and required (both breaking).
    assert.equal(fieldOf(renamed, 'endpoint_url').theirs, 'https://petstore.swagger.io/v2/pets/{{petId}}');
    assert.equal(fieldOf(renamed, 'input_schema.properties', 'id').theirs, undefined);
    assert.deepEqual(
      renamed.breaking.map((b) => [b.kind, b.argument]),
      [
        ['argument_removed', 'id'],
        ['argument_required', 'petId'],
      ],
    );
    // A new required query parameter.
    const update = entryOf(plan, 'updatePet');
    assert.deepEqual(fieldOf(update, 'parameter_mapping', 'version').theirs, {
      target: 'query',
      key: 'version',
    });
    assert.ok(update.breaking.some((b) => b.kind === 'argument_required' && b.argument === 'version'));
    // One $ref (NewPet) changed: the same property changes on three tools, `tag` narrowed on each.
    for (const slug of ['addPet', 'updatePet', 'addOffspring']) {
      const entry = entryOf(plan, slug);
      assert.equal(fieldOf(entry, 'input_schema.properties', 'species').outcome, 'take_theirs', slug);
      assert.deepEqual(fieldOf(entry, 'input_schema.properties', 'tag').theirs, {
        type: 'string',
        maxLength: 32,
      });
      assert.ok(
        entry.breaking.some((b) => b.kind === 'type_narrowed' && b.argument === 'tag'),
        slug,
      );
    }
    const removal = entryOf(plan, 'deletePet');
    assert.deepEqual(
      removal.breaking.map((b) => b.kind),
      ['tool_removed'],
    );
  });

  test('apply does exactly the plan: one tools_changed, an audit row, and a second check has nothing to do', async () => {
    const server = await createServer(t, 'Apply');
    const { sourceId, tools } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 });
    const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
    const events: GatewayEvent[] = [];
    const stop = t.ctx.events.subscribe((e) => events.push(e));
    const unchosen = await applyPlan(t, server.uuid, sourceId, plan.id, {});
    assert.equal(unchosen.statusCode, 400);
    assert.match(JSON.stringify(unchosen.json().data.params), /flag, deactivate, detach or delete/);
    const res = await applyPlan(t, server.uuid, sourceId, plan.id, {
      removals: [{ entry: entryOf(plan, 'deletePet').id, action: 'flag' }],
    });
    stop();
    assert.equal(res.statusCode, 200, res.body);
    const done = res.json();
    assert.equal(done.plan.status, 'applied');
    assert.deepEqual(done.changed.map((c: { slug: string }) => c.slug).sort(), [
      'addOffspring',
      'addPet',
      'findPets',
      'find_pet_by_id',
      'updatePet',
    ]);
    assert.deepEqual(done.removed, [{ uuid: tools.deletePet, slug: 'deletePet', action: 'flag' }]);
    assert.equal(done.list_changed, true);
    assert.equal(events.filter((e) => e.type === 'tools_changed').length, 1);

    const byId = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.find_pet_by_id}`)).json();
    assert.equal(byId.name, 'findPetById');
    assert.equal(byId.slug, 'find_pet_by_id');
    assert.equal(byId.endpoint_url, 'https://petstore.swagger.io/v2/pets/{{petId}}');
    assert.deepEqual(byId.input_schema.required, ['petId']);
    assert.deepEqual(Object.keys(byId.parameter_mapping), ['petId']);
    const flagged = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.deletePet}`)).json();
    assert.equal(flagged.status, 'active');
    const source = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    assert.equal(source.revision, 2);
    assert.equal(source.document_version, '2.0.0');
    assert.equal(source.flagged_removed, 1);
    assert.equal(
      source.operations.find((o: { key: string }) => o.key === 'op:deletePet').removed_upstream_at !== null,
      true,
    );

    const audit = (await t.api('GET', '/audit?action=source.applied')).json();
    const row = audit.find((r: { target_id: string }) => r.target_id === sourceId);
    assert.ok(row, JSON.stringify(audit));
    assert.equal(row.server_uuid, server.uuid);
    assert.equal(row.detail.summary, '4 to change, 1 to move, 1 to remove');

    // The stored text is v2 now: the same text is no change, and the flagged tool is not proposed again.
    const again = await checkSource(t, server.uuid, sourceId, { content: V2 });
    assert.equal(again.upstream, 'unchanged');
    assert.equal(again.summary_text, 'No changes.');
  });

  test('a local description edit against an upstream one is a conflict: ours, theirs or a value', async () => {
    for (const [choice, expected] of [
      [{ choice: 'ours' }, 'Our own words.'],
      [{ choice: 'theirs' }, 'Returns the pets the user has access to, filtered by tags'],
      [{ choice: 'value', value: 'Both, merged by hand.' }, 'Both, merged by hand.'],
    ] as const) {
      const server = await createServer(t, `Conflict ${choice.choice}`);
      const { sourceId, tools } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 });
      await t.api('PATCH', `/servers/${server.uuid}/tools/${tools.findPets}`, {
        description: 'Our own words.',
      });
      const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
      const move = entryOf(plan, 'findPets');
      const description = fieldOf(move, 'description');
      assert.equal(description.outcome, 'conflict');
      assert.equal(description.ours, 'Our own words.');
      assert.equal(description.theirs, 'Returns the pets the user has access to, filtered by tags');
      assert.equal(plan.summary.conflicts, 1);
      assert.match(plan.summary_text, /1 conflict\b/);
      const removals = [{ entry: entryOf(plan, 'deletePet').id, action: 'flag' }];
      const open = await applyPlan(t, server.uuid, sourceId, plan.id, { removals });
      assert.equal(open.statusCode, 400);
      assert.deepEqual(open.json().data.params, {
        [`${move.id}.description`]: 'is a conflict: choose ours, theirs or a value',
      });
      const res = await applyPlan(t, server.uuid, sourceId, plan.id, {
        removals,
        resolutions: [{ entry: move.id, field: 'description', ...choice }],
      });
      assert.equal(res.statusCode, 200, res.body);
      const tool = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.findPets}`)).json();
      assert.equal(tool.description, expected);
      assert.equal(tool.endpoint_url, 'https://petstore.swagger.io/v2/pets/search');
    }
  });

  test('a local property edit with a new upstream property merges cleanly; operator-owned fields stay', async () => {
    const server = await createServer(t, 'Clean merge');
    const { sourceId, tools } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 });
    const tool = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.addPet}`)).json();
    const schema = structuredClone(tool.input_schema);
    schema.properties.name.description = 'The pet’s name, as its owner spells it.';
    const edited = await t.api('PATCH', `/servers/${server.uuid}/tools/${tools.addPet}`, {
      input_schema: schema,
      timeout: 12,
      cache_ttl: 30,
      rate_limit_per_min: 7,
      status: 'draft',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
    const entry = entryOf(plan, 'addPet');
    assert.equal(fieldOf(entry, 'input_schema.properties', 'name').outcome, 'keep_ours');
    assert.equal(fieldOf(entry, 'input_schema.properties', 'species').outcome, 'take_theirs');
    assert.equal(entry.fields.filter((f) => f.outcome === 'conflict').length, 0);
    const res = await applyPlan(t, server.uuid, sourceId, plan.id, {
      removals: [{ entry: entryOf(plan, 'deletePet').id, action: 'detach' }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const after = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.addPet}`)).json();
    assert.equal(after.input_schema.properties.name.description, 'The pet’s name, as its owner spells it.');
    assert.deepEqual(after.input_schema.properties.species.enum, ['dog', 'cat', 'bird']);
    assert.deepEqual(after.input_schema.properties.tag, { type: 'string', maxLength: 32 });
    assert.deepEqual(after.parameter_mapping.species, { target: 'body', key: 'species' });
    assert.deepEqual(
      [after.timeout, after.cache_ttl, after.rate_limit_per_min, after.status, after.slug],
      [12, 30, 7, 'draft', 'addPet'],
    );
    // Detached: the tool stays, untracked.
    const source = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    assert.equal(
      source.operations.some((o: { key: string }) => o.key === 'op:deletePet'),
      false,
    );
    assert.equal((await t.api('GET', `/servers/${server.uuid}/tools/${tools.deletePet}`)).statusCode, 200);
  });

  test('an upstream removal of a parameter a body template uses is a conflict with that reason', async () => {
    const server = await createServer(t, 'Invalid merge');
    const { sourceId, tools } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 });
    const template = '{"id": {{id}}, "name": "{{name}}", "tag": "{{tag}}"}';
    const set = await t.api('PATCH', `/servers/${server.uuid}/tools/${tools.updatePet}`, {
      body_template: template,
    });
    assert.equal(set.statusCode, 200, set.body);
    const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
    const entry = entryOf(plan, 'updatePet');
    const conflict = fieldOf(entry, 'body_template');
    assert.equal(conflict.outcome, 'conflict');
    assert.equal(conflict.ours, template);
    assert.match(String(conflict.reason), /body_template uses \{\{id\}\}, which is no longer an argument/);
    const removals = [{ entry: entryOf(plan, 'deletePet').id, action: 'flag' }];
    // Keeping the template as it is would leave the tool invalid: refused, nothing written.
    const kept = await applyPlan(t, server.uuid, sourceId, plan.id, {
      removals,
      resolutions: [{ entry: entry.id, field: 'body_template', choice: 'ours' }],
    });
    assert.equal(kept.statusCode, 400);
    assert.match(JSON.stringify(kept.json().data.params), /body_template uses \{\{id\}\}/);
    const fixed = '{"id": {{petId}}, "name": "{{name}}", "tag": "{{tag}}"}';
    const res = await applyPlan(t, server.uuid, sourceId, plan.id, {
      removals,
      resolutions: [{ entry: entry.id, field: 'body_template', choice: 'value', value: fixed }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const after = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.updatePet}`)).json();
    assert.equal(after.body_template, fixed);
  });

  test('a stale plan is refused with 409: a planned tool changed, applied twice, superseded', async () => {
    const server = await createServer(t, 'Stale');
    const { sourceId, tools } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 });
    const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
    const removals = [{ entry: entryOf(plan, 'deletePet').id, action: 'flag' }];
    await t.api('PATCH', `/servers/${server.uuid}/tools/${tools.addOffspring}`, {
      description: 'edited meanwhile',
    });
    const stale = await applyPlan(t, server.uuid, sourceId, plan.id, { removals });
    assert.equal(stale.statusCode, 409);
    assert.equal(stale.json().code, 'rest_conflict');
    assert.equal(stale.json().data.reason, 'plan_stale');
    assert.match(stale.json().message, /addOffspring/);
    // Nothing was written.
    const untouched = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.findPets}`)).json();
    assert.equal(untouched.endpoint_url, 'https://petstore.swagger.io/v2/pets');

    const older = await checkSource(t, server.uuid, sourceId, { content: V2 });
    const newer = await checkSource(t, server.uuid, sourceId, { content: V2 });
    const superseded = await applyPlan(t, server.uuid, sourceId, older.id, { removals });
    assert.equal(superseded.statusCode, 409);
    assert.equal(
      (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}/plans/${older.id}`)).json().status,
      'superseded',
    );
    assert.equal((await applyPlan(t, server.uuid, sourceId, newer.id, { removals })).statusCode, 200);
    assert.equal((await applyPlan(t, server.uuid, sourceId, newer.id, { removals })).statusCode, 409);
  });

  test('removals: deactivate stops serving, delete deletes; an active tool removed sends one tools_changed', async () => {
    for (const action of ['deactivate', 'delete'] as const) {
      const server = await createServer(t, `Removal ${action}`);
      const { sourceId, tools } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 });
      const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
      const res = await applyPlan(t, server.uuid, sourceId, plan.id, {
        removals: [{ entry: entryOf(plan, 'deletePet').id, action }],
      });
      assert.equal(res.statusCode, 200, res.body);
      const tool = await t.api('GET', `/servers/${server.uuid}/tools/${tools.deletePet}`);
      if (action === 'delete') assert.equal(tool.statusCode, 404);
      else assert.equal(tool.json().status, 'inactive');
    }
  });

  test('operations deselected at import are never proposed as new', async () => {
    const server = await createServer(t, 'Excluded');
    const { sourceId } = await importTracked(t, server.uuid, 'import-openapi', { content: V1 }, [
      'addOffspring',
      'deletePet',
    ]);
    const plan = await checkSource(t, server.uuid, sourceId, { content: V2 });
    assert.equal(plan.summary.add, 0);
    assert.equal(plan.summary.remove, 0);
    assert.equal(plan.summary.excluded, 1);
    assert.equal(plan.summary_text, '3 to change, 1 to move');
    assert.equal((await applyPlan(t, server.uuid, sourceId, plan.id, {})).statusCode, 200);
    const source = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    // deletePet left the document: forgotten; addOffspring follows its renamed parameter, still excluded.
    assert.deepEqual(
      source.operations
        .filter((o: { excluded: boolean }) => o.excluded)
        .map((o: { key: string; path: string }) => [o.key, o.path]),
      [['op:addOffspring', '/pets/{}/offspring']],
    );
  });
});
