import { ERROR_KEY_ATTR } from '../lib/form-errors.ts';
import type { Row } from '../lib/tool-form.ts';

export interface Column {
  key: 'a' | 'b' | 'c';
  label: string;
  options?: string[];
}

/** An editable table of rows (mapping input → target/key, header name → value). */
export function RowsEditor({
  caption,
  columns,
  rows,
  onChange,
  errors,
  errorPrefix,
  addLabel,
  suggestions,
}: {
  caption: string;
  columns: Column[];
  rows: Row[];
  onChange(rows: Row[]): void;
  errors: Record<string, string>;
  errorPrefix: string;
  addLabel: string;
  suggestions?: string[];
}) {
  const listId = `${errorPrefix}-suggestions`;
  const update = (i: number, key: Column['key'], value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  // A row's error is reported on its first control, which the form's error summary links to.
  const marks = (i: number, ci: number) => {
    if (ci !== 0) return {};
    const key = `${errorPrefix}.${i}`;
    return errors[key]
      ? { [ERROR_KEY_ATTR]: key, 'aria-invalid': true, 'aria-describedby': `${listId}-${i}-error` }
      : { [ERROR_KEY_ATTR]: key };
  };
  return (
    <div className="rows-editor">
      {suggestions && (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      <table>
        <caption>{caption}</caption>
        {rows.length > 0 && (
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <tr key={i}>
              {columns.map((c, ci) => (
                <td key={c.key}>
                  {c.options ? (
                    <select
                      {...marks(i, ci)}
                      aria-label={`${c.label}, row ${i + 1}`}
                      value={r[c.key]}
                      onChange={(e) => update(i, c.key, e.target.value)}
                    >
                      {c.options.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  ) : (
                    <input
                      {...marks(i, ci)}
                      aria-label={`${c.label}, row ${i + 1}`}
                      value={r[c.key]}
                      list={ci === 0 && suggestions ? listId : undefined}
                      onChange={(e) => update(i, c.key, e.target.value)}
                    />
                  )}
                  {ci === 0 && errors[`${errorPrefix}.${i}`] && (
                    <small className="field-error" id={`${listId}-${i}-error`}>
                      {errors[`${errorPrefix}.${i}`]}
                    </small>
                  )}
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={`Remove row ${i + 1}`}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => onChange([...rows, { a: '', b: columns[1]?.options?.[0] ?? '', c: '' }])}
      >
        {addLabel}
      </button>
    </div>
  );
}
