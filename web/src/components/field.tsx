import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';

/**
 * A labelled control: the label names it, the hint and the error describe it
 * (`aria-describedby`), and an error marks it `aria-invalid`.
 */
export function Field({
  label,
  hint,
  error,
  children,
  wide,
  after,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
  wide?: boolean;
  /** Buttons that act on the control (Generate, Copy), beside it. */
  after?: ReactNode;
}) {
  const id = useId();
  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${wide ? ' field-wide' : ''}${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {after ? (
        <div className="field-row">
          {cloneElement(children, {
            id,
            'aria-describedby': described,
            'aria-invalid': error ? true : undefined,
          })}
          {after}
        </div>
      ) : (
        cloneElement(children, {
          id,
          'aria-describedby': described,
          'aria-invalid': error ? true : undefined,
        })
      )}
      {hint && (
        <small className="field-hint" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      {error && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange(value: boolean): void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <small className="field-hint" id={`${id}-hint`}>
            {hint}
          </small>
        )}
      </span>
    </div>
  );
}
