import { useEffect, useMemo, useRef, useState } from 'react';
import type { Candidate } from '../api/types.ts';
import {
  filterCandidates,
  pathOf,
  requiredInputs,
  selectByTag,
  selectionTokens,
  setVisible,
  tagsOf,
  toggleOne,
  visibleState,
} from '../lib/import-selection.ts';

/** Phase 1 candidates: search, tag filter, select all visible / by tag / one by one. */
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
  const visible = useMemo(() => filterCandidates(candidates, { search, tag }), [candidates, search, tag]);
  const tags = useMemo(() => tagsOf(candidates), [candidates]);
  const state = visibleState(selected, visible);
  const headBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headBox.current) headBox.current.indeterminate = state === 'some';
  }, [state]);

  return (
    <div>
      <div className="filters">
        <label className="field">
          <span className="field-label">Search candidates</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        {tags.length > 0 && (
          <label className="field">
            <span className="field-label">Tag</span>
            <select value={tag} onChange={(e) => setTag(e.target.value)}>
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
            Select shown
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onSelected(setVisible(selected, visible, false))}
          >
            Clear shown
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
        {selected.size} of {candidates.length} selected · {visible.length} shown · tools/list ≈{' '}
        {selectionTokens(candidates, selected).toLocaleString('en-US')} tokens
      </p>
      <div className="table-wrap tall">
        <table>
          <thead>
            <tr>
              <th scope="col">
                <input
                  ref={headBox}
                  type="checkbox"
                  aria-label="Select all shown candidates"
                  checked={state === 'all' && visible.length > 0}
                  onChange={(e) => onSelected(setVisible(selected, visible, e.target.checked))}
                />
              </th>
              <th scope="col">Method</th>
              <th scope="col">Path</th>
              <th scope="col">Name</th>
              <th scope="col">Slug</th>
              <th scope="col">Tags</th>
              <th scope="col">Required inputs</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((c) => (
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
                <td>
                  <code className="url">{pathOf(c.endpoint_url)}</code>
                </td>
                <td>{c.name}</td>
                <td>
                  <code>{c.slug}</code>
                </td>
                <td>
                  {c.tags.map((t) => (
                    <span key={t} className="tag">
                      {t}
                    </span>
                  ))}
                </td>
                <td className="small">{requiredInputs(c).join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
