/**
 * The Test panel's argument form, generated from a tool's `input_schema`: one input per
 * property (type, enum, required, default, examples), and the `arguments` object it sends.
 */
import type { InputSchema, JsonSchemaProperty } from '../api/types.ts';

export type ArgKind = 'string' | 'integer' | 'number' | 'boolean' | 'enum' | 'json';

export interface ArgField {
  name: string;
  kind: ArgKind;
  required: boolean;
  description?: string;
  options?: string[];
  placeholder?: string;
  format?: string;
}

function kindOf(p: JsonSchemaProperty): ArgKind {
  if (Array.isArray(p.enum) && p.enum.length > 0) return 'enum';
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'string') return type;
  if (type === 'array' || type === 'object') return 'json';
  return 'string';
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export function argFields(schema: InputSchema | null | undefined): ArgField[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, p]) => ({
    name,
    kind: kindOf(p),
    required: required.has(name),
    description: p.description,
    format: p.format,
    options: Array.isArray(p.enum) ? p.enum.map(show) : undefined,
    placeholder: p.examples?.length ? `e.g. ${show(p.examples[0])}` : undefined,
  }));
}

/** Start values: the default, else the first example (a cURL import's own value), else empty. */
export function initialArgs(schema: InputSchema | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(schema?.properties ?? {})) {
    const v = p.default !== undefined ? p.default : p.examples?.[0];
    out[name] = v === undefined ? '' : show(v);
  }
  return out;
}

export interface BuiltArgs {
  args: Record<string, unknown>;
  errors: Record<string, string>;
}

/** Typed `arguments` from the form's text values; empty optional fields are left out. */
export function buildArgs(fields: ArgField[], values: Record<string, string>): BuiltArgs {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const raw = values[f.name] ?? '';
    if (raw.trim() === '' && f.kind !== 'boolean') {
      if (f.required) errors[f.name] = 'required';
      continue;
    }
    switch (f.kind) {
      case 'integer':
        if (!/^-?\d+$/.test(raw.trim())) errors[f.name] = 'must be a whole number';
        else args[f.name] = Number(raw);
        break;
      case 'number':
        if (raw.trim() === '' || Number.isNaN(Number(raw))) errors[f.name] = 'must be a number';
        else args[f.name] = Number(raw);
        break;
      case 'boolean':
        if (raw === '') {
          if (f.required) errors[f.name] = 'required';
        } else args[f.name] = raw === 'true';
        break;
      case 'json':
        try {
          args[f.name] = JSON.parse(raw);
        } catch {
          errors[f.name] = 'must be JSON (an array or object)';
        }
        break;
      default:
        args[f.name] = raw;
    }
  }
  return { args, errors };
}
