import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closeObjectSchemas, suggestField } from './validation.ts';

describe('strict body schemas', () => {
  test('closes every object that lists its fields, at every depth, and leaves open shapes open', () => {
    const closed: Record<string, unknown> = closeObjectSchemas({
      type: 'object',
      properties: {
        mapping: {
          type: 'object',
          additionalProperties: { type: 'object', properties: { key: { type: 'string' } } },
        },
        settings: { type: 'object', additionalProperties: true, properties: { a: { type: 'string' } } },
        schema: { type: 'object' },
        list: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      },
      examples: [{ properties: { x: 1 } }],
    });
    assert.equal(closed.additionalProperties, false);
    const p = closed.properties as Record<string, Record<string, unknown>>;
    assert.equal((p.mapping!.additionalProperties as Record<string, unknown>).additionalProperties, false);
    assert.equal(p.settings!.additionalProperties, true);
    assert.equal(p.schema!.additionalProperties, undefined);
    assert.equal((p.list!.items as Record<string, unknown>).additionalProperties, false);
    assert.deepEqual(closed.examples, [{ properties: { x: 1 } }]);
  });

  test('suggests the one close field name, and none when two are as close or none is', () => {
    const known = ['http_method', 'status', 'slug', 'name', 'tags'];
    assert.equal(suggestField('htp_method', known), 'http_method');
    assert.equal(suggestField('HTTP_METHOD', known), 'http_method');
    assert.equal(suggestField('stauts', known), 'status');
    assert.equal(suggestField('nam', known), 'name');
    assert.equal(suggestField('tag', known), 'tags');
    assert.equal(suggestField('sag', known), undefined);
    assert.equal(suggestField('colour', known), undefined);
  });
});
