import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The shared acceptance corpus (read-only). */
export const CORPUS = process.env.TOOLGATE_CORPUS ?? '/work/shared/corpus';

export function corpusFile(...parts: string[]): string {
  return readFileSync(join(CORPUS, ...parts), 'utf8');
}

export function corpusFiles(...parts: string[]): string[] {
  return readdirSync(join(CORPUS, ...parts)).sort();
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;
const draft07 = new Ajv({ strict: false, logger: false });
const draft2020 = new Ajv2020({ strict: false, logger: false });
addFormats(draft07);
addFormats(draft2020);

/** Compiles an input_schema with the draft it declares (2020-12 for OpenAPI 3.1, else draft-07); throws when invalid. */
export function compileSchema(schema: Record<string, unknown>): void {
  const ajv = typeof schema.$schema === 'string' && schema.$schema.includes('2020-12') ? draft2020 : draft07;
  ajv.compile(schema);
  ajv.removeSchema();
}
