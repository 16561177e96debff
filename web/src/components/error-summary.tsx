import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { ERROR_KEY_ATTR, revealField } from '../lib/form-errors.ts';

interface Item {
  key: string;
  label: string;
  message: string;
  /** The control to focus; absent when the form shows no field for this key. */
  target?: HTMLElement;
}

/** "Name" from "Name *": the label as the summary names it. */
const labelOf = (el: HTMLElement): string =>
  ((el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '')
    .replace(/\s*\*\s*$/, '')
    .trim();

/**
 * The summary at the top of a form after a submit with errors: "N fields need attention", then
 * each error as a link, in the order the fields appear, that opens, scrolls to and focuses its
 * field. Errors the API names for a field the form does not show are listed as text; when the
 * API refused the save, its message and code close the summary.
 */
export function ErrorSummary({ errors, apiError }: { errors: Record<string, string>; apiError?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const signature = JSON.stringify(errors);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the errors' content is the input
  useLayoutEffect(() => {
    const form = ref.current?.closest('form') ?? ref.current?.parentElement;
    const placed = new Map<string, HTMLElement>();
    for (const el of form?.querySelectorAll<HTMLElement>(`[${ERROR_KEY_ATTR}]`) ?? []) {
      const key = el.getAttribute(ERROR_KEY_ATTR) ?? '';
      if (key in errors && !placed.has(key)) placed.set(key, el);
    }
    const next: Item[] = [...placed].map(([key, target]) => ({
      key,
      label: labelOf(target) || key,
      message: errors[key] ?? '',
      target,
    }));
    for (const [key, message] of Object.entries(errors))
      if (!placed.has(key)) next.push({ key, label: key, message });
    setItems(next);
  }, [signature]);

  if (Object.keys(errors).length === 0) return null;
  const count = Object.keys(errors).length;
  const go = (item: Item) => (e: MouseEvent) => {
    e.preventDefault();
    if (item.target) revealField(item.target);
  };
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref}>
      <h2 className="error-summary-title">
        {count === 1 ? '1 field needs attention' : `${count} fields need attention`}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            {item.target ? (
              <a href={`#${item.target.id}`} onClick={go(item)}>
                {item.label}: {item.message}
              </a>
            ) : (
              <span>
                <code>{item.label}</code>: {item.message}
              </span>
            )}
          </li>
        ))}
      </ul>
      {apiError instanceof ApiError && (
        <p className="error-summary-api small">
          {apiError.message}{' '}
          <span className="muted">
            ({apiError.status} {apiError.code})
          </span>
        </p>
      )}
    </div>
  );
}
