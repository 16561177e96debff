import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SourceOperationRecord } from '../store/sources.repo.ts';
import { explainNarrowing, findBreakingChanges } from './breaking.ts';
import { normalisePath, pairOperations } from './operation-key.ts';
import type { SyncedView } from './synced-view.ts';
import { classify, diffTool, mergeTool } from './three-way.ts';

const view = (over: Partial<SyncedView> = {}): SyncedView => ({
  name: 'Get pet',
  description: 'Returns a pet',
  endpoint_url: 'https://api.example.com/pets/{{id}}',
  http_method: 'GET',
  tags: ['pets'],
  input_schema: {
    type: 'object',
    properties: { id: { type: 'integer' }, fields: { type: 'string' } },
    required: ['id'],
  },
  parameter_mapping: { id: { target: 'path', key: 'id' }, fields: { target: 'query', key: 'fields' } },
  headers: null,
  annotations: null,
  output_schema: null,
  body_template: null,
  ...over,
});

describe('the three-way merge', () => {
  test('classifies a value by who changed it', () => {
    assert.equal(classify('a', 'a', 'a'), undefined);
    assert.equal(classify('a', 'b', 'a'), 'keep_ours');
    assert.equal(classify('a', 'a', 'c'), 'take_theirs');
    assert.equal(classify('a', 'c', 'c'), 'converged');
    assert.equal(classify('a', 'b', 'c'), 'conflict');
    // Key order is no change.
    assert.equal(classify({ a: 1, b: 2 }, { b: 2, a: 1 }, { a: 1, b: 2 }), undefined);
  });

  test('merges input properties, mappings and headers per key, required names both ways', () => {
    const base = view();
    const ours = view({
      input_schema: {
        type: 'object',
        properties: { id: { type: 'integer', description: 'ours' }, fields: { type: 'string' } },
        required: ['id', 'fields'],
      },
      headers: { 'X-Trace': 'on' },
    });
    const theirs = view({
      input_schema: {
        type: 'object',
        properties: { id: { type: 'integer' }, fields: { type: 'string' }, expand: { type: 'boolean' } },
        required: ['id', 'expand'],
      },
      parameter_mapping: { ...base.parameter_mapping, expand: { target: 'query', key: 'expand' } },
    });
    const changes = diffTool(base, ours, theirs);
    assert.deepEqual(
      changes.map((c) => [c.field, c.key, c.outcome]),
      [
        ['input_schema.properties', 'id', 'keep_ours'],
        ['input_schema.properties', 'expand', 'take_theirs'],
        ['input_schema.required', undefined, 'take_theirs'],
        ['parameter_mapping', 'expand', 'take_theirs'],
        ['headers', 'X-Trace', 'keep_ours'],
      ],
    );
    const merged = mergeTool(ours, changes);
    assert.deepEqual(merged.input_schema.properties, {
      id: { type: 'integer', description: 'ours' },
      fields: { type: 'string' },
      expand: { type: 'boolean' },
    });
    assert.deepEqual(merged.input_schema.required, ['id', 'fields', 'expand']);
    assert.deepEqual(merged.headers, { 'X-Trace': 'on' });
  });

  test('a choice overrides: ours, theirs, or a value (absent removes the key)', () => {
    const base = view();
    const ours = view({ description: 'mine' });
    const theirs = view({
      description: 'theirs',
      input_schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    });
    const changes = diffTool(base, ours, theirs);
    const description = changes.find((c) => c.field === 'description')!;
    assert.equal(description.outcome, 'conflict');
    assert.equal(mergeTool(ours, changes).description, 'mine');
    assert.equal(
      mergeTool(ours, changes, (c) => (c === description ? { choice: 'theirs' } : undefined)).description,
      'theirs',
    );
    const kept = mergeTool(ours, changes, (c) => (c.key === 'fields' ? { choice: 'ours' } : undefined));
    assert.deepEqual(Object.keys(kept.input_schema.properties as object), ['id', 'fields']);
    const valued = mergeTool(ours, changes, (c) =>
      c.key === 'fields' ? { choice: 'value', value: { type: 'number' } } : undefined,
    );
    assert.deepEqual(valued.input_schema.properties, { id: { type: 'integer' }, fields: { type: 'number' } });
    const absent = mergeTool(ours, changes, (c) => (c === description ? { choice: 'value' } : undefined));
    assert.equal(absent.description, null);
  });
});

describe('breaking changes', () => {
  test('names removed arguments, new required ones and narrowed types', () => {
    const before = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' }, c: {} },
      required: ['a'],
    };
    const after = {
      type: 'object',
      properties: { b: { type: 'integer' }, c: { type: 'string', enum: ['x'] }, d: { type: 'string' } },
      required: ['d', 'b'],
    };
    assert.deepEqual(
      findBreakingChanges(before, after).map((b) => [b.kind, b.argument]),
      [
        ['argument_removed', 'a'],
        ['argument_required', 'd'],
        ['argument_required', 'b'],
        ['type_narrowed', 'b'],
        ['type_narrowed', 'c'],
      ],
    );
  });

  test('a widened schema is not narrowed', () => {
    assert.equal(
      explainNarrowing({ type: 'integer', maxLength: 3 }, { type: ['integer', 'null'], maxLength: 5 }),
      undefined,
    );
    assert.equal(explainNarrowing({ enum: ['a'] }, { enum: ['a', 'b'] }), undefined);
    assert.match(String(explainNarrowing({ enum: ['a', 'b'] }, { enum: ['a'] })), /no longer accepts "b"/);
  });
});

describe('operation keys', () => {
  test('normalise parameter names in paths', () => {
    assert.equal(normalisePath('/pets/{petId}/toys/{toy_id}/'), '/pets/{}/toys/{}');
    assert.equal(normalisePath('/pets/:id'), '/pets/{}');
    assert.equal(normalisePath('/pets/{{id}}'), '/pets/{}');
    assert.equal(normalisePath('/'), '/');
  });

  test('pair by key first (a move), then by route (a renamed key)', () => {
    const row = (id: number, op_key: string, method: string, path: string) =>
      ({ id, op_key, method, path, operation_id: null }) as SourceOperationRecord;
    const key = (op_key: string, method: string, path: string) => ({
      key: { op_key, operation_id: null, method, path },
      candidate: {} as never,
    });
    const tracked = [
      row(1, 'op:list', 'GET', '/pets'),
      row(2, 'op:get', 'GET', '/pets/{}'),
      row(3, 'op:del', 'DELETE', '/pets/{}'),
    ];
    const theirs = [
      key('op:list', 'GET', '/pets/search'),
      key('op:getPet', 'GET', '/pets/{}'),
      key('op:new', 'POST', '/pets'),
    ];
    const { pairs, added, removed } = pairOperations(tracked, theirs);
    assert.deepEqual(
      pairs.map((p) => [p.tracked.id, p.theirs.key.op_key]),
      [
        [1, 'op:list'],
        [2, 'op:getPet'],
      ],
    );
    assert.deepEqual(
      added.map((a) => a.key.op_key),
      ['op:new'],
    );
    assert.deepEqual(
      removed.map((r) => r.id),
      [3],
    );
  });
});
