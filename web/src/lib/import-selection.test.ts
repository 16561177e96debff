import { describe, expect, test } from 'vitest';
import {
  filterCandidates,
  pageOf,
  pathOf,
  preselect,
  selectByTag,
  selectedIds,
  selectionTokens,
  setVisible,
  tagsOf,
  toggleOne,
  tokenBudgetOf,
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

describe('large documents', () => {
  const many = Array.from({ length: 417 }, (_, i) => ({
    ...c(`op_${i}`, `Op ${i}`, 'GET', `https://api.test/v1/things/${i}`, []),
    token_estimate: 640,
  }));

  test('a document whose tools/list would pass the budget starts with nothing selected', () => {
    const { selected, overBudget } = preselect(many, 20_000);
    expect(overBudget).toBe(true);
    expect(selected.size).toBe(0);
  });

  test('a document within the budget starts with every candidate selected', () => {
    const { selected, overBudget } = preselect(many.slice(0, 31), 20_000);
    expect(overBudget).toBe(false);
    expect(selected.size).toBe(31);
  });

  test("the budget is the server's token_budget when it is a positive whole number, else 20,000", () => {
    expect(tokenBudgetOf({ token_budget: 5000 })).toBe(5000);
    expect(tokenBudgetOf({ token_budget: -1 })).toBe(20_000);
    expect(tokenBudgetOf({ token_budget: '5000' })).toBe(20_000);
    expect(tokenBudgetOf(null)).toBe(20_000);
  });

  test('rows come 50 to a page; a page past the end shows the last one', () => {
    expect(
      pageOf(many, 1)
        .rows.map((r) => r.temp_id)
        .slice(0, 2),
    ).toEqual(['op_0', 'op_1']);
    expect(pageOf(many, 1).pages).toBe(9);
    const last = pageOf(many, 12);
    expect([last.page, last.rows.length, last.rows[0]?.temp_id]).toEqual([9, 17, 'op_400']);
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});
