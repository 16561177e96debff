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
        // The suite's schema (SEP-1613 + SEP-2106): $anchor, allOf/anyOf and if/then/else must survive.
        input_schema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          $defs: {
            address: {
              $anchor: 'addressDef',
              type: 'object',
              properties: { street: { type: 'string' }, city: { type: 'string' } },
            },
          },
          properties: {
            name: { type: 'string' },
            address: { $ref: '#/$defs/address' },
            contactMethod: { type: 'string', enum: ['phone', 'email'] },
            phone: { type: 'string' },
            email: { type: 'string' },
          },
          allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
          if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
          // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
          then: { required: ['phone'] },
          else: { required: ['email'] },
          additionalProperties: false,
        },
      },
    ),
  ];
}

const str = (extra: Record<string, unknown> = {}) => ({ type: 'string', ...extra });
const objectOf = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
const askName = { key: 'user_name', kind: 'user', message: 'What is your name?', arguments: ['name'] };

/**
 * Tools that ask the client something, built from the `interaction` settings an operator sets
 * (inputs from the person, the client's model or its roots; summaries): the suite's elicitation,
 * sampling and multi-round fixtures, in both eras.
 */
export function interactiveTools(upstream: string): Record<string, unknown>[] {
  const echo = `${upstream}/echo`;
  return [
    tool('test_sampling', "Asks the client's model, then calls the API with its answer", echo, {
      input_schema: objectOf({ prompt: str(), answer: str() }, ['prompt', 'answer']),
      interaction: {
        inputs: [{ key: 'answer', kind: 'model', prompt: '{{prompt}}', argument: 'answer', max_tokens: 100 }],
      },
    }),
    tool('test_elicitation', 'Asks the user for a username and e-mail', echo, {
      input_schema: objectOf(
        {
          message: str(),
          username: str({ description: "User's response" }),
          email: str({ description: "User's email address" }),
        },
        ['message', 'username', 'email'],
      ),
      interaction: {
        inputs: [{ key: 'user', kind: 'user', message: '{{message}}', arguments: ['username', 'email'] }],
      },
    }),
    tool('test_elicitation_sep1034_defaults', 'Asks the user, with defaults for every field', echo, {
      input_schema: objectOf({
        name: str({ default: 'John Doe' }),
        age: { type: 'integer', default: 30 },
        score: { type: 'number', default: 95.5 },
        status: str({ enum: ['active', 'inactive', 'pending'], default: 'active' }),
        verified: { type: 'boolean', default: true },
      }),
      interaction: {
        inputs: [
          {
            key: 'profile',
            kind: 'user',
            message: 'Please review your profile',
            arguments: ['name', 'age', 'score', 'status', 'verified'],
          },
        ],
      },
    }),
    tool('test_elicitation_sep1330_enums', 'Asks the user to pick from lists', echo, {
      http_method: 'POST',
      input_schema: objectOf({
        untitledSingle: str({ enum: ['option1', 'option2', 'option3'] }),
        titledSingle: str({
          oneOf: [
            { const: 'value1', title: 'First Option' },
            { const: 'value2', title: 'Second Option' },
            { const: 'value3', title: 'Third Option' },
          ],
        }),
        legacyEnum: str({
          enum: ['opt1', 'opt2', 'opt3'],
          enumNames: ['Option One', 'Option Two', 'Option Three'],
        }),
        untitledMulti: { type: 'array', items: str({ enum: ['option1', 'option2', 'option3'] }) },
        titledMulti: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'value1', title: 'First Choice' },
              { const: 'value2', title: 'Second Choice' },
              { const: 'value3', title: 'Third Choice' },
            ],
          },
        },
      }),
      interaction: {
        inputs: [
          {
            key: 'choices',
            kind: 'user',
            message: 'Please pick',
            arguments: ['untitledSingle', 'titledSingle', 'legacyEnum', 'untitledMulti', 'titledMulti'],
          },
        ],
      },
    }),
    tool(
      'test_input_required_result_elicitation',
      'Greets the user by the name they give',
      `${upstream}/greet`,
      {
        input_schema: objectOf({ name: str() }, ['name']),
        interaction: { inputs: [askName] },
      },
    ),
    tool('test_streaming_elicitation', 'Greets the user by the name they give', `${upstream}/greet`, {
      input_schema: objectOf({ name: str() }, ['name']),
      interaction: { inputs: [askName] },
    }),
    tool(
      'test_input_required_result_sampling',
      "Summarised by the client's model",
      `${upstream}/capital-question`,
      {
        interaction: { summary: { instruction: '', over_bytes: 0, max_tokens: 100 } },
      },
    ),
    tool('test_input_required_result_list_roots', "Calls the API with the client's roots", echo, {
      input_schema: objectOf({ roots: { type: 'array', items: str() } }),
      interaction: { inputs: [{ key: 'client_roots', kind: 'roots', argument: 'roots' }] },
    }),
    ...['test_input_required_result_request_state', 'test_input_required_result_tampered_state'].map((slug) =>
      tool(slug, 'Asks the user to confirm a flag', `${upstream}/greet`, {
        input_schema: objectOf({ ok: { type: 'boolean' } }, ['ok']),
        interaction: {
          inputs: [{ key: 'confirm', kind: 'user', message: 'Please confirm', arguments: ['ok'] }],
        },
      }),
    ),
    tool(
      'test_input_required_result_multiple_inputs',
      'Asks the user, the model and the roots at once',
      echo,
      {
        http_method: 'POST',
        input_schema: objectOf({ name: str(), greeting: str(), roots: { type: 'array', items: str() } }),
        interaction: {
          inputs: [
            askName,
            {
              key: 'greeting',
              kind: 'model',
              prompt: 'Generate a greeting',
              argument: 'greeting',
              max_tokens: 50,
            },
            { key: 'client_roots', kind: 'roots', argument: 'roots' },
          ],
        },
      },
    ),
    tool('test_input_required_result_multi_round', 'A two-step form', echo, {
      http_method: 'POST',
      input_schema: objectOf({ name: str(), color: str() }, ['name', 'color']),
      interaction: {
        inputs: [
          { key: 'step1', kind: 'user', message: 'Step 1: What is your name?', arguments: ['name'] },
          {
            key: 'step2',
            kind: 'user',
            message: 'Step 2: What is your favorite color?',
            arguments: ['color'],
            round: 2,
          },
        ],
      },
    }),
    tool('test_input_required_result_capabilities', 'Asks whatever the client can answer', echo, {
      http_method: 'POST',
      input_schema: objectOf({ name: str(), greeting: str() }),
      interaction: {
        inputs: [
          { ...askName, optional: true },
          {
            key: 'greeting',
            kind: 'model',
            prompt: 'Generate a greeting',
            argument: 'greeting',
            optional: true,
          },
        ],
      },
    }),
    tool('test_missing_capability', "Needs the client's model (sampling)", echo, {
      input_schema: objectOf({ note: str() }, ['note']),
      interaction: {
        inputs: [{ key: 'note', kind: 'model', prompt: 'Write a short note', argument: 'note' }],
      },
    }),
    tool(
      'test_logging_tool',
      'Logs while it runs (when the request asks for log lines)',
      `${upstream}/logging`,
    ),
    tool(
      'test_trigger_tool_change',
      'Changes the tool list through the management API',
      `${upstream}/trigger/tools`,
    ),
    tool(
      'test_trigger_prompt_change',
      'Changes the prompt list through the management API',
      `${upstream}/trigger/prompts`,
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
      name: 'test_input_required_result_prompt',
      description: 'A prompt whose context the user gives',
      arguments: [
        {
          name: 'context',
          description: 'What context should the prompt use?',
          required: true,
          ask_user: true,
        },
      ],
      template_content: 'Use this context: {{context}}',
    },
    {
      name: 'test_trigger_prompt_change',
      description: 'Touched by the test_trigger_prompt_change tool',
      arguments: [],
      template_content: 'Nothing to see.',
    },
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

/**
 * The Tasks extension's fixtures (SEP-2663 scenarios) as long-running tools over the job API of
 * upstream.ts: a 202 + Location upstream polled by the gateway, a tool that must run as a task,
 * questions asked inside the task (`ask_in_task`) or before it (MRTR, then the task).
 */
export function taskTools(upstream: string): Record<string, unknown>[] {
  const job = (kind: string) => `${upstream}/jobs/${kind}`;
  const longRunning = (extra: Record<string, unknown> = {}) => ({ poll_interval_ms: 200, ...extra });
  const bodyArgs = (names: string[]) => Object.fromEntries(names.map((n) => [n, { target: 'body', key: n }]));
  return [
    tool('greet', 'Greets someone (an ordinary call)', `${upstream}/hello`, {
      input_schema: objectOf({ name: str() }, ['name']),
    }),
    tool(
      'slow_compute',
      'Computes for `seconds` seconds (an asynchronous job: 202, then polled)',
      job('compute'),
      {
        http_method: 'POST',
        input_schema: objectOf({ seconds: { type: 'number', minimum: 0 }, label: str() }),
        parameter_mapping: bodyArgs(['seconds', 'label']),
        execution: longRunning(),
      },
    ),
    tool('failing_job', 'A job that fails after a second (runs only as a task)', job('fail'), {
      http_method: 'POST',
      execution: longRunning({ task: 'required' }),
    }),
    tool('protocol_error_job', 'A job API that accepts without saying where to poll', job('broken'), {
      http_method: 'POST',
      execution: longRunning(),
    }),
    tool(
      'confirm_delete',
      'Deletes a file once the user confirms (asked inside the task)',
      `${upstream}/files/{{filename}}`,
      {
        http_method: 'DELETE',
        input_schema: objectOf({ filename: str() }, ['filename']),
        parameter_mapping: { filename: { target: 'path', key: 'filename' } },
        interaction: { confirm: 'always' },
        execution: longRunning({ ask_in_task: true }),
      },
    ),
    tool('multi_input', 'Asks two things at once, inside the task', `${upstream}/echo`, {
      http_method: 'POST',
      input_schema: objectOf({ name: str(), confirm: { type: 'boolean' } }, ['name', 'confirm']),
      parameter_mapping: bodyArgs(['name', 'confirm']),
      interaction: {
        inputs: [
          { key: 'name', kind: 'user', message: 'Your name?', arguments: ['name'] },
          { key: 'confirm', kind: 'user', message: 'Go ahead?', arguments: ['confirm'] },
        ],
      },
      execution: longRunning({ ask_in_task: true }),
    }),
    tool(
      'test_tool_with_task',
      'Asks the user their name, then greets them from a task',
      `${upstream}/greet`,
      {
        input_schema: objectOf({ name: str() }, ['name']),
        interaction: { inputs: [askName] },
        execution: longRunning({ task: 'required' }),
      },
    ),
    tool('header_echo', 'Echoes a region mirrored into the Mcp-Param-Region header', `${upstream}/echo`, {
      input_schema: objectOf({ region: str({ 'x-mcp-header': 'Region' }) }, ['region']),
    }),
  ];
}

/** Creates the server and its items; returns the server's slug. Throws on any API refusal. */
export async function createEverythingServer(
  apiBase: string,
  adminKey: string,
  upstream: string,
): Promise<{ slug: string; uuid: string }> {
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
  for (const t of [...fixtureTools(upstream), ...interactiveTools(upstream), ...taskTools(upstream)])
    await call('POST', `/servers/${id}/tools`, t);
  for (const r of fixtureResources(upstream)) await call('POST', `/servers/${id}/resources`, r);
  for (const p of fixturePrompts()) await call('POST', `/servers/${id}/prompts`, p);
  return { slug: String(server.slug), uuid: id };
}
