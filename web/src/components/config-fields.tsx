import { useState } from 'react';
import { generateToken } from '../lib/secret-token.ts';
import type { FieldSpec } from '../lib/server-form.ts';
import { CopyButton } from './copy-button.tsx';
import { Field } from './field.tsx';

/** A secret field's hint: how it is kept, its minimum length, and after Generate, to copy it now. */
function secretFieldHint(f: FieldSpec, secretHint: string | undefined, shown: boolean): string | undefined {
  const parts = [secretHint, f.minLength ? `at least ${f.minLength} characters` : undefined];
  if (shown) parts.push('copy it now: it cannot be shown again once saved');
  return parts.filter(Boolean).join('; ') || undefined;
}

/** One input per field of an auth form; secret fields are write-only (blank keeps the stored value). */
export function ConfigFields({
  fields,
  values,
  onChange,
  errors,
  prefix,
  secretHint,
  disabled,
  markRequired = true,
}: {
  fields: FieldSpec[];
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
  errors: Record<string, string>;
  prefix: string;
  secretHint?: string;
  disabled?: boolean;
  /** Credentials are optional as a whole: their fields are required only once one is filled. */
  markRequired?: boolean;
}) {
  // Secrets the user generated here are shown (and copyable); typed ones stay masked.
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const generate = (name: string) => {
    onChange({ ...values, [name]: generateToken() });
    setShown((s) => new Set(s).add(name));
  };
  return (
    <>
      {fields.map((f) => (
        <Field
          key={f.name}
          name={`${prefix}.${f.name}`}
          label={f.label + (f.required && markRequired ? ' *' : '')}
          hint={f.secret ? secretFieldHint(f, secretHint, shown.has(f.name)) : f.hint}
          error={errors[`${prefix}.${f.name}`]}
          after={
            f.generate && !disabled ? (
              <>
                <button type="button" className="btn btn-small" onClick={() => generate(f.name)}>
                  Generate
                </button>
                {shown.has(f.name) && values[f.name] && <CopyButton text={values[f.name] ?? ''} />}
              </>
            ) : undefined
          }
        >
          {f.options ? (
            <select
              value={values[f.name] ?? f.options[0]}
              disabled={disabled}
              onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
            >
              {f.options.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          ) : (
            <input
              type={f.secret && !shown.has(f.name) ? 'password' : 'text'}
              autoComplete={f.secret ? 'new-password' : 'off'}
              value={values[f.name] ?? ''}
              disabled={disabled}
              minLength={f.minLength}
              onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
            />
          )}
        </Field>
      ))}
    </>
  );
}
