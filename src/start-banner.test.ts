import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeStart } from './start-banner.ts';

const facts = {
  version: '1.2.3',
  listening: 'http://127.0.0.1:8080',
  everyInterface: false,
  store: 'sqlite',
  publicUrl: 'https://gw.example.test',
  apiBase: '/api/svc/v1',
  logLevel: 'info',
  logFormat: 'pretty' as const,
};

test('later starts print the addresses under the public URL and no key', () => {
  assert.equal(
    describeStart(facts),
    [
      'Toolgate 1.2.3 listening on http://127.0.0.1:8080 (store sqlite)',
      '  Admin UI  https://gw.example.test/admin/',
      '  API       https://gw.example.test/api/svc/v1  (reference https://gw.example.test/docs)',
      '  MCP       https://gw.example.test/mcp/{slug}',
      '  Health    https://gw.example.test/health',
      '  Logs      info, pretty (LOG_LEVEL=debug adds a line per request; LOG_FORMAT=json)',
      '',
    ].join('\n'),
  );
});

test('every interface is said; at debug the logs line says requests are logged; the first key comes last', () => {
  const text = describeStart({
    ...facts,
    everyInterface: true,
    logLevel: 'debug',
    logFormat: 'json',
    firstKey: 'tgk_example',
  });
  assert.match(
    text,
    /^Toolgate 1\.2\.3 listening on http:\/\/127\.0\.0\.1:8080 \(every interface, store sqlite\)\n/,
  );
  assert.match(text, /\n {2}Logs {6}debug, json: one line per request\n/);
  assert.ok(
    text.endsWith(
      '\nAdministrator API key (shown once, store it now):\n  tgk_example\nSign in with it at https://gw.example.test/admin/, or send it as "Authorization: Bearer <key>" to the API.\n',
    ),
  );
});

test('the first start names the first administrator and, when generated, their password, before the key', () => {
  const text = describeStart({
    ...facts,
    firstKey: 'tgk_example',
    firstAdministrator: { email: 'admin@localhost', password: 'Abcdefghijkmnopqrstu' },
  });
  assert.ok(
    text.includes(
      '\nFirst administrator (password shown once, change it after signing in):\n  e-mail    admin@localhost\n  password  Abcdefghijkmnopqrstu\nSign in at https://gw.example.test/admin/\n\nAdministrator API key (shown once',
    ),
    text,
  );
  const given = describeStart({ ...facts, firstAdministrator: { email: 'ops@example.com' } });
  assert.ok(
    given.includes(
      'First administrator (password from TOOLGATE_ADMIN_PASSWORD):\n  e-mail    ops@example.com\n',
    ),
  );
  assert.doesNotMatch(given, /password {2}/);
  assert.doesNotMatch(describeStart(facts), /First administrator/);
});
