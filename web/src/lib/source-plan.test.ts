import { describe, expect, test } from 'vitest';
import type { SourcePlan } from '../api/types.ts';
import { buildApply, describeField, emptyChoices, planLine } from './source-plan.ts';

const plan = {
  summary_text: '1 to change, 1 conflict, 1 to remove',
  entries: [
    {
      id: 'e1',
      action: 'change',
      tool: { id: 't1', slug: 'findPets', name: 'findPets', status: 'active' },
      fields: [
        { field: 'description', base: 'a', ours: 'b', theirs: 'c', outcome: 'conflict' },
        {
          field: 'input_schema.properties',
          key: 'tag',
          base: {},
          ours: {},
          theirs: { maxLength: 3 },
          outcome: 'take_theirs',
        },
      ],
    },
    {
      id: 'e2',
      action: 'remove',
      tool: { id: 't2', slug: 'deletePet', name: 'deletePet', status: 'active' },
      fields: [],
    },
    { id: 'e3', action: 'add', tool: null, candidate: { slug: 'newPet' }, fields: [] },
  ],
} as unknown as SourcePlan;

describe('the apply body of a plan', () => {
  test('names every conflict and removal still open', () => {
    const built = buildApply(plan, emptyChoices());
    expect(built.open).toEqual([
      'findPets: description is a conflict',
      'deletePet: choose what to do with the removed operation',
    ]);
    expect(built.body).toEqual({});
  });

  test('sends the choices: text values as typed, JSON values parsed, an empty one removes the key', () => {
    const built = buildApply(plan, {
      fields: {
        e1: {
          description: { choice: 'value', text: 'Our words' },
          'input_schema.properties:tag': { choice: 'value', text: '' },
        },
      },
      removals: { e2: 'flag' },
      skip: ['e3'],
    });
    expect(built.open).toEqual([]);
    expect(built.body).toEqual({
      resolutions: [
        { entry: 'e1', field: 'description', choice: 'value', value: 'Our words' },
        { entry: 'e1', field: 'input_schema.properties', key: 'tag', choice: 'value' },
      ],
      removals: [{ entry: 'e2', action: 'flag' }],
      skip: ['e3'],
    });
  });

  test('a value that is not JSON stays open, named', () => {
    const built = buildApply(plan, {
      fields: {
        e1: {
          description: { choice: 'ours' },
          'input_schema.properties:tag': { choice: 'value', text: '{nope' },
        },
      },
      removals: { e2: 'detach' },
      skip: [],
    });
    expect(built.open).toEqual(['findPets: the value for argument tag is not valid JSON']);
    expect(built.invalid).toEqual({ 'e1:input_schema.properties:tag': 'is not valid JSON' });
  });

  test('reads as Terraform prints it', () => {
    expect(planLine(plan)).toBe('Plan: 1 to change, 1 conflict, 1 to remove.');
    expect(planLine({ summary_text: 'No changes.' })).toBe('No changes.');
    expect(describeField({ field: 'parameter_mapping', key: 'petId' })).toBe('mapping of petId');
    expect(describeField({ field: 'input_schema.required' })).toBe('required arguments');
    expect(describeField({ field: 'body_template' })).toBe('body template');
  });
});
