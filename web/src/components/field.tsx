import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { ERROR_KEY_ATTR } from '../lib/form-errors.ts';

/**
 * A labelled control: the label names it, the hint and the error describe it
 * (`aria-describedby`), and an error marks it `aria-invalid`. `name` is the error key the form
 * reports for it, so the form's error summary can link to it.
 */
export function Field({
  label,
  name,
  hint,
  error,
  children,
  wide,
  after,
}: {
  label: string;
  name?: string;
  hint?: ReactNode;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
  wide?: boolean;
  /** Buttons that act on the control (Generate, Copy), beside it. */
  after?: ReactNode;
}) {
  const id = useId();
  const described =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-describedby': described,
    'aria-invalid': error ? true : undefined,
    ...(name ? { [ERROR_KEY_ATTR]: name } : {}),
  });
  return (
    <div className={`field${wide ? ' field-wide' : ''}${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {after ? (
        <div className="field-row">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
      {hint && (
        <small className="field-hint" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      {error && (
        <small className="field-error" id={`${id}-error`}>
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
