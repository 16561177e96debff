import { describe, expect, test } from 'vitest';
import { errorCauseLabel } from './error-cause.ts';

describe('errorCauseLabel', () => {
  test('names refused arguments apart from a missing upstream answer, and keeps status codes', () => {
    expect(errorCauseLabel('invalid_arguments')).toBe('refused: invalid arguments (nothing sent)');
    expect(errorCauseLabel('none')).toBe('no response (transport, timeout, rate limit)');
    expect(errorCauseLabel('502')).toBe('502');
  });
});
