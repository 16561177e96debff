import { describe, expect, test } from 'vitest';
import { formatRelative } from './format.ts';

describe('formatRelative', () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  test('says the time left or past in the largest whole unit', () => {
    expect(formatRelative(at(45_000), now)).toBe('in 45 seconds');
    expect(formatRelative(at(4.5 * 60_000), now)).toBe('in 4 minutes');
    expect(formatRelative(at(-2 * 3_600_000 - 60_000), now)).toBe('2 hours ago');
    expect(formatRelative(at(3 * 86_400_000), now)).toBe('in 3 days');
    expect(formatRelative(at(0), now)).toBe('now');
  });

  test('no time is a dash; an unreadable one is shown as it came', () => {
    expect(formatRelative(null, now)).toBe('—');
    expect(formatRelative('soon', now)).toBe('soon');
  });
});
