import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileSchema, corpusFile, corpusFiles } from '../../test/kit/corpus.ts';
import { ApiError } from '../errors.ts';
import { normaliseShell, parseCurl } from './curl.ts';

const REJECTED: Record<string, RegExp> = {
  'curlconverter/form_quotes.txt': /holds 5 curl requests/,
  'curlconverter/multiple_commands.txt': /holds 3 curl requests/,
  'curlconverter/pipelines.txt': /pipeline/,
  'curlconverter/post_binary_file.txt': /reads data from the file "\.\/sample\.sparql"/,
  'curlconverter/read_stdin.txt': /standard input/,
  'curlconverter/redirect_variable_and_string_data.txt': /reads data from the file/,
  'openai/files-upload-missing-line-continuations.txt': /could not be parsed.*begins with "-F"/,
  'twilio/video-compositionhook-broken-heredoc.txt': /could not be parsed.*begins with "-F"/,
};

const files = corpusFiles('curl').flatMap((dir) => corpusFiles('curl', dir).map((f) => `${dir}/${f}`));

function only(command: string) {
  const result = parseCurl(command);
  return { ...result, tool: result.candidates[0]! };
}

describe('cURL importer on the corpus', () => {
  for (const file of files) {
    const reason = REJECTED[file];
    test(reason ? `rejects ${file} clearly` : `imports ${file} as one tool`, () => {
      const text = corpusFile('curl', ...file.split('/'));
      if (reason) {
        assert.throws(
          () => parseCurl(text),
          (err: unknown) =>
            err instanceof ApiError &&
            err.status === 400 &&
            err.code === 'svc_invalid_curl' &&
            reason.test(err.message),
        );
        return;
      }
      const { candidates, credentials } = parseCurl(text);
      assert.equal(candidates.length, 1);
      const tool = candidates[0]!;
      assert.match(tool.endpoint_url, /^https?:\/\//);
      compileSchema(tool.input_schema);
      assert.deepEqual(tool.input_schema.required, []);
      for (const [name, schema] of Object.entries(
        tool.input_schema.properties as Record<string, { examples?: unknown[] }>,
      )) {
        assert.equal(schema.examples?.length, 1, `${name} keeps its example`);
        assert.ok(tool.parameter_mapping[name], `${name} is mapped`);
      }
      // Credentials never stay in the tool.
      // (Short values, a cookie `a=b` or `flag=true`, would match any text: the header names are checked.)
      for (const c of credentials ?? []) {
        const secrets = [
          'token' in c.credentials
            ? c.credentials.token
            : 'value' in c.credentials
              ? c.credentials.value
              : '',
          ...(c.credentials.extra_keys ?? []).map((k) => k.value),
        ];
        for (const secret of secrets)
          if (secret.length >= 8)
            assert.ok(!JSON.stringify(tool).includes(secret), `${file} leaks ${c.source}`);
      }
      assert.ok(!Object.keys(tool.headers ?? {}).some((h) => /^(authorization|cookie)$/i.test(h)));
    });
  }

  test('a form body gives string inputs described by their field name, mapped to body (Twilio)', () => {
    const { tool, credentials } = only(corpusFile('curl', 'twilio', 'messages-send-copilot.txt'));
    assert.equal(tool.http_method, 'POST');
    assert.equal(
      tool.endpoint_url,
      'https://api.twilio.com/2010-04-01/Accounts/ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX/Messages.json',
    );
    assert.deepEqual(tool.input_schema.properties, {
      To: { type: 'string', description: 'To', examples: ['+441632960675'] },
      MessagingServiceSid: {
        type: 'string',
        description: 'MessagingServiceSid',
        examples: ['MG9752274e9e519418a7406176694466fa'],
      },
      Body: {
        type: 'string',
        description: 'Body',
        examples: ['Phantom Menace was clearly the best of the prequel trilogy.'],
      },
    });
    assert.deepEqual(tool.parameter_mapping.To, { target: 'body', key: 'To' });
    assert.deepEqual(tool.headers, { 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.deepEqual(credentials, [
      {
        credentials: {
          type: 'basic',
          username: 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
          password: 'auth_token',
        },
        source: '-u',
      },
    ]);
  });

  test('a JSON body gives one input per top-level field with its type; the bearer header becomes a credential', () => {
    const { tool, credentials } = only(corpusFile('curl', 'openai', 'chat-completions-json-body.txt'));
    const props = tool.input_schema.properties as Record<string, Record<string, unknown>>;
    assert.equal(props.model!.type, 'string');
    assert.deepEqual(props.model!.examples, ['VAR_chat_model_id']);
    assert.equal(props.messages!.type, 'array');
    assert.deepEqual(props.messages!.items, { type: 'object' });
    assert.deepEqual(tool.headers, { 'Content-Type': 'application/json' });
    assert.deepEqual(credentials![0]!.credentials, { type: 'bearer', token: '$OPENAI_API_KEY' });
  });

  test('query parameters become query inputs and leave the URL; an API key in the query is a credential', () => {
    const { tool, credentials } = only(
      corpusFile('curl', 'googlemaps', 'maps_http_places_findplacefromtext_mca.txt'),
    );
    assert.equal(tool.endpoint_url, 'https://maps.googleapis.com/maps/api/place/findplacefromtext/json');
    assert.deepEqual(Object.keys(tool.parameter_mapping), ['input', 'inputtype', 'fields']);
    assert.deepEqual(
      (tool.input_schema.properties as Record<string, { examples: unknown[] }>).input!.examples,
      ['Museum of Contemporary Art Australia'],
    );
    assert.deepEqual(credentials![0]!.credentials, {
      type: 'api-key',
      name: 'key',
      value: 'YOUR_API_KEY',
      location: 'query',
    });
  });

  test('handles -G with -d, --url-query, --json, --data-urlencode, -A/-e and --oauth2-bearer', () => {
    const g = only(corpusFile('curl', 'twilio', 'insights-calls-events-G.txt')).tool;
    assert.equal(g.http_method, 'GET');
    assert.deepEqual(g.parameter_mapping, { Level: { target: 'query', key: 'Level' } });
    const json = only(
      `curl --json '{"n": 1, "ok": true}' https://api.example.com/x --url-query 'page=2'`,
    ).tool;
    assert.equal(json.http_method, 'POST');
    assert.deepEqual(json.headers, { 'Content-Type': 'application/json', Accept: 'application/json' });
    assert.equal((json.input_schema.properties as Record<string, { type: string }>).n!.type, 'integer');
    assert.equal((json.input_schema.properties as Record<string, { type: string }>).ok!.type, 'boolean');
    assert.deepEqual(json.parameter_mapping.page, { target: 'query', key: 'page' });
    const enc = only(
      `curl https://api.example.com/s --data-urlencode 'q=hello world&more' -A 'Agent/1' -e https://ref.example`,
    ).tool;
    assert.deepEqual((enc.input_schema.properties as Record<string, { examples: unknown[] }>).q!.examples, [
      'hello world&more',
    ]);
    assert.equal(enc.headers!['User-Agent'], 'Agent/1');
    assert.equal(enc.headers!.Referer, 'https://ref.example');
    const mixed = parseCurl(corpusFile('curl', 'curlconverter', 'read_cookies_and_mixed_auth.txt'));
    assert.deepEqual(mixed.credentials![0]!.credentials, { type: 'bearer', token: 'AAAAAAAAAAAA' });
  });

  test('handles ANSI-C quoting (Chrome copy as cURL) and multipart fields', () => {
    const { tool } = only(corpusFile('curl', 'curlconverter', 'parse_form_data.txt'));
    assert.deepEqual(tool.parameter_mapping['your-email'], { target: 'body', key: 'your-email' });
    assert.match(tool.headers!['content-type']!, /^multipart\/form-data/);
    const multi = parseCurl(corpusFile('curl', 'twilio', 'video-compositionhook-multipart.txt'));
    assert.deepEqual(multi.candidates[0]!.headers, { 'Content-Type': 'multipart/form-data' });
    assert.deepEqual(Object.keys(multi.candidates[0]!.parameter_mapping), [
      'FriendlyName',
      'StatusCallback',
      'AudioSources',
      'Format',
    ]);
  });

  test('API-key-looking headers are credentials, other headers stay', () => {
    const { tool, credentials } = only(corpusFile('curl', 'curlconverter', 'get_with_data.txt'));
    assert.equal(tool.headers, null);
    assert.deepEqual(credentials![0]!.credentials, {
      type: 'api-key',
      name: 'X-Api-Key',
      value: '123456789',
      location: 'header',
    });
    const gh = only(corpusFile('curl', 'github-docs', 'get-octocat.txt'));
    assert.deepEqual(gh.tool.headers, {
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
    });
    assert.deepEqual(gh.credentials, []);
  });

  test('reads Windows cmd ^ continuations and Basic Authorization headers', () => {
    const cmd =
      'curl ^"https://api.example.com/items?limit=5^" ^\r\n  -H ^"Authorization: Basic dXNlcjpwYXNz^" ^\r\n  -H ^"Accept: */*^"';
    assert.equal(
      normaliseShell(cmd),
      'curl "https://api.example.com/items?limit=5"    -H "Authorization: Basic dXNlcjpwYXNz"    -H "Accept: */*"',
    );
    const { tool, credentials } = only(cmd);
    assert.equal(tool.endpoint_url, 'https://api.example.com/items');
    assert.deepEqual(tool.headers, { Accept: '*/*' });
    assert.deepEqual(credentials![0]!.credentials, { type: 'basic', username: 'user', password: 'pass' });
  });

  test('a data body keeps the Content-Type curl sends; a JSON-looking one only gets a warning', () => {
    const { tool, warnings } = only(`curl https://api.example.com/v1/items -d '{"name":"x"}'`);
    assert.deepEqual(tool.headers, { 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.deepEqual(tool.parameter_mapping, { body: { target: 'body', key: '$' } });
    assert.deepEqual(
      (tool.input_schema.properties as Record<string, { examples: unknown[] }>).body!.examples,
      ['{"name":"x"}'],
    );
    assert.match(warnings!.join('\n'), /looks like JSON.*Content-Type: application\/json/);
    // An explicit form type with a JSON body is what the command says: no switch, no warning.
    const explicit = parseCurl(
      `curl https://api.example.com/v1/items -H 'Content-Type: application/x-www-form-urlencoded' -d '{"a":1}'`,
    );
    assert.deepEqual(explicit.candidates[0]!.headers, {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    assert.deepEqual(explicit.warnings, []);
  });

  test("-d '123' is one whole-body input and --json '{   }' is kept verbatim", () => {
    const number = only(corpusFile('curl', 'curlconverter', 'post_number.txt')).tool;
    assert.deepEqual(number.parameter_mapping, { body: { target: 'body', key: '$' } });
    assert.deepEqual(
      (number.input_schema.properties as Record<string, { examples: unknown[] }>).body!.examples,
      ['123'],
    );
    const empty = only(`curl --json '{   }' https://api.example.com/v1/reset`).tool;
    assert.deepEqual(empty.input_schema.properties, {});
    assert.equal(empty.body_template, '{   }');
    assert.deepEqual(empty.headers, { 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  test('custom method tokens are kept as typed; standard ones are upper-cased; non-tokens are refused', () => {
    assert.equal(
      only(corpusFile('curl', 'curlconverter', 'strange_http_method.txt')).tool.http_method,
      'wHat',
    );
    assert.equal(only('curl -X PURGE https://cdn.example.com/a').tool.http_method, 'PURGE');
    assert.equal(only('curl -X post https://cdn.example.com/a').tool.http_method, 'POST');
    assert.throws(
      () => parseCurl(`curl -X 'GE T' https://cdn.example.com/a`),
      (e: unknown) =>
        e instanceof ApiError && e.code === 'svc_invalid_curl' && /not an HTTP method/.test(e.message),
    );
  });

  test('the tool is named from its method and path', () => {
    assert.equal(
      only(corpusFile('curl', 'openai', 'chat-completions-json-body.txt')).tool.name,
      'post_v1_chat_completions',
    );
    assert.equal(
      only(corpusFile('curl', 'openai', 'files-delete.txt')).tool.name,
      'delete_v1_files_file_abc123',
    );
    assert.equal(only('curl https://api.example.com').tool.name, 'imported_tool');
    assert.equal(parseCurl('curl https://api.example.com/a', { name: 'Mine' }).candidates[0]!.name, 'Mine');
  });

  test('rejects text that is not a curl command', () => {
    assert.throws(
      () => parseCurl('wget https://example.com'),
      (e: unknown) => e instanceof ApiError && e.code === 'svc_invalid_curl',
    );
  });
});

test('a secret nested in a JSON body is emptied in the example, named in a warning, and never kept', () => {
  const { candidates, credentials, warnings } = parseCurl(
    `curl https://api.example.com/v1/login --json '{"auth":{"api_key":"nested-SECRET-1","user":"bob"},"q":1}'`,
  );
  const tool = candidates[0]!;
  assert.ok(!JSON.stringify(tool).includes('nested-SECRET-1'));
  assert.deepEqual((tool.input_schema.properties as Record<string, { examples: unknown[] }>).auth!.examples, [
    { api_key: '', user: 'bob' },
  ]);
  assert.deepEqual(credentials, []);
  assert.match(warnings!.join(' '), /auth\.api_key/);
});
