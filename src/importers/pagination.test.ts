import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusFile } from '../../test/kit/corpus.ts';
import { parseOpenApi } from './openapi.ts';
import { detectPagination } from './pagination.ts';

const q = (key: string) => ({ target: 'query' as const, key });

test('detectPagination names the argument that pages and the page-size argument', () => {
  assert.deepEqual(
    detectPagination({
      limit: q('limit'),
      starting_after: q('starting_after'),
      ending_before: q('ending_before'),
    }),
    {
      param: 'starting_after',
      kind: 'after_id',
      limit_param: 'limit',
    },
  );
  assert.deepEqual(detectPagination({ page: q('page'), per_page: q('per_page') }), {
    param: 'page',
    kind: 'page',
    limit_param: 'per_page',
  });
  assert.deepEqual(detectPagination({ offset: q('offset'), limit: q('limit') }), {
    param: 'offset',
    kind: 'offset',
    limit_param: 'limit',
  });
  assert.deepEqual(detectPagination({ pageToken: q('pageToken'), maxResults: q('maxResults') }), {
    param: 'pageToken',
    kind: 'cursor',
    limit_param: 'maxResults',
  });
  assert.deepEqual(detectPagination({ cursor: q('cursor') }), { param: 'cursor', kind: 'cursor' });
  assert.deepEqual(detectPagination({ next: q('next') }), { param: 'next', kind: 'cursor' });
  // The argument name, not the wire name, is what the model passes.
  assert.deepEqual(detectPagination({ page_token: q('page-token') }), {
    param: 'page_token',
    kind: 'cursor',
  });
  // Body fields page only under unambiguous names; `count` is a page size only beside a pager.
  assert.deepEqual(
    detectPagination({
      start_cursor: { target: 'body', key: 'start_cursor' },
      page_size: { target: 'body', key: 'page_size' },
    }),
    {
      param: 'start_cursor',
      kind: 'cursor',
      limit_param: 'page_size',
    },
  );
  assert.equal(detectPagination({ next: { target: 'body', key: 'next' }, count: q('count') }), undefined);
  assert.equal(detectPagination({ id: { target: 'path', key: 'id' }, q: q('q') }), undefined);
});

test("Stripe's list operations get their paging hint at import; others none", async () => {
  const { candidates } = await parseOpenApi(corpusFile('openapi/valid/stripe-spec3.json'));
  const bySlug = new Map(candidates.map((c) => [c.slug, c]));
  assert.deepEqual(bySlug.get('GetCustomers')?.response_mapping, {
    pagination: { param: 'starting_after', kind: 'after_id', limit_param: 'limit' },
  });
  assert.equal(bySlug.get('PostCustomers')?.response_mapping, undefined);
  const paged = candidates.filter((c) => c.response_mapping?.pagination?.kind === 'after_id').length;
  assert.ok(paged > 50, `${paged} Stripe list operations page by starting_after`);
});
