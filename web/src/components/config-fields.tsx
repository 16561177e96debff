import type { FieldSpec } from '../lib/server-form.ts';
import { Field } from './field.tsx';

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
  return (
    <>
      {fields.map((f) => (
        <Field
          key={f.name}
          label={f.label + (f.required && markRequired ? ' *' : '')}
          hint={f.secret ? secretHint : f.hint}
          error={errors[`${prefix}.${f.name}`]}
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
              type={f.secret ? 'password' : 'text'}
              autoComplete={f.secret ? 'new-password' : 'off'}
              value={values[f.name] ?? ''}
              disabled={disabled}
              onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
            />
          )}
        </Field>
      ))}
    </>
  );
}
