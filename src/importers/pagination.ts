import type { PaginationHint, ParameterMappingEntry, ResponseMapping } from '../store/tools.repo.ts';

/*
 * How an imported operation pages (issue 16), from the names of its query (and form/body) parameters:
 * the note after a cut list (executor/fit-output.ts) then names the real argument. Stored as
 * `response_mapping.pagination` (no column: it only matters where the response is mapped).
 */

/** Wire names (lower-cased, `-` as `_`) by kind, in order of preference. */
const PAGERS: Array<[PaginationHint['kind'] & string, string[]]> = [
  ['after_id', ['starting_after', 'after_id', 'since_id']],
  [
    'cursor',
    [
      'cursor',
      'page_token',
      'pagetoken',
      'next_token',
      'nexttoken',
      'next',
      'after',
      'continuation_token',
      'next_page_token',
      'start_cursor',
      'marker',
    ],
  ],
  ['offset', ['offset', 'skip']],
  ['page', ['page', 'page_number', 'pagenumber']],
];
const LIMITS = [
  'limit',
  'per_page',
  'perpage',
  'page_size',
  'pagesize',
  'max_results',
  'maxresults',
  'count',
  'size',
  'top',
  'first',
];

const norm = (name: string) => name.toLowerCase().replaceAll('-', '_').replace(/^\$/, '');

/**
 * Body fields that page an operation only under these unambiguous names (Notion's `start_cursor`,
 * POST searches): a body `next`, `after` or `count` is more often data.
 */
const BODY_PAGERS = new Set([
  'starting_after',
  'cursor',
  'page_token',
  'pagetoken',
  'next_token',
  'nexttoken',
  'next_page_token',
  'start_cursor',
  'offset',
  'limit',
  'page_size',
  'pagesize',
]);

/**
 * The paging arguments of an operation, by its parameter mapping (argument → where it goes):
 * query parameters first, then the body fields of BODY_PAGERS (searches that page by POST).
 */
export function detectPagination(mapping: Record<string, ParameterMappingEntry>): PaginationHint | undefined {
  const entries = Object.entries(mapping).filter(
    ([, m]) =>
      m.target === 'query' || ((m.target === 'form' || m.target === 'body') && BODY_PAGERS.has(norm(m.key))),
  );
  entries.sort(([, a], [, b]) => Number(b.target === 'query') - Number(a.target === 'query'));
  const byWire = new Map<string, string>();
  for (const [arg, m] of entries) if (!byWire.has(norm(m.key))) byWire.set(norm(m.key), arg);
  const hint: PaginationHint = {};
  for (const [kind, names] of PAGERS) {
    const found = names.find((n) => byWire.has(n));
    if (found) {
      hint.param = byWire.get(found)!;
      hint.kind = kind;
      break;
    }
  }
  const limit = LIMITS.find((n) => byWire.has(n));
  // `count`, `size`, `top` and `first` mean a page size only beside a paging argument.
  if (
    limit &&
    (hint.param ||
      ['limit', 'per_page', 'perpage', 'page_size', 'pagesize', 'max_results', 'maxresults'].includes(limit))
  )
    hint.limit_param = byWire.get(limit)!;
  return hint.param || hint.limit_param ? hint : undefined;
}

/** A candidate's `response_mapping` carrying the paging hint, when the operation pages. */
export function pagingOf(mapping: Record<string, ParameterMappingEntry>): {
  response_mapping?: ResponseMapping;
} {
  const pagination = detectPagination(mapping);
  return pagination ? { response_mapping: { pagination } } : {};
}
