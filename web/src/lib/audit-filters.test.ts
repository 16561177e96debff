import { describe, expect, test } from 'vitest';
import { checkAuditFilters, EMPTY_AUDIT_FILTERS, readAuditView, writeAuditView } from './audit-filters.ts';

describe('the Audit log view in the URL', () => {
  test('filters, page and the open event round-trip through the hash query', () => {
    const view = {
      filters: { ...EMPTY_AUDIT_FILTERS, action: 'policy.', decision: 'forbid', to: '2026-11-28' },
      page: 2,
      event: '57',
    };
    const query = writeAuditView(view);
    expect(query).toEqual({
      action: 'policy.',
      decision: 'forbid',
      to: '2026-11-28',
      page: '2',
      event: '57',
    });
    expect(readAuditView(new URLSearchParams(query))).toEqual(view);
  });

  test('defaults are left out and odd values read as the defaults', () => {
    expect(writeAuditView(readAuditView(new URLSearchParams()))).toEqual({});
    expect(readAuditView(new URLSearchParams('decision=maybe&page=0&event=5;drop&colour=red'))).toEqual({
      filters: EMPTY_AUDIT_FILTERS,
      page: 1,
      event: '',
    });
  });

  test('a filter typed with spaces around it is sent trimmed', () => {
    const view = readAuditView(new URLSearchParams('actor=%20Ada%20Admin%20'));
    expect(writeAuditView(view)).toEqual({ actor: 'Ada Admin' });
  });

  test('"to" before "from" is refused in place', () => {
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2026-11-28', to: '2026-11-01' })).toEqual({
      to: 'must not be before from',
    });
    expect(checkAuditFilters({ ...EMPTY_AUDIT_FILTERS, from: '2026-11-28', to: '2026-11-28' })).toEqual({});
  });
});
