import { describe, expect, test } from 'vitest';
import {
  filterCandidates,
  pathOf,
  selectByTag,
  selectedIds,
  selectionTokens,
  setVisible,
  tagsOf,
  toggleOne,
  visibleState,
} from './import-selection.ts';

const c = (
  temp_id: string,
  name: string,
  method: string,
  url: string,
  tags: string[],
  required: string[] = [],
) => ({
  temp_id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '_'),
  http_method: method,
  endpoint_url: url,
  tags,
  input_schema: { required },
});
const candidates = [
  c('op_0', 'List pets', 'GET', 'https://api.test/v1/pets', ['pets']),
  c('op_1', 'Create pet', 'POST', 'https://api.test/v1/pets', ['pets', 'write'], ['name']),
  c('op_2', 'Get order', 'GET', 'https://api.test/v1/store/orders/{{orderId}}', ['store'], ['orderId']),
  c('op_3', 'Health', 'GET', 'https://api.test/health', []),
];

describe('import wizard selection', () => {
  test('search matches name, slug, method or path, case-insensitively', () => {
    expect(filterCandidates(candidates, { search: 'ORDERS', tag: '' }).map((x) => x.temp_id)).toEqual([
      'op_2',
    ]);
    expect(filterCandidates(candidates, { search: 'post', tag: '' }).map((x) => x.temp_id)).toEqual(['op_1']);
    expect(filterCandidates(candidates, { search: 'create_pet', tag: '' }).map((x) => x.temp_id)).toEqual([
      'op_1',
    ]);
    expect(filterCandidates(candidates, { search: '  ', tag: '' })).toHaveLength(4);
  });

  test('a tag filter keeps only candidates carrying that exact tag, and combines with search', () => {
    expect(filterCandidates(candidates, { search: '', tag: 'pets' }).map((x) => x.temp_id)).toEqual([
      'op_0',
      'op_1',
    ]);
    expect(filterCandidates(candidates, { search: 'list', tag: 'pets' }).map((x) => x.temp_id)).toEqual([
      'op_0',
    ]);
    expect(filterCandidates(candidates, { search: '', tag: 'pet' })).toEqual([]);
  });

  test('select all / clear act on the visible rows only and keep hidden choices', () => {
    const visible = filterCandidates(candidates, { search: '', tag: 'pets' });
    const some = setVisible(new Set(['op_3']), visible, true);
    expect([...some].sort()).toEqual(['op_0', 'op_1', 'op_3']);
    expect([...setVisible(some, visible, false)]).toEqual(['op_3']);
  });

  test('selecting by tag adds every candidate with the tag', () => {
    expect([...selectByTag(new Set(['op_3']), candidates, 'store')].sort()).toEqual(['op_2', 'op_3']);
  });

  test('toggling flips one candidate', () => {
    const one = toggleOne(new Set(), 'op_2');
    expect([...one]).toEqual(['op_2']);
    expect([...toggleOne(one, 'op_2')]).toEqual([]);
  });

  test('the header checkbox state follows the visible rows', () => {
    const visible = candidates.slice(0, 2);
    expect(visibleState(new Set(), visible)).toBe('none');
    expect(visibleState(new Set(['op_0']), visible)).toBe('some');
    expect(visibleState(new Set(['op_0', 'op_1', 'op_3']), visible)).toBe('all');
  });

  test('selected ids go out in document order, whatever order they were picked in', () => {
    expect(selectedIds(candidates, new Set(['op_3', 'op_0', 'op_2']))).toEqual(['op_0', 'op_2', 'op_3']);
  });

  test('paths and tags are read for the table', () => {
    expect(pathOf('https://api.test/v1/store/orders/{{orderId}}?x=1')).toBe(
      '/v1/store/orders/{{orderId}}?x=1',
    );
    expect(pathOf('https://api.test')).toBe('/');
    expect(pathOf('{{base_url}}/pets')).toBe('{{base_url}}/pets');
    expect(tagsOf(candidates)).toEqual(['pets', 'store', 'write']);
  });
});

describe('selectionTokens', () => {
  test('sums the token estimates of the selected candidates only', () => {
    const c = (temp_id: string, token_estimate?: number) => ({
      temp_id,
      name: temp_id,
      slug: temp_id,
      http_method: 'GET',
      endpoint_url: 'https://x',
      tags: [],
      token_estimate,
    });
    expect(selectionTokens([c('a', 100), c('b', 250), c('c')], new Set(['b', 'c']))).toBe(250);
  });
});
