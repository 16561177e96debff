import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The importer corpus committed with the tests (public documents; see its SOURCES.md). */
export const CORPUS = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url));

export function corpusFile(...parts: string[]): string {
  return readFileSync(join(CORPUS, ...parts), 'utf8');
}

export function corpusFiles(...parts: string[]): string[] {
  return readdirSync(join(CORPUS, ...parts)).sort();
}

/**
 * A valid OpenAPI 3.0 JSON document of about 13 MB (one operation, a long description): above the
 * 10 MB import limit and the 12 MB request-body limit, for the size-limit cases.
 */
export function oversizedOpenApi(): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Oversized', version: '1', description: 'x'.repeat(13 * 1024 * 1024) },
    paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'ok' } } } } },
  });
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
