import { describe, expect, test } from 'vitest';
import { checkFilters, EMPTY_FILTERS, readCallView, writeCallView } from './call-filters.ts';

describe('the Call logs view in the URL', () => {
  test('filters, order, page and the open call round-trip through the hash query', () => {
    const view = {
      filters: { ...EMPTY_FILTERS, server_id: 'b1c2', status: 'error', from: '2026-11-01' },
      page: 3,
      order: 'response_time_ms:desc',
      call: '42',
    };
    const query = writeCallView(view);
    expect(query).toEqual({
      server_id: 'b1c2',
      status: 'error',
      from: '2026-11-01',
      order: 'response_time_ms:desc',
      page: '3',
      call: '42',
    });
    expect(readCallView(new URLSearchParams(query))).toEqual(view);
  });

  test('defaults are left out of the URL and odd values read as the defaults', () => {
    expect(writeCallView(readCallView(new URLSearchParams()))).toEqual({});
    const odd = readCallView(new URLSearchParams('page=-2&order=name:up&call=1%20OR%201&color=red'));
    expect(odd).toEqual({ filters: EMPTY_FILTERS, page: 1, order: 'created_at:desc', call: '' });
  });

  test('the person filter is a user UUID and travels as user_id', () => {
    const id = '0b7c9e52-1d2e-4f30-8a41-5b6c7d8e9f00';
    const view = readCallView(new URLSearchParams(`user_id=${id}&status=error`));
    expect(view.filters).toEqual({ ...EMPTY_FILTERS, status: 'error', user_id: id });
    expect(writeCallView(view)).toEqual({ status: 'error', user_id: id });
    expect(checkFilters(view.filters)).toEqual({});
    expect(checkFilters({ ...EMPTY_FILTERS, user_id: 'ana@example.com' })).toEqual({
      user_id: 'a user UUID',
    });
  });
});
