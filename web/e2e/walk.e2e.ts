/**
 * Every page of the admin UI at a laptop (1440×900) and a phone (390×844): nothing wider than the
 * window, nothing on the console, and the first-hour fixes of issue 33 (details and filters in the
 * URL, the analyst's landing, Stripe's 417 operations not preselected) as a person meets them. The
 * walker is an administrator who signs in with a password (a cookie session); the analyst uses
 * the key path.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  type Browser,
  chromiumAvailable,
  type Gateway,
  signInWithKey,
  signInWithPassword,
  startBrowser,
  startGateway,
  startUpstream,
  type Upstream,
} from './harness.ts';
import { mcp } from './person-calls.ts';
import { type Demo, PETSTORE, STRIPE, seedDemo } from './seed.ts';

const skip = !chromiumAvailable() && process.env.CI !== 'true' ? 'chromium is not installed' : false;
const DESKTOP = { width: 1440, height: 900 };
/** The administrator who walks, created through the API with the administrator key. */
const WALKER = { email: 'walker@example.com', password: 'walk the admin pages', display_name: 'Walker' };
const PHONE = { width: 390, height: 844 };

/**
 * The 401s the browser logs by design: the sign-in page asks /auth/session whether a cookie session
 * exists (the cookie is HttpOnly, so only the server knows), and the walk types a wrong password.
 * Also the browser's own /favicon.ico request from the gateway's connect pages (server-rendered,
 * outside the admin UI, naming no icon), which the gateway answers 404. And the 400 of the policy
 * the walk saves with a mistake on purpose.
 */
function expectedRefusal(text: string, url: string): boolean {
  if (/status of 404/.test(text) && /^https?:\/\/[^/]+\/favicon\.ico$/.test(url)) return true;
  // The policy the walk saves with a misspelt attribute, refused so its problem is shown in place.
  if (/status of 400/.test(text) && /\/api\/svc\/v1\/policies\/[0-9a-f-]{36}$/.test(url)) return true;
  return /status of 401/.test(text) && /\/api\/svc\/v1\/auth\/(session|sign-in)$/.test(url);
}

describe('every admin page at 1440×900 and 390×844', { skip }, () => {
  let upstream: Upstream;
  let gw: Gateway;
  let browser: Browser;
  let page: Page;
  let demo: Demo;
  const problems: string[] = [];

  /** Fails when the page is wider than the window at either size; ends at the laptop size. */
  async function assertFits(what: string): Promise<void> {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      const { scroll, inner } = await page.evaluate(
        () =>
          new Promise<{ scroll: number; inner: number }>((resolve) =>
            requestAnimationFrame(() =>
              resolve({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }),
            ),
          ),
      );
      assert.ok(scroll <= inner, `${what} at ${size.width}×${size.height}: ${scroll} px wide`);
    }
  }

  async function open(hash: string, ready: (p: Page) => Promise<unknown>): Promise<void> {
    await page.goto(`${gw.url}/admin/${hash}`);
    await ready(page);
  }

  const heading = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { name }).first().waitFor();
  const serverPath = (...rest: string[]) => `#/servers/${demo.server.uuid}/${rest.join('/')}`;

  before(async () => {
    upstream = await startUpstream();
    gw = await startGateway();
    browser = await startBrowser(DESKTOP);
    page = browser.page;
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => {
      if (m.type() === 'error' && !expectedRefusal(m.text(), m.location().url))
        problems.push(`console: ${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await gw.api('POST', '/users', { ...WALKER, role: 'administrator' });
  });
  afterEach(() => {
    assert.deepEqual(problems.splice(0), [], 'the console stays free of errors');
  });
  after(async () => {
    await browser?.close();
    await gw?.close();
    await upstream?.close();
  });

  test("sign-in with a password: a cookie session, no secret in the page's storage", async () => {
    await open('', (p) => p.getByLabel('E-mail', { exact: true }).waitFor());
    await assertFits('sign-in');
    await page.getByLabel('E-mail', { exact: true }).fill(WALKER.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();
    await assertFits('sign-in refused');
    await signInWithPassword(page, WALKER.email, WALKER.password);
    await page.getByRole('link', { name: 'My account: Walker' }).waitFor();
    const kept = await page.evaluate(() => ({
      session: sessionStorage.length,
      local: localStorage.length,
      cookie: document.cookie,
    }));
    assert.deepEqual(kept, { session: 0, local: 0, cookie: '' }, 'the session cookie is HttpOnly');
    // The cookie alone changes nothing: without the session's X-CSRF-Token, or with a forged one, 403.
    const cookie = (await browser.context.cookies(gw.url)).find((c) => c.name.endsWith('tg_session'));
    assert.ok(cookie?.httpOnly, 'an HttpOnly session cookie');
    assert.equal(cookie?.sameSite, 'Lax');
    for (const csrf of [undefined, 'forged']) {
      const res: Response = await fetch(`${gw.url}/api/svc/v1/groups`, {
        method: 'POST',
        headers: {
          cookie: `${cookie?.name}=${cookie?.value}`,
          'content-type': 'application/json',
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
        body: JSON.stringify({ name: 'forged' }),
      });
      assert.equal(res.status, 403);
      assert.equal(((await res.json()) as { code: string }).code, 'rest_csrf_failed');
    }
    // A reload keeps the session (the CSRF token is read again from /auth/session).
    await page.reload();
    await page.getByRole('link', { name: 'My account: Walker' }).waitFor();
  });

  test('sign-in with an identity provider: its button first, back to the page after', async () => {
    const sso = await startGateway({
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'toolgate',
      OIDC_NAME: 'Acme SSO',
    });
    try {
      await page.goto(`${sso.url}/admin/#/logs`);
      const button = page.getByRole('link', { name: 'Sign in with Acme SSO' });
      await button.waitFor();
      assert.equal(
        await button.getAttribute('href'),
        `../api/svc/v1/auth/oidc/start?return_to=${encodeURIComponent('/admin/#/logs')}`,
      );
      await page.getByLabel('E-mail', { exact: true }).waitFor();
      await assertFits('sign-in with an identity provider');
    } finally {
      await sso.close();
    }
  });

  test('servers: the empty state of a new gateway', async () => {
    await open('#/servers', (p) => p.getByRole('button', { name: 'Create the first server' }).waitFor());
    await assertFits('servers (empty)');
    demo = await seedDemo(gw, upstream);
  });

  test('dashboard', async () => {
    await open('#/dashboard', (p) => p.getByTestId('top-tools').filter({ hasText: 'List pets' }).waitFor());
    await assertFits('dashboard');
  });

  test('servers list', async () => {
    await open('#/servers', (p) => p.getByRole('link', { name: 'Billing' }).waitFor());
    await assertFits('servers');
  });

  test('server tabs: tools, prompts, resources, connect, settings', async () => {
    await open(serverPath('tools'), heading('Tools'));
    await page.getByRole('link', { name: 'List pets' }).waitFor();
    await assertFits('tools');
    await open(serverPath('prompts'), (p) => p.getByText('Adoption letter').waitFor());
    await assertFits('prompts');
    await open(serverPath('resources'), (p) => p.getByText('docs://care').first().waitFor());
    await assertFits('resources');
    await open(serverPath('connect'), heading('Connect a client'));
    await assertFits('connect');
    await open(serverPath('settings'), heading('Delete this server'));
    await assertFits('server settings');
  });

  test('tool editor and its test panel', async () => {
    await open(serverPath('tools', demo.tool.uuid), heading('Test'));
    await assertFits('tool editor');
    await page.getByRole('button', { name: 'Run test' }).click();
    await page.getByTestId('mcp-output').waitFor();
    await assertFits('tool editor with a test result');
  });

  test('policies: the list, a refused text with its problem in place, Try it', async () => {
    await open('#/policies', (p) => p.getByRole('link', { name: 'new-pets-ask' }).waitFor());
    await assertFits('policies');
    await page.getByRole('link', { name: 'new-pets-ask' }).click();
    const text = page.getByLabel('Cedar text *');
    await text.waitFor();
    assert.match(await text.inputValue(), /resource\.risk == "write"/);
    await text.fill('forbid(principal, action, resource)\nwhen { resource.riks == "write" };');
    await page.getByRole('button', { name: 'Save policy' }).click();
    const problem = page.locator('.policy-problems li').first();
    await problem.waitFor();
    assert.match((await problem.textContent()) ?? '', /^line 2, col 8: .*riks/);
    assert.equal(await problem.locator('mark').textContent(), 'resource.riks');
    await assertFits('policy editor with a problem');
    const tryIt = page.getByRole('form', { name: 'Try it' });
    // the curl import's slug is its own: pick the tool by its name
    const listPets = tryIt.getByLabel('Tool').locator('option', { hasText: 'List pets' });
    await listPets.waitFor({ state: 'attached' });
    await tryIt.getByLabel('Tool').selectOption((await listPets.getAttribute('value')) ?? '');
    await tryIt.getByRole('button', { name: 'Decide' }).click();
    await tryIt.getByRole('status').getByText('permit', { exact: true }).waitFor();
    await assertFits('policy try-it');
  });

  test('audit log: the events, the chain verified, a filter, one event in its drawer', async () => {
    const events = page.getByTestId('audit-events');
    await open('#/audit', () => events.getByText('policy.created').first().waitFor());
    await events.getByText('user.created').first().waitFor();
    await assertFits('audit log');
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page
      .getByRole('status')
      .getByText(/^Chain intact: \d+ rows$/)
      .waitFor();
    await page.getByLabel('Action').fill('policy.');
    await events.getByText('user.created').first().waitFor({ state: 'detached' });
    assert.match(
      (await page.getByRole('link', { name: 'Export JSON lines' }).getAttribute('href')) ?? '',
      /\/audit\/export\?action=policy\.$/,
    );
    await events
      .getByRole('button', { name: /^Details of event \d+$/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: /^Audit event \d+$/ });
    await drawer.getByText('"name": "new-pets-ask"', { exact: false }).waitFor();
    assert.match((await drawer.locator('dd.mono').last().textContent()) ?? '', /^[0-9a-f]{64}$/);
    await assertFits('audit event details');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  test('approvals: a call held for an approver group is approved on its card, then runs', async () => {
    const users = await gw.api<Array<{ id: string; email: string }>>('GET', '/users?per_page=100');
    const walker = users.find((u) => u.email === WALKER.email);
    const group = await gw.api<{ id: string }>('POST', '/groups', { name: 'Approvers' });
    await gw.api('PUT', `/groups/${group.id}/members`, { user_ids: [walker?.id] });
    const server = await gw.api<{ endpoint_url: string }>('GET', `/servers/${demo.server.uuid}`);
    const tool = await gw.api<{ slug: string }>(
      'GET',
      `/servers/${demo.server.uuid}/tools/${demo.tool.uuid}`,
    );
    const policy = await gw.api<{ id: string }>('POST', '/policies', {
      name: 'walk-approvers',
      server_id: demo.server.uuid,
      text: `@ask("group:Approvers")\n@reason("listing pets waits for an approver")\nforbid(principal, action == Action::"call_tool", resource == Tool::"${tool.slug}");`,
    });
    const call = () =>
      mcp(server.endpoint_url, null, 'tools/call', { name: tool.slug, arguments: { limit: '1' } });
    // The call is held open (up to 25 s) while it waits: it is not awaited here.
    const held = call();
    try {
      const card = page.getByRole('article', { name: /^List pets on Pet store$/ });
      await open('#/approvals', () => card.waitFor());
      await card.getByText('listing pets waits for an approver').waitFor();
      await assertFits('approvals');
      // Approve opens a dialog for an optional note; its button is "Approve call".
      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve List pets on Pet store?' });
      await dialog.getByLabel('Note (optional)').fill('fine for the walk');
      await assertFits('approve dialog');
      await dialog.getByRole('button', { name: 'Approve call' }).click();
      await card.getByText('approved', { exact: true }).waitFor();
      await card.getByText('fine for the walk').waitFor();
      let result = (await held) as { content?: Array<{ text: string }>; isError?: boolean };
      // Held past its 25 s, the call answered "pending": the same call again runs, once.
      if (result.isError && /^Waiting for approval/.test(result.content?.[0]?.text ?? ''))
        result = await call();
      assert.equal(result.isError ?? false, false, JSON.stringify(result));
      assert.match(result.content?.[0]?.text ?? '', /Rex/);

      // Another call, denied on its card: the waiting call fails with the approver's note.
      const denyCall = () =>
        mcp(server.endpoint_url, null, 'tools/call', { name: tool.slug, arguments: { limit: '2' } });
      const heldToo = denyCall();
      const pending = page.getByRole('article', { name: /^List pets on Pet store$/ }).filter({
        has: page.getByRole('button', { name: 'Deny' }),
      });
      await open('#/approvals', () => pending.waitFor());
      await pending.getByRole('button', { name: 'Deny' }).click();
      const denyDialog = page.getByRole('dialog', { name: 'Deny List pets on Pet store?' });
      await denyDialog.getByLabel('Note (optional)').fill('not two at once');
      await denyDialog.getByRole('button', { name: 'Deny call' }).click();
      let denied = (await heldToo) as { content?: Array<{ text: string }>; isError?: boolean };
      if (/^Waiting for approval/.test(denied.content?.[0]?.text ?? '')) denied = await denyCall();
      assert.equal(denied.isError, true);
      assert.match(
        denied.content?.[0]?.text ?? '',
        /^Denied by .* \(group "Approvers"\): not two at once\. No request was sent\.$/,
      );
    } finally {
      await held.catch(() => undefined);
      // The groups test starts from no group at all.
      await gw.api('DELETE', `/policies/${policy.id}`);
      await gw.api('DELETE', `/groups/${group.id}`);
    }
  });

  test("import wizard: Stripe's 417 operations are not preselected above the token budget", async () => {
    await open(serverPath('import'), heading('Import tools'));
    await assertFits('import wizard');
    await page.getByText('OpenAPI 3.x').click();
    await page.getByLabel('OpenAPI file (JSON or YAML)').setInputFiles(STRIPE);
    await page.getByRole('button', { name: 'Read candidates' }).click();
    await page.getByText(/· 417 candidate\(s\)/).waitFor({ timeout: 60_000 });
    await page.getByText(/^0 of 417 selected · 417 matching · tools\/list ≈ 0 tokens$/).waitFor();
    const notice = (await page.getByTestId('budget-notice').textContent()) ?? '';
    assert.match(notice, /more than this server's budget of 20,000/);
    assert.match(notice, /tool exposure is auto/);
    assert.equal(await page.getByRole('checkbox', { name: /^Import / }).count(), 50);
    await page.getByText('Page 1 of 9 · 417 in all').waitFor();
    // The path column is wide enough to read: one line, never a letter per line.
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      const cell = await page.locator('td.col-path').first().boundingBox();
      assert.ok(cell && cell.width >= 150 && cell.height < 60, `path cell ${JSON.stringify(cell)}`);
    }
    await assertFits('import wizard with 417 candidates');
    await page.getByLabel('Search candidates').fill('get');
    await page.getByRole('button', { name: /^Select all \d+ matching$/ }).click();
    await page.getByText(/^\d+ of 417 selected · \d+ matching/).waitFor();
    const status = (await page.getByText(/of 417 selected/).textContent()) ?? '';
    const [, picked, matching] = /^(\d+) of 417 selected · (\d+) matching/.exec(status) ?? [];
    assert.ok(picked === matching && Number(picked) > 50, status);
  });

  test('the import result says the new tools are drafts and activates them in one click', async () => {
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByLabel('OpenAPI file (JSON or YAML)').setInputFiles(PETSTORE);
    await page.getByRole('button', { name: 'Read candidates' }).click();
    await page.getByText('3 of 3 selected').waitFor();
    // The demo has these three: imported again under suffixed slugs, as drafts (the default).
    await page.getByLabel('When a slug already exists').selectOption('duplicate');
    await page.getByRole('button', { name: 'Import 3 tool(s)' }).click();
    const notice = page.getByTestId('draft-notice');
    assert.match(
      (await notice.textContent()) ?? '',
      /The 3 new tools are drafts .*MCP clients do not see them/,
    );
    await assertFits('import result');
    await page.getByRole('button', { name: 'Activate all 3' }).click();
    await page.getByText(/The 3 new tools are active: MCP clients on/).waitFor();
    const tools = await gw.api<Array<{ slug: string; status: string }>>(
      'GET',
      `/servers/${demo.server.uuid}/tools?search=-2`,
    );
    assert.deepEqual(
      tools.map((t) => t.status),
      ['active', 'active', 'active'],
    );
  });

  test('call logs and a call in the details drawer', async () => {
    await open('#/logs', (p) => p.getByTestId('call-logs').waitFor());
    await assertFits('call logs');
    await page.getByRole('button', { name: 'Details' }).first().click();
    await page.getByRole('dialog', { name: /^Call \d+$/ }).waitFor();
    await assertFits('call details');
  });

  test('a call opens from the URL; filters and the open call survive a reload, and Back closes it', async () => {
    const id = demo.callIds[1]!;
    await open(`#/logs?call=${id}`, (p) => p.getByRole('dialog', { name: `Call ${id}` }).waitFor());
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByLabel('Status').selectOption('success');
    await page.getByLabel('Server').selectOption({ label: 'Pet store' });
    await page.getByRole('button', { name: 'Details' }).first().click();
    await page.getByRole('dialog', { name: /^Call \d+$/ }).waitFor();
    assert.match(page.url(), new RegExp(`#/logs\\?server_id=${demo.server.uuid}&status=success&call=\\d+$`));
    await page.reload();
    await page.getByRole('dialog', { name: /^Call \d+$/ }).waitFor();
    assert.equal(await page.getByLabel('Status').inputValue(), 'success');
    await page.locator('option', { hasText: 'Pet store' }).waitFor({ state: 'attached' });
    assert.equal(await page.getByLabel('Server').inputValue(), demo.server.uuid);
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Status').inputValue(), 'success');
    await page.goBack();
    await page.waitForFunction(() => !location.hash.includes('server_id'));
    assert.equal(await page.getByLabel('Server').inputValue(), '');
  });

  test('health', async () => {
    await open('#/health', heading('Health'));
    await assertFits('health');
  });

  test('API keys', async () => {
    await open('#/keys', heading('API keys'));
    await assertFits('keys');
  });

  test('settings', async () => {
    await open('#/settings', heading('Retention'));
    await assertFits('settings');
  });

  test('a form refuses a bad value the one way: the field marked, a summary linking to it, focus on it', async () => {
    await open('#/settings', heading('Retention'));
    const retention = page.getByLabel('Call-log retention');
    await retention.fill('-5');
    const save = page.getByRole('button', { name: 'Save settings' });
    assert.equal(await save.isEnabled(), true, 'Save stays enabled with an invalid value');
    await save.click();
    const summary = page.getByRole('alert').filter({ hasText: '1 field needs attention' });
    await summary.waitFor();
    assert.equal(await retention.getAttribute('aria-invalid'), 'true');
    assert.equal(
      await retention.evaluate((el) => el === document.activeElement),
      true,
      'focus is on the field',
    );
    const border = await retention.evaluate((el) => getComputedStyle(el).borderTopColor);
    const plain = await page
      .getByLabel('Default timeout')
      .evaluate((el) => getComputedStyle(el).borderTopColor);
    assert.notEqual(border, plain, 'the invalid input has its own border colour');
    const link = summary.getByRole('link', { name: /Call-log retention: must be at least 1/ });
    await page.getByLabel('Default timeout').focus();
    await link.click();
    assert.equal(
      await retention.evaluate((el) => el === document.activeElement),
      true,
      'the link focuses the field',
    );
    await assertFits('settings with an error');
    await retention.fill('30');
    await summary.waitFor({ state: 'detached' });
    assert.equal(await retention.getAttribute('aria-invalid'), null, 'a fixed field is no longer marked');
  });

  test('users: the list, a new user with a password, their page', async () => {
    await open('#/users', heading('Users'));
    await page.getByRole('link', { name: 'Walker', exact: true }).waitFor();
    await assertFits('users');
    await page.getByRole('button', { name: 'New user' }).click();
    await page.getByLabel('E-mail *').fill('bea@example.com');
    await page.getByLabel('Display name').fill('Bea');
    await page.getByLabel('Role').selectOption('analyst');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('link', { name: 'Password: at least 12 characters' }).waitFor();
    await assertFits('new user with an error');
    await page.getByLabel('Password', { exact: true }).fill('bea has a long password');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByText(/bea@example.com added: they sign in with the password you set/).waitFor();
    await page.getByRole('link', { name: 'Bea' }).click();
    await heading('Sessions')(page);
    await assertFits('a user page');
    // The walker's own page: no way to disable or delete themselves.
    await open('#/users', (p) => p.getByRole('link', { name: 'Walker', exact: true }).click());
    await page.getByText('You cannot delete yourself; another administrator can.').waitFor();
    assert.equal(await page.getByLabel('Disabled').isDisabled(), true);
  });

  test('groups: create one, add a member', async () => {
    await open('#/groups', (p) => p.getByRole('button', { name: 'Create the first group' }).waitFor());
    await assertFits('groups (empty)');
    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByLabel('Name *').fill('Platform');
    await page.getByLabel('Role').selectOption('editor');
    await page.getByLabel('Identity-provider group').fill('platform-team');
    await page.getByRole('button', { name: 'Create group' }).click();
    await heading('Members')(page);
    await page.getByRole('checkbox', { name: /Bea/ }).check();
    await page.getByRole('button', { name: 'Save members' }).click();
    await page.getByText('Saved: 1 member(s).').waitFor();
    await assertFits('a group page');
    await open('#/groups', (p) => p.getByRole('link', { name: 'Platform' }).waitFor());
    await assertFits('groups');
    const users = await gw.api<Array<{ email: string; groups: Array<{ name: string }> }>>('GET', '/users');
    assert.deepEqual(
      users.find((u) => u.email === 'bea@example.com')?.groups.map((g) => g.name),
      ['Platform'],
    );
  });

  test('server settings: sign-in through Toolgate, who may use the server, per-person tool limits', async () => {
    await open(serverPath('settings'), heading('Delete this server'));
    await page.getByLabel('Auth type', { exact: true }).selectOption('oauth');
    assert.equal(await page.getByLabel('Sign-in through Toolgate').isChecked(), true);
    assert.equal(await page.getByLabel('Everyone who signs in').isChecked(), true);
    await page.getByLabel('Only these people and groups').check();
    await page.getByRole('group', { name: 'People' }).getByRole('checkbox', { name: /Bea/ }).check();
    await page.getByRole('group', { name: 'Groups' }).getByRole('checkbox', { name: 'Platform' }).check();
    await page.getByLabel('Tool rate limits count').selectOption('user');
    await assertFits('server settings with an access list');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const users = await gw.api<Array<{ id: string; email: string }>>('GET', '/users');
    const groups = await gw.api<Array<{ id: string; name: string }>>('GET', '/groups');
    const saved = await gw.api<{
      auth_type: string;
      auth_config: { authorization_servers: string[] };
      access_list: { users: string[]; groups: string[] } | null;
      settings: { tool_limit_scope?: string };
    }>('GET', `/servers/${demo.server.uuid}`);
    assert.equal(saved.auth_type, 'oauth');
    assert.deepEqual(saved.auth_config.authorization_servers, []);
    assert.deepEqual(saved.access_list, {
      users: [users.find((u) => u.email === 'bea@example.com')?.id],
      groups: [groups.find((g) => g.name === 'Platform')?.id],
    });
    assert.equal(saved.settings.tool_limit_scope, 'user');
    // After a reload the page reads the same choices back.
    await page.reload();
    await page.getByRole('group', { name: 'People' }).getByRole('checkbox', { name: /Bea/ }).waitFor();
    assert.equal(await page.getByLabel('Only these people and groups').isChecked(), true);
    assert.equal(
      await page
        .getByRole('group', { name: 'Groups' })
        .getByRole('checkbox', { name: 'Platform' })
        .isChecked(),
      true,
    );
    await open(serverPath('connect'), heading('Connect and sign in'));
    await page.getByText('People sign in through Toolgate: the URL is all a client needs').waitFor();
    await assertFits('connect (sign-in through Toolgate)');
  });

  test('call logs: the Person column and a person filter', async () => {
    await open('#/logs', (p) => p.getByTestId('call-logs').waitFor());
    await page.getByRole('columnheader', { name: 'Person' }).waitFor();
    await page.getByLabel('Person').selectOption({ label: 'bea@example.com' });
    await page.getByText('No calls match.').waitFor();
    assert.match(page.url(), /#\/logs\?user_id=[0-9a-f-]{36}$/);
    await assertFits('call logs filtered by person');
  });

  test('my account: this browser marked, a key of my own shown once', async () => {
    await open('#/account', heading('My account'));
    await page.locator('.tag', { hasText: 'this browser' }).waitFor();
    await page
      .getByText("No app may act as you: MCP clients you connect through Toolgate's sign-in appear here.")
      .waitFor();
    await assertFits('my account');
    await page.getByLabel('Key name *').fill('walk laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-secret').textContent()) ?? '';
    assert.match(secret, /^tgk_/);
    await assertFits('my account with a new key');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByTestId('new-secret').waitFor({ state: 'detached' });
  });

  test('my connections: a token entered on its consent page, listed, seen by the administrator, disconnected', async () => {
    const row = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${name}\\b`) }) });
    await open('#/connections', heading('My connections'));
    await row('GitHub').getByText('not connected').waitFor();
    await row('Issue tracker').getByText('Enter your token to use its tools.').waitFor();
    await assertFits('my connections');
    // Connect leaves the app for the gateway's own consent page, and its link comes back here.
    await page.getByRole('button', { name: 'Connect Issue tracker' }).click();
    await page.getByRole('heading', { name: 'Enter your token' }).waitFor();
    await page.getByText('Create a token under Settings → API tokens, with read access to issues.').waitFor();
    await page.getByLabel('Your token').fill('walk-personal-token');
    await page.getByRole('button', { name: 'Save token' }).click();
    await page.getByRole('heading', { name: 'Connected' }).waitFor();
    await page.getByRole('link', { name: 'My connections' }).click();
    await heading('My connections')(page);
    assert.match(page.url(), /\/admin\/#\/connections$/);
    await row('Issue tracker').getByText('connected', { exact: true }).waitFor();
    assert.deepEqual(await row('Issue tracker').getByRole('button').allTextContents(), [
      'Reconnect Issue tracker',
      'Disconnect Issue tracker',
    ]);
    assert.equal(await page.getByText('walk-personal-token').count(), 0, 'the token is never shown');
    await assertFits('my connections (connected)');
    // The administrator sees who is connected on the server's Connections tab, never the token.
    await open(`#/servers/${demo.tracker.uuid}/connections`, heading('Connections'));
    await page.getByRole('cell', { name: /^Walker/ }).waitFor();
    assert.equal(await page.getByText('walk-personal-token').count(), 0);
    await assertFits('server connections');
    // The per-user settings: prefilled, the note, no redirect URI for a token.
    await open(`#/servers/${demo.github.uuid}/settings`, heading('Delete this server'));
    assert.equal(await page.getByLabel('Client ID').inputValue(), 'Iv1.demo');
    assert.equal(await page.getByLabel('Client secret').inputValue(), '');
    assert.equal(await page.getByTestId('redirect-uri').textContent(), `${gw.url}/connect/callback`);
    await assertFits('server settings (per-user sign-in)');
    // Disconnect asks first.
    await open('#/connections', heading('My connections'));
    await page.getByRole('button', { name: 'Disconnect Issue tracker' }).click();
    await page
      .getByRole('dialog', { name: 'Disconnect Issue tracker?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await page.getByText('Disconnected from Issue tracker: its tools ask you to connect again.').waitFor();
    await row('Issue tracker').getByText('not connected').waitFor();
  });

  test('an analyst signing in where an administrator left (API keys) lands on the dashboard', async () => {
    const analyst = await gw.api<{ secret: string }>('POST', '/keys', {
      name: 'walk analyst',
      role: 'analyst',
    });
    await open('#/keys', heading('API keys'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail', { exact: true }).waitFor();
    assert.match(page.url(), /#\/keys$/);
    // Signed out on the server: a reload does not sign the walker in again.
    await page.reload();
    await page.getByLabel('E-mail', { exact: true }).waitFor();
    await signInWithKey(page, analyst.secret);
    await heading('Dashboard')(page);
    assert.match(page.url(), /\/admin\/#\/$/);
    await assertFits('dashboard (analyst)');
    // A page the role cannot see has a way on.
    await open('#/keys', heading('Not available'));
    await assertFits('not available');
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await heading('Dashboard')(page);
  });
});
