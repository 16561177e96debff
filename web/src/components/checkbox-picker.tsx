import { type ReactNode, useState } from 'react';
import { ERROR_KEY_ATTR } from '../lib/form-errors.ts';

export interface PickerEntry {
  id: string;
  name: string;
  detail?: string;
}

/** The loaded entries, then every chosen id the list did not hold (beyond the first page, or deleted). */
export function withChosen(loaded: PickerEntry[], chosen: string[]): PickerEntry[] {
  const known = new Set(loaded.map((e) => e.id));
  return [...loaded, ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: id }))];
}

/** Past this many entries the list gets a filter box. */
const FILTER_FROM = 20;

/**
 * A multi-select as a box per entry under a heading that counts the chosen; the error the API
 * names for the list (an unknown id) below it. A long list gets a filter box (chosen entries stay
 * listed while filtered).
 */
export function CheckboxPicker({
  title,
  errorKey,
  error,
  entries,
  chosen,
  onChange,
  empty = 'None yet.',
  note,
}: {
  title: string;
  errorKey: string;
  error?: string;
  entries: PickerEntry[];
  chosen: string[];
  onChange(ids: string[]): void;
  /** What an empty list says. */
  empty?: ReactNode;
  /** A line under the list (e.g. that only the first 100 are listed). */
  note?: ReactNode;
}) {
  const [filter, setFilter] = useState('');
  const picked = new Set(chosen);
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));
  const words = filter.trim().toLowerCase();
  const shown = words
    ? entries.filter((e) => picked.has(e.id) || `${e.name} ${e.detail ?? ''}`.toLowerCase().includes(words))
    : entries;
  return (
    <>
      <h3 className="subhead">
        {title} <span className="muted small">({chosen.length} chosen)</span>
      </h3>
      {entries.length > FILTER_FROM && (
        <input
          type="search"
          className="picker-filter"
          aria-label={`Filter ${title.toLowerCase()}`}
          placeholder="Filter by name"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {entries.length === 0 ? (
        <p className="muted small">{empty}</p>
      ) : (
        <fieldset
          className="member-list"
          aria-label={title}
          tabIndex={-1}
          aria-invalid={error ? true : undefined}
          {...{ [ERROR_KEY_ATTR]: errorKey }}
        >
          {shown.map((e) => (
            <label key={e.id} className="check">
              <input
                type="checkbox"
                checked={picked.has(e.id)}
                onChange={(ev) => toggle(e.id, ev.target.checked)}
              />
              <span>
                {e.name}
                {e.detail && <span className="muted small"> {e.detail}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {note && <p className="muted small">{note}</p>}
      {error && <small className="field-error">{error}</small>}
    </>
  );
}
