import { type ReactNode, useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: ReactNode;
}

/** A labelled group of radio buttons, one per line with its hint: a choice that needs a sentence each. */
export function Choices<T extends string>({
  label,
  value,
  choices,
  onChange,
  disabled,
}: {
  label: string;
  value: T;
  choices: Array<Choice<T>>;
  onChange(value: T): void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <div className="choices" role="radiogroup" aria-label={label}>
      {choices.map((c) => {
        const id = `${name}-${c.value}`;
        return (
          <div key={c.value} className="check">
            <input
              id={id}
              type="radio"
              name={name}
              checked={value === c.value}
              disabled={disabled}
              aria-describedby={c.hint ? `${id}-hint` : undefined}
              onChange={() => onChange(c.value)}
            />
            <span>
              <label htmlFor={id}>{c.label}</label>
              {c.hint && (
                <small className="field-hint" id={`${id}-hint`}>
                  {c.hint}
                </small>
              )}
            </span>
          </div>
        );
      })}
    </div>
  );
}
