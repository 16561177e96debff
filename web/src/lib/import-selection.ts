/** The import wizard's candidate table: filtering and selection, kept pure for tests. */

export interface Selectable {
  temp_id: string;
  name: string;
  slug: string;
  http_method: string;
  endpoint_url: string;
  tags: string[];
  input_schema?: { required?: string[] };
  token_estimate?: number;
}

/** Estimated tokens the selected candidates would add to tools/list. */
export function selectionTokens(candidates: readonly Selectable[], selected: ReadonlySet<string>): number {
  let total = 0;
  for (const c of candidates) if (selected.has(c.temp_id)) total += c.token_estimate ?? 0;
  return total;
}

export interface CandidateFilter {
  search: string;
  tag: string;
}

/** Case-insensitive search over method, path, name and slug; `tag` must match exactly. */
export function filterCandidates<T extends Selectable>(candidates: T[], filter: CandidateFilter): T[] {
  const q = filter.search.trim().toLowerCase();
  return candidates.filter(
    (c) =>
      (!filter.tag || c.tags.includes(filter.tag)) &&
      (!q ||
        [c.name, c.slug, c.http_method, pathOf(c.endpoint_url)].some((s) => s.toLowerCase().includes(q))),
  );
}

export function tagsOf(candidates: Selectable[]): string[] {
  return [...new Set(candidates.flatMap((c) => c.tags))].sort((a, b) => a.localeCompare(b));
}

/** Path and query of an endpoint URL (placeholders kept), for the table. */
export function pathOf(url: string): string {
  const m = /^[a-z]+:\/\/[^/]*(\/.*)?$/i.exec(url);
  return m ? (m[1] ?? '/') : url;
}

export function requiredInputs(c: Selectable): string[] {
  return c.input_schema?.required ?? [];
}

/** Selects (or clears) every visible candidate, leaving hidden ones as they were. */
export function setVisible(selected: ReadonlySet<string>, visible: Selectable[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const c of visible) {
    if (on) next.add(c.temp_id);
    else next.delete(c.temp_id);
  }
  return next;
}

export function selectByTag(
  selected: ReadonlySet<string>,
  candidates: Selectable[],
  tag: string,
): Set<string> {
  return setVisible(
    selected,
    candidates.filter((c) => c.tags.includes(tag)),
    true,
  );
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** "all", "none" or "some" of the visible rows: drives the header checkbox (and its mixed state). */
export function visibleState(selected: ReadonlySet<string>, visible: Selectable[]): 'all' | 'none' | 'some' {
  const n = visible.filter((c) => selected.has(c.temp_id)).length;
  return n === 0 ? 'none' : n === visible.length ? 'all' : 'some';
}

/** Selected ids in document order (what `selected_temp_ids` sends). */
export function selectedIds(candidates: Selectable[], selected: ReadonlySet<string>): string[] {
  return candidates.filter((c) => selected.has(c.temp_id)).map((c) => c.temp_id);
}

/** The budget a server uses when its settings name none: auto exposure switches at the same figure. */
export const DEFAULT_TOKEN_BUDGET = 20_000;

/** The server's `settings.token_budget` when it is a positive whole number, else the default. */
export function tokenBudgetOf(settings: Record<string, unknown> | null | undefined): number {
  const budget = settings?.token_budget;
  return typeof budget === 'number' && Number.isSafeInteger(budget) && budget > 0
    ? budget
    : DEFAULT_TOKEN_BUDGET;
}

/**
 * What a freshly read document starts with: every candidate when all of them fit the budget
 * (tokens they would add to tools/list), none when they do not — the operator picks, or imports
 * everything behind discovery mode.
 */
export function preselect(
  candidates: readonly Selectable[],
  budget: number,
): { selected: Set<string>; overBudget: boolean } {
  const all = new Set(candidates.map((c) => c.temp_id));
  const overBudget = selectionTokens(candidates, all) > budget;
  return { selected: overBudget ? new Set() : all, overBudget };
}

export const CANDIDATES_PER_PAGE = 50;

/** One page of rows (1-based), and how many pages there are (at least one). */
export function pageOf<T>(rows: readonly T[], page: number, perPage = CANDIDATES_PER_PAGE) {
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const at = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((at - 1) * perPage, at * perPage), page: at, pages };
}
