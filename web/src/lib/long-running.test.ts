import { describe, expect, test } from 'vitest';
import {
  checkLongRunning,
  emptyLongRunning,
  executionBody,
  executionPatch,
  longRunningToForm,
} from './long-running.ts';

describe('execution in the form', () => {
  test('stored values of the wrong type are read as the defaults, and the defaults are not sent', () => {
    const stored = { task: 'sometimes', poll: 'no', ttl_s: '900', max_wait_s: 60, ask_in_task: 1 };
    const form = longRunningToForm(stored as never);
    expect(form).toEqual({
      ...emptyLongRunning(),
      on: true,
      numbers: { ...emptyLongRunning().numbers, max_wait_s: '60' },
    });
    expect(executionBody(form)).toEqual({ max_wait_s: 60 });
  });

  test('a stored value that spells out a default is not a change', () => {
    const stored = { task: 'optional', poll: true, ask_in_task: false, continue_after_ms: null };
    expect(executionPatch(longRunningToForm(stored as never), stored as never)).toEqual({});
    expect(executionPatch(emptyLongRunning(), null)).toEqual({});
    expect(executionPatch(emptyLongRunning(), stored as never)).toEqual({ execution: null });
  });

  test('the bounds are the server’s, both ends included, and an unticked section is not checked', () => {
    const at = (key: 'ttl_s' | 'continue_after_ms', value: string, on = true) =>
      checkLongRunning({
        ...emptyLongRunning(),
        on,
        numbers: { ...emptyLongRunning().numbers, [key]: value },
      });
    expect(at('ttl_s', '60')).toEqual({});
    expect(at('ttl_s', '604800')).toEqual({});
    expect(at('ttl_s', '59')).toEqual({ 'execution.ttl_s': 'must be at least 60' });
    expect(at('continue_after_ms', '600001')).toEqual({
      'execution.continue_after_ms': 'must be at most 600000',
    });
    expect(at('continue_after_ms', '600001', false)).toEqual({});
  });
});
