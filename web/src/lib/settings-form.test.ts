import { describe, expect, test } from 'vitest';
import { validateSettings } from './settings-form.ts';

describe('settings validation', () => {
  test('a negative retention names the bound it breaks, not the shape of the number', () => {
    expect(validateSettings({ log_retention_days: '-5' })).toEqual({
      log_retention_days: 'must be at least 1',
    });
  });

  test('too large and not a number are told apart', () => {
    expect(validateSettings({ analytics_retention_days: '40000', default_timeout: '1.5' })).toEqual({
      analytics_retention_days: 'must be at most 36500',
      default_timeout: 'must be a whole number',
    });
  });

  test('a value within bounds has no error', () => {
    expect(validateSettings({ log_retention_days: ' 30 ' })).toEqual({});
  });
});
