import { useEffect, useMemo, useRef, useState } from 'react';
import type { Candidate } from '../api/types.ts';
import { Pager } from '../components/pager.tsx';
import {
  filterCandidates,
  pageOf,
  pathOf,
  requiredInputs,
  selectByTag,
  selectionTokens,
  setVisible,
  tagsOf,
  toggleOne,
  visibleState,
} from '../lib/import-selection.ts';

/**
 * Phase 1 candidates: search, tag filter, select all matching (every page) / by tag / a page / one
 * by one. Fifty rows to a page keep a 400-operation document readable.
 */
export function CandidateTable({
  candidates,
  selected,
  onSelected,
}: {
  candidates: Candidate[];
  selected: Set<string>;
  onSelected(next: Set<string>): void;
}) {
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(1);
  const visible = useMemo(() => filterCandidates(candidates, { search, tag }), [candidates, search, tag]);
  const tags = useMemo(() => tagsOf(candidates), [candidates]);
  const shown = pageOf(visible, page);
  const state = visibleState(selected, shown.rows);
  const headBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headBox.current) headBox.current.indeterminate = state === 'some';
  }, [state]);

  return (
    <div>
      <div className="filters">
        <label className="field">
          <span className="field-label">Search candidates</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        {tags.length > 0 && (
          <label className="field">
            <span className="field-label">Tag</span>
            <select
              value={tag}
              onChange={(e) => {
                setTag(e.target.value);
                setPage(1);
              }}
            >
              <option value="">all tags</option>
              {tags.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
        )}
        <div className="actions">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onSelected(setVisible(selected, visible, true))}
          >
            Select all {visible.length} matching
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onSelected(setVisible(selected, visible, false))}
          >
            Clear all matching
          </button>
          {tag && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => onSelected(selectByTag(selected, candidates, tag))}
            >
              Select tag “{tag}”
            </button>
          )}
        </div>
      </div>
      <p className="muted small" aria-live="polite">
        {selected.size} of {candidates.length} selected · {visible.length} matching · tools/list ≈{' '}
        {selectionTokens(candidates, selected).toLocaleString('en-US')} tokens
      </p>
      <div className="table-wrap tall">
        <table className="candidates">
          <thead>
            <tr>
              <th scope="col">
                <input
                  ref={headBox}
                  type="checkbox"
                  aria-label="Select the candidates on this page"
                  checked={state === 'all' && shown.rows.length > 0}
                  onChange={(e) => onSelected(setVisible(selected, shown.rows, e.target.checked))}
                />
              </th>
              <th scope="col">Method</th>
              <th scope="col" className="col-path">
                Path
              </th>
              <th scope="col" className="col-name">
                Name
              </th>
              <th scope="col" className="col-slug">
                Slug
              </th>
              <th scope="col">Tags</th>
              <th scope="col" className="col-inputs">
                Required inputs
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((c) => (
              <tr key={c.temp_id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Import ${c.name}`}
                    checked={selected.has(c.temp_id)}
                    onChange={() => onSelected(toggleOne(selected, c.temp_id))}
                  />
                </td>
                <td>
                  <span className="method">{c.http_method}</span>
                </td>
                <td className="col-path" title={pathOf(c.endpoint_url)}>
                  <code>{pathOf(c.endpoint_url)}</code>
                </td>
                <td className="col-name">{c.name}</td>
                <td className="col-slug" title={c.slug}>
                  <code>{c.slug}</code>
                </td>
                <td>
                  {c.tags.map((t) => (
                    <span key={t} className="tag">
                      {t}
                    </span>
                  ))}
                </td>
                <td className="col-inputs small">{requiredInputs(c).join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.pages > 1 && (
        <Pager page={shown.page} totalPages={shown.pages} total={visible.length} onPage={setPage} />
      )}
    </div>
  );
}
