import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileSchema, corpusFile, corpusFiles } from '../../test/kit/corpus.ts';
import { ApiError } from '../errors.ts';
import { parseOpenApi } from './openapi.ts';

const EXPECTED_COUNTS: Record<string, number> = {
  'apisguru-1password.local-connect.json': 15,
  'apisguru-nordigen.com.json': 29,
  'apisguru-xkcd.com-1.0.0.yaml': 2,
  'discourse-openapi.yml': 93,
  'oai-v3.0-api-with-examples.yaml': 2,
  'oai-v3.0-callback-example.yaml': 1,
  'oai-v3.0-link-example.yaml': 6,
  'oai-v3.0-petstore-expanded.yaml': 4,
  'oai-v3.0-petstore.yaml': 3,
  'oai-v3.0-uspto.json': 3,
  'oai-v3.1-non-oauth-scopes.json': 1,
  'oai-v3.1-webhook-example.yaml': 0,
  'openai-openapi.yaml': 288,
  'stripe-spec3.json': 417,
  'twilio_accounts_v1.json': 20,
};

async function rejection(text: string): Promise<ApiError> {
  try {
    await parseOpenApi(text);
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    return err;
  }
  assert.fail('expected the document to be rejected');
}

describe('OpenAPI importer on the corpus', () => {
  for (const file of corpusFiles('openapi', 'valid').filter((f) => !f.startsWith('github'))) {
    test(`imports ${file} with one candidate per operation and Ajv-valid schemas`, async () => {
      const result = await parseOpenApi(corpusFile('openapi', 'valid', file));
      assert.equal(result.candidates.length, EXPECTED_COUNTS[file], file);
      const slugs = new Set<string>();
      for (const [i, c] of result.candidates.entries()) {
        assert.equal(c.temp_id, `op_${i}`);
        assert.match(c.slug, /^[A-Za-z0-9_.-]{1,128}$/);
        assert.ok(!slugs.has(c.slug), `duplicate slug ${c.slug}`);
        slugs.add(c.slug);
        assert.equal(c.input_schema.type, 'object');
        compileSchema(c.input_schema);
        for (const [name, entry] of Object.entries(c.parameter_mapping)) {
          assert.ok(
            name in (c.input_schema.properties as object),
            `${c.slug}: mapping ${name} has no property`,
          );
          assert.ok(['path', 'query', 'header', 'cookie', 'body'].includes(entry.target));
          if (entry.target === 'path') assert.ok(c.endpoint_url.includes(`{{${entry.key}}}`), c.endpoint_url);
        }
        // Serialisable: nothing circular survives into a candidate.
        JSON.stringify(c);
      }
    });
  }

  test('maps the 3.0 petstore exactly: names, methods, URLs, schemas, mappings, tags', async () => {
    const { candidates, info } = await parseOpenApi(corpusFile('openapi', 'valid', 'oai-v3.0-petstore.yaml'));
    assert.deepEqual(info, { title: 'Swagger Petstore', version: '1.0.0' });
    const [list, create, show] = candidates;
    assert.deepEqual(
      candidates.map((c) => [c.name, c.slug, c.http_method, c.endpoint_url]),
      [
        ['List all pets', 'listPets', 'GET', 'http://petstore.swagger.io/v1/pets'],
        ['Create a pet', 'createPets', 'POST', 'http://petstore.swagger.io/v1/pets'],
        ['Info for a specific pet', 'showPetById', 'GET', 'http://petstore.swagger.io/v1/pets/{{petId}}'],
      ],
    );
    assert.deepEqual(list!.parameter_mapping, { limit: { target: 'query', key: 'limit' } });
    assert.deepEqual(list!.input_schema.properties, {
      limit: {
        type: 'integer',
        format: 'int32',
        maximum: 100,
        description: 'How many items to return at one time (max 100)',
      },
    });
    assert.deepEqual(create!.input_schema.required, ['id', 'name']);
    assert.deepEqual(create!.headers, { 'Content-Type': 'application/json' });
    assert.deepEqual(create!.parameter_mapping.name, { target: 'body', key: 'name' });
    assert.deepEqual(show!.input_schema.required, ['petId']);
    assert.deepEqual(show!.tags, ['pets']);
  });

  test('fills server variables with defaults and maps form bodies (uspto)', async () => {
    const { candidates } = await parseOpenApi(corpusFile('openapi', 'valid', 'oai-v3.0-uspto.json'));
    const search = candidates.find((c) => c.slug === 'perform-search')!;
    assert.equal(search.endpoint_url, 'https://developer.uspto.gov/ds-api/{{dataset}}/{{version}}/records');
    assert.deepEqual(search.headers, { 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.deepEqual(search.parameter_mapping.criteria, { target: 'body', key: 'criteria' });
    assert.deepEqual(search.input_schema.required, ['version', 'dataset']);
  });

  test('uses operation-level servers (1Password) and 2020-12 schemas for 3.1', async () => {
    const onePassword = await parseOpenApi(
      corpusFile('openapi', 'valid', 'apisguru-1password.local-connect.json'),
    );
    assert.ok(onePassword.candidates.every((c) => /^https?:\/\//.test(c.endpoint_url)));
    const discourse = await parseOpenApi(corpusFile('openapi', 'valid', 'discourse-openapi.yml'));
    assert.equal(
      discourse.candidates[0]!.input_schema.$schema,
      'https://json-schema.org/draft/2020-12/schema',
    );
    assert.ok(
      discourse.candidates.every((c) => c.endpoint_url.startsWith('https://{defaultHost}') === false),
    );
  });

  test('keeps Stripe recursive schemas bounded and form-encoded with deepObject', async () => {
    const { candidates } = await parseOpenApi(corpusFile('openapi', 'valid', 'stripe-spec3.json'));
    const create = candidates.find((c) => c.slug === 'PostCustomers')!;
    assert.equal(create.http_method, 'POST');
    assert.equal(create.endpoint_url, 'https://api.stripe.com/v1/customers');
    assert.deepEqual(create.headers, { 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.equal(create.parameter_mapping.address?.style, 'deepObject');
    assert.ok(JSON.stringify(candidates).length < 5_000_000);
  });

  test('resolves relative servers against the source URL, or takes base_url', async () => {
    const text = corpusFile('openapi', 'valid', 'oai-v3.0-api-with-examples.yaml');
    const bare = await parseOpenApi(text);
    assert.equal(bare.candidates[0]!.endpoint_url, '{{base_url}}/');
    assert.ok(bare.warnings?.some((w) => w.includes('base_url')));
    const fromUrl = await parseOpenApi(text, { sourceUrl: 'https://docs.example.com/specs/api.yaml' });
    assert.equal(fromUrl.candidates[1]!.endpoint_url, 'https://docs.example.com/v2');
    const based = await parseOpenApi(text, { baseUrl: 'https://api.example.com/' });
    assert.equal(based.candidates[1]!.endpoint_url, 'https://api.example.com/v2');
  });

  test('a 3.1 document with only webhooks gives no candidates and says why', async () => {
    const result = await parseOpenApi(corpusFile('openapi', 'valid', 'oai-v3.1-webhook-example.yaml'));
    assert.deepEqual(result.candidates, []);
    assert.match(result.warnings!.join(' '), /no operations/);
  });

  for (const file of corpusFiles('openapi', 'swagger2')) {
    test(`rejects Swagger 2.0 ${file} with unsupported_version pointing to a converter`, async () => {
      const err = await rejection(corpusFile('openapi', 'swagger2', file));
      assert.equal(err.status, 400);
      assert.equal(err.code, 'unsupported_version');
      assert.match(err.message, /swagger2openapi|converter\.swagger\.io/);
    });
  }

  const invalidReasons: Record<string, RegExp> = {
    'invalid-json-truncated.json': /not valid JSON/,
    'invalid-yaml-syntax.yaml': /not valid YAML/,
    'v3.0-dangling-ref.json': /Missing \$ref pointer "#\/components\/schemas\/Error"/,
    'v3.0-missing-external-ref.yaml': /external file.*missing\.yaml/,
    'v3.0-missing-paths.yaml': /paths/,
    'v3.0-only-openapi-field.yaml': /info/,
    'v3.1-no-paths-components-webhooks.yaml': /paths/,
  };
  for (const file of corpusFiles('openapi', 'invalid')) {
    test(`rejects ${file} with invalid_spec saying what is wrong`, async () => {
      const err = await rejection(corpusFile('openapi', 'invalid', file));
      assert.equal(err.status, 400);
      assert.equal(err.code, 'invalid_spec');
      assert.match(err.message, invalidReasons[file]!);
    });
  }

  test('takes the parsed object as well as the text, with the same result', async () => {
    const text = corpusFile('openapi', 'valid', 'oai-v3.0-uspto.json');
    assert.deepEqual(await parseOpenApi(JSON.parse(text)), await parseOpenApi(text));
  });

  test('refuses YAML alias bombs before walking them', async () => {
    const lines = ['openapi: 3.0.0', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 8; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const err = await rejection(lines.join('\n'));
    assert.equal(err.code, 'invalid_spec');
    assert.match(err.message, /aliases expand to too many nodes/);
  });

  test('rejects empty content and non-OpenAPI documents', async () => {
    assert.equal((await rejection('')).code, 'invalid_spec');
    assert.match((await rejection('{"hello": 1}')).message, /no "openapi" version/);
    assert.match(
      (await rejection('openapi: 4.0.0\ninfo: {title: x, version: "1"}\npaths: {}')).message,
      /4\.0\.0/,
    );
  });
});
