import { describe, expect, test } from 'vitest';
import {
  checkInputSchema,
  emptyToolForm,
  TOOL_FIELDS,
  toolBody,
  toolToForm,
  validateToolForm,
} from './tool-form.ts';

const schema = (s: unknown) => JSON.stringify(s);

describe('input schema check as you type', () => {
  test('accepts an object schema and names its inputs', () => {
    const r = checkInputSchema(
      schema({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }),
    );
    expect(r.error).toBeUndefined();
    expect(Object.keys(r.schema?.properties ?? {})).toEqual(['q']);
  });

  test.each([
    ['{', /^not JSON/],
    ['[]', /must be a JSON object/],
    [schema({ type: 'array' }), /type must be "object"/],
    [schema({ type: 'object', properties: [] }), /properties must be an object/],
    [
      schema({ type: 'object', properties: { a: { type: 'text' } } }),
      /properties.a.type "text" is not a JSON Schema type/,
    ],
    [
      schema({ type: 'object', properties: {}, required: ['a'] }),
      /required names "a", which is not in properties/,
    ],
  ])('rejects %s', (text, message) => {
    expect(checkInputSchema(text).error).toMatch(message);
  });
});

describe('tool form validation', () => {
  const valid = {
    ...emptyToolForm(),
    name: 'List pets',
    endpoint_url: 'https://api.test/pets/{{id}}',
    input_schema: schema({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }),
    mapping: [{ a: 'id', b: 'path', c: 'id' }],
  };

  test('a complete form has no errors', () => {
    expect(validateToolForm(valid)).toEqual({});
  });

  test('names every wrong field', () => {
    const errors = validateToolForm({
      ...valid,
      name: '',
      slug: 'has space',
      endpoint_url: 'api.test/pets',
      mapping: [{ a: 'nope', b: 'path', c: 'x' }],
      headers: [
        { a: 'X-A', b: '1', c: '' },
        { a: 'x-a', b: '2', c: '' },
        { a: 'bad header', b: '', c: '' },
      ],
      format: 'template',
      template: '',
      scalars: { ...valid.scalars, timeout: '0', retry_count: 'x' },
    });
    expect(errors).toEqual({
      name: 'required',
      slug: 'letters, digits, _ . - only (at most 128)',
      endpoint_url: 'an absolute http(s) URL; {{name}} placeholders allowed',
      'parameter_mapping.0': '"nope" is not an input of the schema',
      'headers.1': 'duplicate header',
      'headers.2': 'not a valid header name',
      template: 'the template format needs a template',
      timeout: 'must be at least 1',
      retry_count: 'must be a whole number',
    });
  });

  test('builds the API body with typed numbers, mapping and headers', () => {
    const body = toolBody({
      ...valid,
      tags: 'a, b,',
      headers: [{ a: 'Accept', b: 'application/json', c: '' }],
    });
    expect(body).toMatchObject({
      name: 'List pets',
      http_method: 'GET',
      tags: ['a', 'b'],
      parameter_mapping: { id: { target: 'path', key: 'id' } },
      headers: { Accept: 'application/json' },
      body_template: null,
      response_mapping: { selector: '', format: 'json', template: '' },
      timeout: 30,
      retry_backoff: 'exponential',
      sort_order: 0,
    });
    expect(body.slug).toBeUndefined();
  });

  test('every scalar field of the table is sent', () => {
    const body = toolBody(valid);
    for (const f of TOOL_FIELDS) expect(body).toHaveProperty(f.name);
  });

  test('sends output schema and annotations, or null when empty; a bad output schema is named', () => {
    expect(toolBody(valid)).toMatchObject({ output_schema: null, annotations: null });
    const body = toolBody({
      ...valid,
      output_schema: schema({ type: 'object', properties: { n: { type: 'integer' } } }),
      annotation_title: 'Pets',
      hints: { readOnlyHint: true, destructiveHint: false },
    });
    expect(body.output_schema).toEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(body.annotations).toEqual({ title: 'Pets', readOnlyHint: true });
    expect(validateToolForm({ ...valid, output_schema: '{"type":"array"}' }).output_schema).toBe(
      'type must be "object"',
    );
  });

  test('max output tokens and fields: sent typed, empty means the server setting; the paging hint is kept', () => {
    expect(toolBody(valid)).toMatchObject({ max_output_tokens: null, response_mapping: { fields: [] } });
    const tool = {
      ...toolBody(valid),
      id: 1,
      uuid: 'u',
      server_id: 1,
      slug: 'list_pets',
      server_uuid: 's',
      created_at: '',
      updated_at: '',
      last_tested_at: null,
      last_test_response_ms: null,
      max_output_tokens: 2000,
      response_mapping: { fields: ['$.id', '$.data[*].name'], pagination: { param: 'page', kind: 'page' } },
    } as unknown as Parameters<typeof toolToForm>[0];
    const form = toolToForm(tool);
    expect(form.max_output_tokens).toBe('2000');
    expect(form.fields).toBe('$.id\n$.data[*].name');
    expect(toolBody({ ...form, fields: '$.id\n\n  items[0].name  ' })).toMatchObject({
      max_output_tokens: 2000,
      response_mapping: { fields: ['$.id', 'items[0].name'], pagination: { param: 'page', kind: 'page' } },
    });
    expect(validateToolForm({ ...valid, max_output_tokens: 'lots', fields: '$.ok\n$..name' })).toEqual({
      max_output_tokens: "must be a whole number, or empty for the server's setting",
      fields: '"$..name" is not a plain JSONPath (member, index and wildcard steps: $.id, $.data[*].name)',
    });
    expect(
      validateToolForm({ ...valid, max_output_tokens: '0', fields: "$['a b'].c\n$.list[*][0]" }),
    ).toEqual({});
  });
});
