import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { describeDrift, readReference, renderWebTypes, WEB_TYPES_PATH } from '../scripts/gen-web-types.ts';

type Schema = { properties?: Record<string, unknown>; required?: string[] };
type Operation = { responses: Record<string, { content: Record<string, { schema: Schema }> }> };

describe("the admin UI's API types", () => {
  test('are the ones the API reference gives today (else: run npm run gen:web-types)', async () => {
    const drift = describeDrift(readFileSync(WEB_TYPES_PATH, 'utf8'), await renderWebTypes());
    assert.equal(drift, null, drift ?? '');
  });

  test('drift as soon as a route schema changes, naming the line and the command', async () => {
    const doc = await readReference();
    const checkedIn = readFileSync(WEB_TYPES_PATH, 'utf8');
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const record = paths['/servers/{id}']!.get!.responses['200']!.content['application/json']!.schema;
    record.properties = { ...record.properties, owner_email: { type: 'string' } };
    record.required = [...(record.required ?? []), 'owner_email'];
    const drift = describeDrift(checkedIn, await renderWebTypes(doc));
    assert.match(
      drift ?? '',
      /^web\/src\/api\/openapi\.gen\.ts is not what the API reference gives \(line \d+: /,
    );
    assert.match(drift ?? '', /owner_email: string;/);
    assert.match(drift ?? '', /run npm run gen:web-types$/);
  });

  test('type a record with the fields every answer has as required', async () => {
    const text = readFileSync(WEB_TYPES_PATH, 'utf8');
    const serverGet = text.slice(text.indexOf('"/servers/{id}": {'));
    assert.match(serverGet, /\n\s+slug: string;/);
    assert.match(serverGet, /\n\s+auth_credentials_origins: string\[\] \| null;/);
    assert.doesNotMatch(serverGet.slice(0, serverGet.indexOf('401:')), /\bslug\?: string;/);
  });
});
