/**
 * Screenshots of every page at a laptop and a phone width (`node --import tsx web/e2e/screenshots.ts [out-dir]`),
 * over a seeded gateway. Not part of the tests: a person looks at them.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_KEY, startBrowser, startGateway, startUpstream } from './harness.ts';

const PETSTORE = join(import.meta.dirname, '../../test/fixtures/corpus/openapi/valid/oai-v3.0-petstore.yaml');
const out = process.argv[2] ?? '.tmp/screenshots';
mkdirSync(out, { recursive: true });
const upstream = await startUpstream();
const gw = await startGateway();
try {
  const server = await gw.api<{ uuid: string; id: number }>('POST', '/servers', {
    name: 'Pet store',
    description: 'Pets for the demo',
  });
  await gw.api('POST', '/servers', {
    name: 'Billing',
    description: 'Invoices and customers',
    status: 'paused',
  });
  const doc = readFileSync(
    join(import.meta.dirname, '../../test/fixtures/corpus/openapi/valid/oai-v3.0-petstore.yaml'),
    'utf8',
  );
  await gw.api('POST', `/servers/${server.uuid}/tools/import-openapi`, {
    content: doc,
    commit: true,
    selected_temp_ids: ['op_0', 'op_1', 'op_2'],
  });
  const tool = await gw.api<{ uuid: string }>('POST', `/servers/${server.uuid}/tools/import-curl`, {
    curl_command: `curl '${upstream.url}/pets?limit=2' -H 'Authorization: Bearer demo-secret'`,
  });
  await gw.api('PATCH', `/servers/${server.uuid}/tools/${tool.uuid}`, {
    status: 'active',
    name: 'List pets',
    description: 'Lists pets',
  });
  for (let i = 1; i <= 3; i++)
    await gw.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: { limit: String(i) },
    });
  await gw.api('POST', `/servers/${server.id}/prompts`, {
    name: 'adopt',
    description: 'Adoption letter',
    arguments: [{ name: 'pet', description: 'pet name', required: true }],
    template_content: 'Write an adoption letter for {{pet}}.',
  });
  await gw.api('POST', `/servers/${server.uuid}/resources`, {
    uri: 'docs://care',
    name: 'Care guide',
    mime_type: 'text/markdown',
    data_source_type: 'static',
    data_source_config: { content: '# Care' },
  });
  await new Promise((r) => setTimeout(r, 600));

  const pages: Array<[string, string]> = [
    ['signin', ''],
    ['dashboard', '#/dashboard'],
    ['servers', '#/servers'],
    ['tools', `#/servers/${server.uuid}/tools`],
    ['tool-editor', `#/servers/${server.uuid}/tools/${tool.uuid}`],
    ['import', `#/servers/${server.uuid}/import`],
    ['import-candidates', `#/servers/${server.uuid}/import`],
    ['prompts', `#/servers/${server.uuid}/prompts`],
    ['resources', `#/servers/${server.uuid}/resources`],
    ['connect', `#/servers/${server.uuid}/connect`],
    ['server-settings', `#/servers/${server.uuid}/settings`],
    ['logs', '#/logs'],
    ['settings', '#/settings'],
    ['keys', '#/keys'],
    ['health', '#/health'],
  ];
  for (const [width, height, suffix] of [
    [1366, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    const b = await startBrowser({ width, height });
    const errors: string[] = [];
    b.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    b.page.on('pageerror', (e) => errors.push(String(e)));
    await b.page.goto(`${gw.url}/admin/`);
    await b.page.screenshot({ path: join(out, `signin-${suffix}.png`), fullPage: true });
    await b.page.getByLabel('API key').fill(ADMIN_KEY);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByRole('button', { name: 'Sign out' }).waitFor();
    for (const [name, hash] of pages.slice(1)) {
      await b.page.goto(`${gw.url}/admin/${hash}`);
      await b.page.waitForTimeout(700);
      if (name === 'import-candidates') {
        await b.page.getByText('OpenAPI 3.x').click();
        await b.page.getByLabel('OpenAPI file (JSON or YAML)').setInputFiles(PETSTORE);
        await b.page.getByRole('button', { name: 'Read candidates' }).click();
        await b.page.getByText('Swagger Petstore').waitFor();
      }
      if (name === 'tool-editor') {
        await b.page.getByRole('button', { name: 'Run test' }).click();
        await b.page.getByTestId('mcp-output').waitFor();
      }
      await b.page.screenshot({ path: join(out, `${name}-${suffix}.png`), fullPage: true });
    }
    if (errors.length) console.log(`${suffix} console errors:\n${errors.join('\n')}`);
    await b.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await gw.close();
  await upstream.close();
}
