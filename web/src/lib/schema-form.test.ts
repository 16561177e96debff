import { describe, expect, test } from 'vitest';
import type { InputSchema } from '../api/types.ts';
import { argFields, buildArgs, initialArgs } from './schema-form.ts';

const schema: InputSchema = {
  type: 'object',
  properties: {
    q: { type: 'string', description: 'query', examples: ['cats'] },
    limit: { type: 'integer', default: 10 },
    ratio: { type: 'number' },
    sort: { type: 'string', enum: ['asc', 'desc'] },
    exact: { type: 'boolean' },
    ids: { type: 'array', items: { type: 'integer' } },
  },
  required: ['q', 'sort'],
};

describe('test panel argument form from input_schema', () => {
  test('one field per property with its kind, enum and required flag', () => {
    expect(argFields(schema).map((f) => [f.name, f.kind, f.required])).toEqual([
      ['q', 'string', true],
      ['limit', 'integer', false],
      ['ratio', 'number', false],
      ['sort', 'enum', true],
      ['exact', 'boolean', false],
      ['ids', 'json', false],
    ]);
    expect(argFields(schema)[3]?.options).toEqual(['asc', 'desc']);
    expect(argFields(schema)[0]?.placeholder).toBe('e.g. cats');
  });

  test('starts from defaults, else the first example', () => {
    expect(initialArgs(schema)).toEqual({ q: 'cats', limit: '10', ratio: '', sort: '', exact: '', ids: '' });
  });

  test('types the values and leaves empty optional fields out', () => {
    const fields = argFields(schema);
    expect(
      buildArgs(fields, { q: 'dogs', limit: '5', ratio: '0.5', sort: 'asc', exact: 'false', ids: '[1,2]' }),
    ).toEqual({
      args: { q: 'dogs', limit: 5, ratio: 0.5, sort: 'asc', exact: false, ids: [1, 2] },
      errors: {},
    });
    expect(buildArgs(fields, { q: 'dogs', sort: 'desc', limit: '' }).args).toEqual({
      q: 'dogs',
      sort: 'desc',
    });
  });

  test('names missing and mistyped arguments', () => {
    expect(
      buildArgs(argFields(schema), { q: '', limit: '2.5', ratio: 'x', sort: '', ids: '[1,' }).errors,
    ).toEqual({
      q: 'required',
      limit: 'must be a whole number',
      ratio: 'must be a number',
      sort: 'required',
      ids: 'must be JSON (an array or object)',
    });
  });
});
