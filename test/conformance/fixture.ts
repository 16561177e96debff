import { PNG_1PX } from './upstream.ts';

/*
 * The conformance "everything server" rebuilt as a Toolgate server through the management API:
 * tools are real HTTP tools over the fixture upstream, resources are http/static sources, and
 * prompts are templates (JSON message templates for the image and embedded-resource ones).
 */

const NO_ARGS = { type: 'object', properties: {} };
/** The suite runs ~200 requests in half a minute from one address; limits must not interfere. */
const UNLIMITED = 1_000_000;

function tool(slug: string, description: string, path: string, extra: Record<string, unknown> = {}) {
  return {
    name: slug,
    slug,
    description,
    endpoint_url: path,
    http_method: 'GET',
    input_schema: NO_ARGS,
    response_mapping: { format: 'text' },
    rate_limit_per_min: UNLIMITED,
    timeout: 30,
    ...extra,
  };
}

export function fixtureTools(upstream: string): Record<string, unknown>[] {
  return [
    tool('test_simple_text', 'Returns simple text content', `${upstream}/simple-text`),
    tool('test_image_content', 'Returns image content', `${upstream}/image`),
    tool('test_audio_content', 'Returns audio content', `${upstream}/audio`),
    tool('test_embedded_resource', 'Returns an embedded resource', `${upstream}/embedded-resource`),
    tool('test_multiple_content_types', 'Returns text, image and resource content', `${upstream}/mixed`),
    tool('test_tool_with_logging', 'Sends log notifications while running', `${upstream}/logging`),
    tool('test_error_handling', 'Always fails (isError: true)', `${upstream}/error`),
    tool('test_tool_with_progress', 'Reports progress', `${upstream}/progress`),
    tool('test_reconnection', 'A slower call used to test SSE resumption', `${upstream}/reconnection`),
    tool(
      'json_schema_2020_12_tool',
      'Tool with JSON Schema 2020-12 features (SEP-1613)',
      `${upstream}/json-schema`,
      {
        http_method: 'POST',
        input_schema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          $defs: {
            address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
          },
          properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
          additionalProperties: false,
        },
      },
    ),
  ];
}

export function fixtureResources(upstream: string): Record<string, unknown>[] {
  return [
    {
      uri: 'test://static-text',
      name: 'static-text',
      description: 'A static text resource',
      mime_type: 'text/plain',
      data_source_type: 'http',
      data_source_config: { url: `${upstream}/resources/static-text` },
    },
    {
      uri: 'test://static-binary',
      name: 'static-binary',
      description: 'A static binary resource (PNG)',
      mime_type: 'image/png',
      data_source_type: 'http',
      data_source_config: { url: `${upstream}/resources/static-binary` },
    },
    {
      uri: 'test://watched-resource',
      name: 'watched-resource',
      description: 'A resource that can be subscribed to',
      mime_type: 'text/plain',
      data_source_type: 'static',
      data_source_config: { content: 'Watched resource content.' },
    },
    {
      uri: 'test://template/{id}/data',
      template_uri: 'test://template/{id}/data',
      name: 'template-data',
      description: 'Parameterised data resource',
      mime_type: 'application/json',
      data_source_type: 'http',
      data_source_config: { url: `${upstream}/resources/template/{id}/data` },
    },
  ];
}

export function fixturePrompts(): Record<string, unknown>[] {
  return [
    {
      name: 'test_simple_prompt',
      description: 'A simple prompt without arguments',
      arguments: [],
      template_content: 'This is a simple prompt for testing.',
    },
    {
      name: 'test_prompt_with_arguments',
      description: 'A prompt with two required arguments',
      arguments: [
        {
          name: 'arg1',
          description: 'First test argument',
          required: true,
          values: ['paris', 'park', 'party', 'test', 'testing'],
        },
        { name: 'arg2', description: 'Second test argument', required: true },
      ],
      template_content: "Prompt with arguments: arg1='{{arg1}}', arg2='{{arg2}}'",
    },
    {
      name: 'test_prompt_with_embedded_resource',
      description: 'A prompt that embeds a resource',
      arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
      template_content: JSON.stringify([
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: '{{resourceUri}}',
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ]),
    },
    {
      name: 'test_prompt_with_image',
      description: 'A prompt that contains an image',
      arguments: [],
      template_content: JSON.stringify([
        { role: 'user', content: { type: 'image', data: PNG_1PX, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ]),
    },
  ];
}

/** Creates the server and its items; returns the server's slug. Throws on any API refusal. */
export async function createEverythingServer(
  apiBase: string,
  adminKey: string,
  upstream: string,
): Promise<string> {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const server = await call('POST', '/servers', {
    name: 'Everything',
    description: 'The MCP conformance fixtures, served by a local upstream',
    rate_limit_per_min: UNLIMITED,
  });
  const id = String(server.uuid);
  for (const t of fixtureTools(upstream)) await call('POST', `/servers/${id}/tools`, t);
  for (const r of fixtureResources(upstream)) await call('POST', `/servers/${id}/resources`, r);
  for (const p of fixturePrompts()) await call('POST', `/servers/${id}/prompts`, p);
  return String(server.slug);
}
