/**
 * The admin UI end to end: the built UI in headless Chromium against a real Toolgate (the CLI on
 * SQLite) and a local upstream, plus the official MCP SDK client. Under CI=true it never skips.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from 'playwright-core';
import {
  ADMIN_KEY,
  type Browser,
  chromiumAvailable,
  eventually,
  type Gateway,
  openKeyPath,
  signInWithKey,
  startBrowser,
  startGateway,
  startUpstream,
  type Upstream,
} from './harness.ts';

const PETSTORE = join(import.meta.dirname, '../../test/fixtures/corpus/openapi/valid/oai-v3.0-petstore.yaml');
const skip = !chromiumAvailable() && process.env.CI !== 'true' ? 'chromium is not installed' : false;

async function signIn(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/admin/`);
  await signInWithKey(page, key);
}

async function connectSdk(url: string): Promise<Client> {
  const client = new Client({ name: 'e2e-sdk-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp/pet-store`)));
  return client;
}

describe('admin UI end to end', { skip }, () => {
  let upstream: Upstream;
  let gw: Gateway;
  let browser: Browser;
  let page: Page;
  let toolUrl = '';

  before(async () => {
    upstream = await startUpstream();
    gw = await startGateway();
    browser = await startBrowser();
    page = browser.page;
    page.setDefaultTimeout(15_000);
  });
  after(async () => {
    await browser?.close();
    await gw?.close();
    await upstream?.close();
  });

  test('serves /admin/ with a strict CSP and redirects / there', async () => {
    const res = await fetch(`${gw.url}/`, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const admin = await fetch(`${gw.url}/admin/`);
    assert.equal(admin.status, 200);
    assert.match(admin.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.doesNotMatch(await admin.text(), /<script>(?!<\/)/);
  });

  test('refuses a wrong key and signs in with the administrator key, keeping it in sessionStorage only', async () => {
    await page.goto(`${gw.url}/admin/`);
    await openKeyPath(page);
    await page.getByLabel('API key', { exact: true }).fill('tgk_wrong');
    await page.getByRole('button', { name: 'Sign in with the key' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That key was not accepted. Check it and try again.' })
      .waitFor();
    await signIn(page, gw.url, ADMIN_KEY);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const stored = await page.evaluate(() => ({
      session: Object.values(sessionStorage),
      local: Object.keys(localStorage).length,
      url: location.href,
    }));
    assert.deepEqual(stored.session, [ADMIN_KEY]);
    assert.equal(stored.local, 0);
    assert.ok(!stored.url.includes(ADMIN_KEY));
  });

  test('creates a server', async () => {
    await page.getByRole('link', { name: 'Servers', exact: true }).click();
    await page.getByRole('button', { name: 'New server' }).click();
    await page.getByRole('button', { name: 'Create server' }).click();
    await page.getByText('required').first().waitFor();
    await page.getByLabel('Name *').fill('Pet store');
    await page.getByLabel('Description', { exact: true }).fill('Pets for the e2e test');
    await page.getByRole('button', { name: 'Create server' }).click();
    await page.getByRole('heading', { name: /Pet store/ }).waitFor();
    assert.match(page.url(), /#\/servers\/[0-9a-f-]{36}\/tools$/);
  });

  test('imports an OpenAPI document from a file: candidates, selection, created tools', async () => {
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByText('OpenAPI 3.x').click();
    await page.getByLabel('OpenAPI file (JSON or YAML)').setInputFiles(PETSTORE);
    await page.getByRole('button', { name: 'Read candidates' }).click();
    await page.getByText('Swagger Petstore').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /^Import / }).count(), 3);
    await page.getByLabel('Import Create a pet').uncheck();
    await page.getByText('2 of 3 selected').waitFor();
    await page.getByRole('button', { name: 'Import 2 tool(s)' }).click();
    await page.getByText('2 created · 0 skipped · 0 failed').waitFor();
    await page.getByRole('link', { name: 'List all pets', exact: true }).waitFor();
  });

  test('imports a cURL command, activates the tool and tests it: outbound request (masked) and MCP output', async () => {
    await page.getByRole('button', { name: 'Import more' }).click();
    await page.getByText('cURL command', { exact: true }).click();
    await page
      .getByRole('textbox', { name: 'cURL command' })
      .fill(`curl '${upstream.url}/pets?limit=2' -H 'Authorization: Bearer e2e-secret-token'`);
    await page.getByRole('button', { name: 'Import command' }).click();
    await page.getByText(/saved as this server's test credentials/).waitFor();
    await page.getByRole('link', { name: 'Open the tool', exact: true }).click();
    await page.getByRole('button', { name: 'Activate and test' }).click();
    await page.getByRole('status').filter({ hasText: 'Activated.' }).waitFor();
    // the test ran at once, with the value the cURL command had
    await page.getByTestId('outbound-request').filter({ hasText: '/pets?limit=2' }).waitFor();
    toolUrl = page.url();
    await page.getByLabel(/^limit/).fill('3');
    await page.getByRole('button', { name: 'Run test' }).click();
    await page.getByTestId('outbound-request').filter({ hasText: 'limit=3' }).waitFor();
    const outbound = await page.getByTestId('outbound-request').textContent();
    assert.match(outbound ?? '', new RegExp(`GET ${upstream.url}/pets\\?limit=3`));
    assert.match(outbound ?? '', /authorization: Bearer \*\*\*\*/);
    assert.ok(!(outbound ?? '').includes('e2e-secret-token'));
    assert.match((await page.getByTestId('mcp-output').textContent()) ?? '', /"name": "Polly"/);
    assert.equal(upstream.requests.at(-1)?.authorization, 'Bearer e2e-secret-token');
  });

  test('the MCP SDK client lists and calls the tool; the call shows in the logs and on the dashboard', async () => {
    const client = await connectSdk(gw.url);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['get_pets'],
    );
    const result = await client.callTool({ name: 'get_pets', arguments: { limit: '1' } });
    assert.equal(result.isError, false);
    assert.match(JSON.stringify(result.content), /Rex/);
    await client.close();

    await page.getByRole('link', { name: 'Call logs', exact: true }).click();
    await eventually(async () => {
      await page.reload();
      // the Client column names the client by its clientInfo.name
      await page.getByRole('cell', { name: 'e2e-sdk-client', exact: true }).waitFor({ timeout: 1000 });
    });
    const rows = page.getByTestId('call-logs').locator('tbody tr');
    assert.equal(await rows.count(), 3); // two admin tests (auto-run, then limit=3) and the SDK call
    await rows.filter({ hasText: 'e2e-sdk-client' }).getByRole('button', { name: 'Details' }).click();
    // a modal dialog that takes focus, shows the call, and closes with Escape
    const dialog = page.getByRole('dialog', { name: /^Call \d+$/ });
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Close');
    const detail = (await page.getByTestId('call-detail').textContent()) ?? '';
    assert.match(detail, /tools\/call/);
    assert.match(detail, /"limit": "1"/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Details');
    // on a phone every row's Details button is inside the viewport
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const button of await rows.getByRole('button', { name: 'Details' }).all()) {
        const box = await button.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `Details at ${JSON.stringify(box)}`);
      }
      await rows.first().getByRole('button', { name: 'Details' }).click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    assert.equal(await page.getByTestId('calls-today').textContent(), '3');
    const top = (await page.getByTestId('top-tools').textContent()) ?? '';
    assert.match(top, /get_pets/);
  });

  test("editing a tool's description changes tools/list", async () => {
    await page.goto(toolUrl);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Lists the pets in the shop (edited in the admin UI)');
    await page.getByRole('button', { name: 'Save tool' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const client = await connectSdk(gw.url);
    const { tools } = await client.listTools();
    assert.equal(tools[0]?.description, 'Lists the pets in the shop (edited in the admin UI)');
    await client.close();
  });

  test('deletes call logs by filter, naming the count first', async () => {
    await page.getByRole('link', { name: 'Call logs', exact: true }).click();
    await page.getByLabel('Status').selectOption('success');
    await page.getByLabel('Search').fill('mcp');
    const button = page.getByRole('button', { name: 'Delete all 1 matching…' });
    await button.click();
    await page.getByRole('dialog').getByText('search = mcp, status = success').waitFor();
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('Deleted 1 call log(s).').waitFor();
    await page.getByText('No calls match.').waitFor();
    const left = await gw.api<unknown[]>('GET', '/analytics/calls');
    assert.equal(left.length, 2);
  });

  test('fields to keep and max output tokens set in the editor shape what the SDK client gets', async () => {
    await page.goto(toolUrl);
    await page.getByLabel('Fields to keep').fill('$.pets[*].name');
    await page.getByLabel('Max output tokens').fill('500');
    await page.getByRole('button', { name: 'Save tool' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const client = await connectSdk(gw.url);
    const result = await client.callTool({ name: 'get_pets', arguments: {} });
    assert.equal(result.isError, false);
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    const projected = JSON.parse(text) as { pets: Array<Record<string, unknown>> };
    assert.ok(projected.pets.length > 0);
    for (const pet of projected.pets) assert.deepEqual(Object.keys(pet), ['name']);
    await client.close();
    // Cleared again: the later tests see the whole answer.
    await page.getByLabel('Fields to keep').fill('');
    await page.getByLabel('Max output tokens').fill('');
    await page.getByRole('button', { name: 'Save tool' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('link', { name: 'Call logs', exact: true }).click();
  });

  test('creates a tool by hand: the schema is checked as you type and the API answer is shown', async () => {
    // The main navigation's link: a page still showing the editor repeats it in its breadcrumb.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Servers', exact: true })
      .click();
    await page.getByRole('link', { name: 'Pet store' }).click();
    await page.getByRole('link', { name: 'New tool' }).click();
    await page.getByLabel('Name *').fill('Find pet by tag');
    await page.getByLabel('Endpoint URL *').fill(`${upstream.url}/pets?tag={{tag}}`);
    const schema = page.getByLabel('Input schema (JSON Schema, type object)');
    await schema.fill('{"type": "object", "properties": {"tag": {"type": "text"}}}');
    await page.getByText('properties.tag.type "text" is not a JSON Schema type').waitFor();
    await schema.fill(
      '{"type": "object", "properties": {"tag": {"type": "string", "enum": ["dog", "cat"]}}, "required": ["tag"]}',
    );
    await page.getByText('valid · 1 input(s): tag').waitFor();
    await page.getByLabel('Slug').fill('listPets');
    await page.getByLabel('Status').selectOption('draft');
    await page.getByRole('button', { name: 'Create tool' }).click();
    await page.getByRole('alert').filter({ hasText: 'rest_invalid_param' }).waitFor();
    await page.getByLabel('Slug').fill('findByTag');
    await page.getByRole('button', { name: 'Create tool' }).click();
    await page.getByText('This tool is a draft').waitFor();
    const tools = await gw.api<Array<{ slug: string; status: string }>>(
      'GET',
      `/servers/${/#\/servers\/([^/]+)/.exec(page.url())?.[1]}/tools?search=findByTag`,
    );
    assert.deepEqual(
      tools.map((t) => [t.slug, t.status]),
      [['findByTag', 'draft']],
    );
  });

  test('an analyst key sees analytics but no write action', async () => {
    const analyst = await gw.api<{ secret: string }>('POST', '/keys', {
      name: 'e2e analyst',
      role: 'analyst',
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    assert.equal(await page.evaluate(() => sessionStorage.length), 0);
    // keyboard only: Enter on "Use an API key" opens it with the cursor in the key field, Enter
    // signs in, focus moves to the page's content
    await page.goto(`${gw.url}/admin/`);
    await page.getByText('Use an API key').focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('API key', { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'api-key');
    await page.keyboard.type(analyst.secret);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('main')?.id), 'main');
    const nav = (await page.getByRole('navigation', { name: 'Main' }).textContent()) ?? '';
    assert.match(nav, /Dashboard/);
    assert.match(nav, /Call logs/);
    for (const hidden of ['Servers', 'Settings', 'API keys']) assert.ok(!nav.includes(hidden), hidden);
    await page.getByRole('link', { name: 'Call logs', exact: true }).click();
    await page.getByTestId('call-logs').waitFor();
    assert.equal(await page.getByRole('button', { name: /Delete/ }).count(), 0);
    assert.equal(await page.getByRole('checkbox').count(), 0);
    await page.goto(`${gw.url}/admin/#/servers`);
    await page.getByRole('heading', { name: 'Not available' }).waitFor();
    await page.goto(`${gw.url}/admin/#/health`);
    await page.getByRole('heading', { name: 'Health' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Run diagnostic' }).count(), 0);
  });
});
