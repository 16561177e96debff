import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createSchemaValidator } from '../executor/validate-args.ts';
import { parseCurl } from '../importers/curl.ts';
import { parseOpenApi } from '../importers/openapi.ts';
import { parsePostman } from '../importers/postman.ts';
import type { ParseResult } from '../importers/types.ts';
import { explainObjectSchemaProblem } from './json-schema-check.ts';

const CORPUS = fileURLToPath(new URL('../../test/fixtures/corpus/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(join(CORPUS, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(json|ya?ml|txt)$/.test(f))
    .map((f) => join(dir, f))
    .sort();
}

async function importFile(file: string): Promise<ParseResult | undefined> {
  const text = readFileSync(join(CORPUS, file), 'utf8');
  try {
    if (file.startsWith('openapi')) return await parseOpenApi(text);
    if (file.startsWith('postman')) return parsePostman(text);
    return parseCurl(text);
  } catch {
    return undefined; // files the importer rejects produce no schema
  }
}

test('every input_schema the importers produce from the corpus is accepted when saved and compiles when called', async () => {
  const validator = createSchemaValidator();
  let checked = 0;
  for (const file of [...filesUnder('openapi/valid'), ...filesUnder('postman/v2.1'), ...filesUnder('curl')]) {
    const result = await importFile(file);
    for (const candidate of result?.candidates ?? []) {
      const schema = candidate.input_schema;
      assert.equal(
        explainObjectSchemaProblem(schema),
        undefined,
        `${file} ${candidate.slug}: refused when saved`,
      );
      const call = validator.check(`${file}:${candidate.slug}`, schema, {});
      assert.ok(
        call.ok || !call.message.startsWith('Cannot validate'),
        `${file} ${candidate.slug}: ${call.ok ? '' : call.message}`,
      );
      checked++;
    }
  }
  // Stripe 417, OpenAI 288, Discourse 93 and the rest: the corpus is really read.
  assert.ok(checked > 1000, `only ${checked} schemas checked`);
});
