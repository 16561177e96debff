import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { corpusFile } from '../../test/kit/corpus.ts';
import { parseOpenApi } from './openapi.ts';

const doc = (op: Record<string, unknown>, version = '3.0.3') => ({
  openapi: version,
  info: { title: 't', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/things': { post: { operationId: 'make', responses: { 200: { description: 'ok' } }, ...op } } },
});

const body = (required: boolean | undefined, media = 'application/json', encoding?: unknown) => ({
  requestBody: {
    ...(required === undefined ? {} : { required }),
    content: {
      [media]: {
        schema: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string' },
            size: { type: 'integer', default: 3, description: 'How many.' },
            tags: { type: 'array', items: { type: 'string' } },
            meta: { type: 'object', properties: { a: { type: 'string', default: 'x' } } },
          },
        },
        ...(encoding ? { encoding } : {}),
      },
    },
  },
});

describe('OpenAPI importer fidelity', () => {
  test("a required body keeps its schema's required fields", async () => {
    const [c] = (await parseOpenApi(doc(body(true)))).candidates;
    assert.deepEqual(c!.input_schema.required, ['name']);
    assert.equal(c!.input_schema.dependentRequired, undefined);
  });

  test('an optional body requires its required fields once any body field is given (dependentRequired)', async () => {
    for (const required of [false, undefined]) {
      const [c] = (await parseOpenApi(doc(body(required)))).candidates;
      assert.deepEqual(c!.input_schema.required, []);
      assert.deepEqual(c!.input_schema.dependentRequired, { size: ['name'], tags: ['name'], meta: ['name'] });
    }
  });

  test('schema defaults become words, never values the executor would fill in', async () => {
    const [c] = (await parseOpenApi(doc(body(true)))).candidates;
    const props = c!.input_schema.properties as Record<string, Record<string, unknown>>;
    assert.equal(props.size!.default, undefined);
    assert.equal(props.size!.description, 'How many. Default: 3.');
    const meta = props.meta!.properties as Record<string, Record<string, unknown>>;
    assert.deepEqual(meta.a, { type: 'string', description: 'Default: "x".' });
    assert.ok(!JSON.stringify(c!.input_schema).includes('"default"'));
  });

  test('form bodies take each field style from the encoding object (form explode by default)', async () => {
    const [c] = (
      await parseOpenApi(
        doc(
          body(true, 'application/x-www-form-urlencoded', {
            tags: { style: 'deepObject', explode: true },
            meta: { style: 'form', explode: false },
          }),
        ),
      )
    ).candidates;
    assert.deepEqual(c!.parameter_mapping.tags, { target: 'body', key: 'tags', style: 'deepObject' });
    assert.deepEqual(c!.parameter_mapping.meta, { target: 'body', key: 'meta', style: 'comma' });
    assert.deepEqual(c!.parameter_mapping.name, { target: 'body', key: 'name' });
    const [plain] = (await parseOpenApi(doc(body(true, 'application/x-www-form-urlencoded')))).candidates;
    assert.deepEqual(plain!.parameter_mapping.meta, { target: 'body', key: 'meta', style: 'form' });
  });

  test('query parameters of every style map to the executor styles', async () => {
    const param = (
      name: string,
      style: string | undefined,
      explode: boolean | undefined,
      type = 'array',
    ) => ({
      name,
      in: 'query',
      ...(style ? { style } : {}),
      ...(explode === undefined ? {} : { explode }),
      schema:
        type === 'array'
          ? { type, items: { type: 'string' } }
          : { type, properties: { a: { type: 'string' } } },
    });
    const [c] = (
      await parseOpenApi(
        doc({
          parameters: [
            param('f', undefined, undefined),
            param('fo', 'form', undefined, 'object'),
            param('c', 'form', false),
            param('s', 'spaceDelimited', false),
            param('se', 'spaceDelimited', true),
            param('p', 'pipeDelimited', false),
            param('d', 'deepObject', true, 'object'),
          ],
        }),
      )
    ).candidates;
    const styles = Object.fromEntries(Object.entries(c!.parameter_mapping).map(([k, v]) => [k, v.style]));
    assert.deepEqual(styles, {
      f: undefined,
      fo: 'form',
      c: 'comma',
      s: 'spaceDelimited',
      se: undefined,
      p: 'pipeDelimited',
      d: 'deepObject',
    });
  });

  test("Stripe's invoice fields go out as deepObject (discounts[0][coupon], account_tax_ids[0])", async () => {
    const { candidates } = await parseOpenApi(corpusFile('openapi', 'valid', 'stripe-spec3.json'));
    const create = candidates.find((c) => c.slug === 'PostInvoices')!;
    assert.equal(create.parameter_mapping.discounts?.style, 'deepObject');
    assert.equal(create.parameter_mapping.account_tax_ids?.style, 'deepObject');
    assert.equal(create.parameter_mapping.customer?.style, undefined);
  });

  test('a bare required inside anyOf/not is kept ("exactly one of"), and a node past the depth bound keeps its enum', async () => {
    const oneOf = {
      type: 'object',
      properties: { image_url: { type: 'string' }, file_id: { type: 'string' } },
      anyOf: [{ required: ['image_url'] }, { required: ['file_id'] }],
      not: { required: ['image_url', 'file_id'] },
    };
    let deep: Record<string, unknown> = { type: 'string', enum: ['a', 'b'], maxLength: 3 };
    // Six levels of nesting put the enum just past the importer's depth bound.
    for (let i = 0; i < 6; i++) deep = { type: 'object', properties: { next: deep } };
    const [c] = (
      await parseOpenApi(
        doc({
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { type: 'object', properties: { mask: oneOf, deep } } },
            },
          },
        }),
      )
    ).candidates;
    const props = c!.input_schema.properties as Record<string, Record<string, unknown>>;
    assert.deepEqual(props.mask!.anyOf, [{ required: ['image_url'] }, { required: ['file_id'] }]);
    assert.deepEqual(props.mask!.not, { required: ['image_url', 'file_id'] });
    let node = props.deep!;
    for (let i = 0; i < 6; i++) node = (node.properties as Record<string, Record<string, unknown>>).next!;
    // Past the bound: maxLength is gone, the enum stays.
    assert.deepEqual(node, { type: 'string', enum: ['a', 'b'] });
  });
});
