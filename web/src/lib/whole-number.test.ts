import { describe, expect, test } from 'vitest';
import { checkWholeNumber } from './whole-number.ts';

describe('whole-number fields', () => {
  test('a negative whole number names the lower bound, not the shape of the number', () => {
    expect(checkWholeNumber('-5', 1, 600)).toBe('must be at least 1');
  });

  test('too large, not a number and a decimal are told apart', () => {
    expect(checkWholeNumber('601', 1, 600)).toBe('must be at most 600');
    expect(checkWholeNumber('x', 1, 600)).toBe('must be a whole number');
    expect(checkWholeNumber('1.5', 1, 600)).toBe('must be a whole number');
  });

  test('a value within bounds, spaces around it, has no error', () => {
    expect(checkWholeNumber(' 30 ', 1, 600)).toBeUndefined();
  });
});
