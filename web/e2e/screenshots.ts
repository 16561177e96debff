/**
 * Screenshots of every admin page at a laptop (1440×900) and a phone (390×844) width, over the
 * walk's demo data (`node --import tsx web/e2e/screenshots.ts [out-dir]`; the committed ones are
 * in docs/screenshots, named admin-<page>-desktop.png / -phone.png). Not part of the tests: a
 * person looks at them.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  eventually,
  openKeyPath,
  signInWithKey,
  signInWithPassword,
  startBrowser,
  startGateway,
  startUpstream,
} from './harness.ts';
import { callAsPerson, mcp } from './person-calls.ts';
import { PETSTORE, STRIPE, seedDemo } from './seed.ts';

const out = process.argv[2] ?? '.tmp/screenshots';
const SOURCE_FIXTURES = join(import.meta.dirname, '../../test/fixtures/sources');
mkdirSync(out, { recursive: true });
const SIZES = [
  [{ width: 1440, height: 900 }, 'desktop'],
  [{ width: 390, height: 844 }, 'phone'],
] as const;

const upstream = await startUpstream();
const gw = await startGateway();
const browser = await startBrowser(SIZES[0][0]);
const page = browser.page;
page.setDefaultTimeout(60_000);
const errors: string[] = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));

/** Opens a view at the laptop size, lets `prepare` bring it to the state shown, then shoots both sizes. */
async function shoot(name: string, hash: string | null, prepare?: (p: Page) => Promise<unknown>) {
  await page.setViewportSize(SIZES[0][0]);
  if (hash !== null) await page.goto(`${gw.url}/admin/${hash}`);
  await page.waitForTimeout(500);
  await prepare?.(page);
  for (const [size, suffix] of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    const path = join(out, `admin-${name}-${suffix}.png`);
    // An open drawer is as tall as the window and scrolls inside it (a full-page shot cuts it at
    // the window's height): the window grows to the drawer's content instead.
    const drawer = page.locator('dialog.drawer[open]');
    const tall = (await drawer.count()) ? await drawer.evaluate((d) => d.scrollHeight) : 0;
    if (tall > size.height) {
      await page.setViewportSize({ width: size.width, height: tall });
      await page.waitForTimeout(250);
      await page.screenshot({ path });
    } else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(SIZES[0][0]);
}

/** The items app's recording, as the HAR import's tests read it. */
const ITEMS_HAR = join(import.meta.dirname, '../../test/fixtures/har/items-app.har');

const readCandidates = (file: string, title: RegExp) => async (p: Page) => {
  await p.getByText('OpenAPI 3.x').click();
  await p.getByLabel('OpenAPI file (JSON or YAML)').setInputFiles(file);
  await p.getByRole('button', { name: 'Read candidates' }).click();
  await p.getByText(title).first().waitFor();
};

/** An identity provider's settings: enough for the sign-in page to offer it. */
const IDP = { OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_ID: 'toolgate', OIDC_NAME: 'Acme SSO' };
const ADMIN = { email: 'ada@example.com', password: 'a long admin password', display_name: 'Ada Admin' };

const BEA = { email: 'bea@example.com', password: 'bea has a long password' };

/**
 * A call of a server's shared identity held for the Approvers group (`member`): the queue with its
 * pending card, and the Deny dialog with a note. The policy and the group go again afterwards.
 */
async function shootApprovals(serverUuid: string, toolUuid: string, member: string) {
  const group = await gw.api<{ id: string }>('POST', '/groups', { name: 'Approvers' });
  await gw.api('PUT', `/groups/${group.id}/members`, { user_ids: [member] });
  const server = await gw.api<{ endpoint_url: string }>('GET', `/servers/${serverUuid}`);
  const tool = await gw.api<{ slug: string }>('GET', `/servers/${serverUuid}/tools/${toolUuid}`);
  const policy = await gw.api<{ id: string }>('POST', '/policies', {
    name: 'listing-needs-approval',
    server_id: serverUuid,
    text: `@ask("group:Approvers")\n@reason("listing pets is approved by the Approvers group")\nforbid(principal, action == Action::"call_tool", resource == Tool::"${tool.slug}");`,
  });
  // Held open while it waits, then answered "pending": not awaited until the shots are taken.
  const held = mcp(server.endpoint_url, null, 'tools/call', { name: tool.slug, arguments: { limit: '2' } });
  const card = page.getByRole('article', { name: /^List pets on Pet store$/ });
  await shoot('approvals', '#/approvals', () => card.getByRole('button', { name: 'Approve' }).waitFor());
  await shoot('approvals-deny', null, async (p) => {
    await card.getByRole('button', { name: 'Deny' }).click();
    await p.getByLabel('Note (optional)').fill('not during the stock count');
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await gw.api('DELETE', `/policies/${policy.id}`);
  await gw.api('DELETE', `/groups/${group.id}`);
  await held;
}

/**
 * The plan of the petstore v1 → v2 fixture (test/fixtures/sources/): v1 imported as tracked, two
 * local edits made (a description of findPets, a body template of updatePet using {{id}}), then
 * v2 checked — a move, changes, the shared $ref on three tools, a removal and two conflicts. The
 * sources list, then the plan with a value written for each conflict and Flag chosen for the removal.
 */
async function shootSourcePlan() {
  const fixture = (name: string) => readFileSync(join(SOURCE_FIXTURES, name), 'utf8');
  const server = await gw.api<{ uuid: string }>('POST', '/servers', { name: 'Petstore (tracked)' });
  const importPath = `/servers/${server.uuid}/tools/import-openapi`;
  const parsed = await gw.api<{ candidates: Array<{ temp_id: string }> }>('POST', importPath, {
    content: fixture('petstore-v1.yaml'),
  });
  const imported = await gw.api<{ source_id: string; created: Array<{ slug: string; uuid: string }> }>(
    'POST',
    importPath,
    {
      content: fixture('petstore-v1.yaml'),
      commit: true,
      selected_temp_ids: parsed.candidates.map((c) => c.temp_id),
      imported_status: 'active',
    },
  );
  const tool = (slug: string) => imported.created.find((c) => c.slug === slug)!.uuid;
  await gw.api('PATCH', `/servers/${server.uuid}/tools/${tool('findPets')}`, {
    description: 'Lists the pets in the store, filtered by tags (at most `limit`).',
  });
  await gw.api('PATCH', `/servers/${server.uuid}/tools/${tool('updatePet')}`, {
    body_template: '{"id": {{id}}, "name": "{{name}}", "tag": "{{tag}}"}',
  });
  const sources = `#/servers/${server.uuid}/sources`;
  const plan = await gw.api<{ id: string }>(
    'POST',
    `/servers/${server.uuid}/sources/${imported.source_id}/check`,
    {
      content: fixture('petstore-v2.yaml'),
    },
  );
  await shoot('sources', sources, (p) => p.getByRole('link', { name: 'Open plan' }).waitFor());
  await shoot('source-plan', `${sources}/${imported.source_id}/plans/${plan.id}`, async (p) => {
    const move = p.getByRole('article', { name: /move findPets/ });
    await move.getByLabel('Write a value').check();
    await move.getByLabel('Value for description').fill('Lists the pets in the store, filtered by tags.');
    const update = p.getByRole('article', { name: /change updatePet/ });
    await update.getByLabel('Write a value').check();
    await update
      .getByLabel('Value for body template')
      .fill('{"id": {{petId}}, "name": "{{name}}", "tag": "{{tag}}"}');
    await p
      .getByRole('article', { name: /remove deletePet/ })
      .getByLabel('Flag')
      .check();
  });
}

try {
  const ada = await gw.api<{ id: string }>('POST', '/users', { ...ADMIN, role: 'administrator' });
  await shoot('signin', '', (p) => p.getByLabel('E-mail', { exact: true }).waitFor());
  await shoot('signin-key', '', openKeyPath);
  await page.goto(`${gw.url}/admin/`);
  await signInWithPassword(page, ADMIN.email, ADMIN.password);
  await shoot('servers-empty', '#/servers', (p) => p.getByText('No servers yet').waitFor());

  const bea = await gw.api<{ id: string }>('POST', '/users', {
    ...BEA,
    display_name: 'Bea Analyst',
    role: 'analyst',
  });
  await gw.api('POST', '/users', { email: 'carl@example.com', role: 'editor' });
  const group = await gw.api<{ id: string }>('POST', '/groups', {
    name: 'Platform',
    role: 'editor',
    idp_group: 'platform-team',
  });
  await gw.api('PUT', `/groups/${group.id}/members`, { user_ids: [bea.id] });

  const demo = await seedDemo(gw, upstream);
  const at = (...rest: string[]) => `#/servers/${demo.server.uuid}/${rest.join('/')}`;
  // A call of the pet store's shared identity held for the Approvers group (Ada): the queue with a
  // pending card, and the Deny dialog. The policy goes again before anyone else calls the store.
  await shootApprovals(demo.server.uuid, demo.tool.uuid, ada.id);
  // The pet store signs people in through Toolgate, for Ada, Bea and the Platform group; they call it.
  const petStore = await gw.api<{ endpoint_url: string }>('PATCH', `/servers/${demo.server.uuid}`, {
    auth_type: 'oauth',
    access_list: { users: [ada.id, bea.id], groups: [group.id] },
    settings: { tool_limit_scope: 'user' },
  });
  await callAsPerson(gw, ADMIN, petStore.endpoint_url, 2);
  await callAsPerson(gw, BEA, petStore.endpoint_url);
  const personCall = await eventually(async () => {
    const rows = await gw.api<Array<{ id: number }>>('GET', `/analytics/calls?user_id=${ada.id}`);
    if (rows.length < 2) throw new Error(`${rows.length} calls by Ada so far`);
    return rows[0]!.id;
  });
  await shoot('dashboard', '#/dashboard', (p) =>
    p.getByTestId('top-tools').filter({ hasText: 'List pets' }).waitFor(),
  );
  await shoot('servers', '#/servers', (p) => p.getByRole('link', { name: 'Billing' }).waitFor());
  await shoot('tools', at('tools'), (p) => p.getByRole('link', { name: 'List pets' }).waitFor());
  await shoot('tool-editor', at('tools', demo.tool.uuid), async (p) => {
    await p.getByRole('button', { name: 'Run test' }).click();
    await p.getByTestId('mcp-output').waitFor();
  });
  // The same tool made long-running (ticked, not saved): questions inside the task, and clients
  // without tasks told after 30 s that the call continues.
  await shoot('tool-long-running', at('tools', demo.tool.uuid), async (p) => {
    await p.reload(); // the same address as the last shot: start from the saved tool
    await p.getByLabel('This API is slow or asynchronous (run calls as MCP tasks)').check();
    await p.getByLabel("Ask this tool's questions inside the task").check();
    await p.getByLabel('Max wait (s)').fill('900');
    await p.getByLabel('Clients without tasks: "continues" after (ms)').fill('30000');
    await p.getByTestId('long-running').scrollIntoViewIfNeeded();
  });
  await shoot('import', at('import'));
  await shoot('import-candidates', at('import'), readCandidates(PETSTORE, /Swagger Petstore/));
  await shoot('import-result', null, async (p) => {
    // The demo has these three already: imported again under suffixed slugs, as drafts.
    await p.getByLabel('When a slug already exists').selectOption('duplicate');
    await p.getByRole('button', { name: /^Import \d+ tool\(s\)$/ }).click();
    await p.getByTestId('draft-notice').waitFor();
  });
  await shoot('import-stripe', null, async (p) => {
    await p.getByRole('button', { name: 'Import more' }).click();
    await readCandidates(STRIPE, /417 candidate\(s\)/)(p);
  });
  // A real recording (test/fixtures/har/items-app.har): what was left out and why, the token found.
  await shoot('import-har', at('import'), async (p) => {
    await p.reload();
    await p.getByText('HAR (recorded traffic)').click();
    await p.getByLabel('HAR file (DevTools "Save all as HAR", a proxy export)').setInputFiles(ITEMS_HAR);
    await p.getByRole('button', { name: 'Read candidates' }).click();
    await p.getByTestId('har-filtered').waitFor();
  });
  await shoot('policies', '#/policies', (p) => p.getByRole('link', { name: 'new-pets-ask' }).waitFor());
  await shoot('policy-problem', `#/policies/${demo.policy.id}`, async (p) => {
    await p
      .getByLabel('Cedar text *')
      .fill('forbid(principal, action, resource)\nwhen { resource.riks == "write" };');
    await p.getByRole('button', { name: 'Save policy' }).click();
    await p.locator('.policy-problems').waitFor();
  });
  await shoot('policy-try', `#/policies/${demo.policy.id}`, async (p) => {
    await p.reload(); // the same address as the last shot: start from the saved policy
    const tryIt = p.getByRole('form', { name: 'Try it' });
    const tool = tryIt.getByLabel('Tool');
    await tool.locator('option', { hasText: 'pet' }).first().waitFor({ state: 'attached' });
    const adding = tool.locator('option', { hasText: /create/i }).first();
    if (await adding.count()) await tool.selectOption((await adding.getAttribute('value')) ?? '');
    await tryIt.getByLabel('Arguments (JSON)').fill('{"name": "Rex"}');
    await tryIt.getByRole('button', { name: 'Decide' }).click();
    await tryIt.getByRole('status').waitFor();
    await tryIt.scrollIntoViewIfNeeded();
  });
  await shoot('audit', '#/audit', async (p) => {
    await p.getByTestId('audit-events').getByText('policy.created').first().waitFor();
    await p.getByRole('button', { name: 'Verify chain' }).click();
    await p.getByText(/^Chain intact/).waitFor();
  });
  await shoot('audit-details', '#/audit?action=policy.', async (p) => {
    await p
      .getByRole('button', { name: /^Details of event/ })
      .first()
      .click();
    await p.getByRole('dialog').getByText('prev_hash').waitFor();
  });
  await shoot('prompts', at('prompts'), (p) => p.getByText('Adoption letter').waitFor());
  await shoot('resources', at('resources'), (p) => p.getByText('docs://care').first().waitFor());
  await shoot('connect', at('connect'));
  await shoot('server-settings', at('settings'), (p) =>
    p.getByRole('checkbox', { name: /Platform/ }).waitFor(),
  );
  await shoot('logs', '#/logs', (p) => p.getByTestId('call-logs').waitFor());
  await shoot('logs-details', `#/logs?call=${personCall}`, (p) => p.getByRole('dialog').waitFor());
  await shoot('logs-person', `#/logs?user_id=${bea.id}`, (p) =>
    p.getByTestId('call-logs').getByText('bea@example.com').first().waitFor(),
  );
  // Code mode: a server whose clients run programs that may adopt (a listed write), not remove;
  // one run, then its calls in the logs.
  const programs = await gw.api<{ uuid: string; endpoint_url: string }>('POST', '/servers', {
    name: 'Pet programs',
    tool_exposure: 'code',
    settings: { code: { writes: 'listed', write_tools: ['adopt_pet'], cpu_ms: 2000 } },
  });
  const petTool = (slug: string, name: string, http_method: string, path: string, description: string) =>
    gw.api('POST', `/servers/${programs.uuid}/tools`, {
      name,
      slug,
      description,
      endpoint_url: `${upstream.url}${path}`,
      http_method,
      input_schema: {
        type: 'object',
        properties: { limit: { type: 'integer' }, pet_id: { type: 'integer' } },
      },
    });
  await petTool('list_pets', 'List pets', 'GET', '/pets', 'List the pets in the store.');
  await petTool('adopt_pet', 'Adopt a pet', 'POST', '/adoptions', 'Adopt a pet by its id.');
  await petTool('remove_pet', 'Remove a pet', 'DELETE', '/pets', 'Remove a pet from the store.');
  await petTool('rename_pet', 'Rename a pet', 'PATCH', '/pets', "Change a pet's name.");
  await mcp(programs.endpoint_url, null, 'tools/call', {
    name: 'execute',
    arguments: {
      code: 'const { pets } = await api.list_pets({ limit: 3 });\nconst dog = pets.find((p) => p.tag === "dog");\nawait api.adopt_pet({ pet_id: dog.id });\nreturn { pets: pets.length, adopted: dog.name };',
    },
  });
  const run = await eventually(async () => {
    const rows = await gw.api<Array<{ id: number; tool_name: string; run_id: string | null }>>(
      'GET',
      `/analytics/calls?server_id=${programs.uuid}`,
    );
    const own = rows.find((r) => r.tool_name === 'execute');
    if (!own?.run_id || rows.length < 3) throw new Error(`${rows.length} rows of the run so far`);
    return own;
  });
  await shoot('server-code-mode', `#/servers/${programs.uuid}/settings`, (p) =>
    p.getByRole('checkbox', { name: /Adopt a pet/ }).waitFor(),
  );
  // The run's own call opened from the server's calls (with the way to the run's calls), then the run's calls.
  await shoot('logs-run', `#/logs?server_id=${programs.uuid}&call=${run.id}`, (p) =>
    p.getByRole('dialog').getByRole('button', { name: "Show the run's calls" }).waitFor(),
  );
  await shoot('logs-run-calls', `#/logs?run_id=${run.run_id}`, (p) =>
    p.getByText(/The calls of program run/).waitFor(),
  );
  await shoot('settings', '#/settings');
  await shoot('keys', '#/keys');
  await shoot('users', '#/users', (p) => p.getByRole('link', { name: 'Bea Analyst' }).waitFor());
  await shoot('user', `#/users/${bea.id}`, (p) => p.getByRole('heading', { name: 'Sessions' }).waitFor());
  await shoot('groups', '#/groups', (p) => p.getByRole('link', { name: 'Platform' }).waitFor());
  await shoot('group', `#/groups/${group.id}`, (p) => p.getByRole('checkbox', { name: /Bea/ }).waitFor());
  await shoot('account', '#/account', async (p) => {
    await p.locator('.tag', { hasText: 'this browser' }).waitFor();
    await p.getByLabel('Key name *').fill('laptop');
    await p.getByRole('button', { name: 'Create key' }).click();
    await p.getByTestId('new-secret').waitFor();
  });
  await shoot('health', '#/health');
  // Per-user credentials: Ada enters her own token for the issue tracker on the gateway's consent page.
  await shoot('connections-empty-row', '#/connections', (p) =>
    p.getByRole('button', { name: 'Connect Issue tracker' }).waitFor(),
  );
  await page.getByRole('button', { name: 'Connect Issue tracker' }).click();
  await shoot('connect-token', null, (p) => p.getByLabel('Your token').fill('demo-personal-token'));
  await page.getByRole('button', { name: 'Save token' }).click();
  await shoot('connect-done', null, (p) => p.getByRole('heading', { name: 'Connected' }).waitFor());
  await shoot('connections', '#/connections', (p) =>
    p.getByRole('button', { name: 'Disconnect Issue tracker' }).waitFor(),
  );
  await shoot('connections-disconnect', null, (p) =>
    p.getByRole('button', { name: 'Disconnect Issue tracker' }).click(),
  );
  await shootSourcePlan();
  await shoot('server-connections', `#/servers/${demo.tracker.uuid}/connections`, (p) =>
    p.getByRole('cell', { name: /^Ada Admin/ }).waitFor(),
  );
  await shoot('server-settings-per-user', `#/servers/${demo.github.uuid}/settings`, (p) =>
    p.getByTestId('redirect-uri').waitFor(),
  );
  const analyst = await gw.api<{ secret: string }>('POST', '/keys', { name: 'Analyst', role: 'analyst' });
  // Signed out on the keys page, the analyst lands on the dashboard.
  await page.goto(`${gw.url}/admin/#/keys`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInWithKey(page, analyst.secret);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await shoot('not-available', '#/keys', (p) => p.getByRole('heading', { name: 'Not available' }).waitFor());
  // The sign-in page of a gateway with an identity provider (nothing asks the IdP before the click).
  const sso = await startGateway(IDP);
  try {
    await page.goto(`${sso.url}/admin/`);
    await shoot('signin-idp', null, (p) => p.getByRole('link', { name: 'Sign in with Acme SSO' }).waitFor());
  } finally {
    await sso.close();
  }
  if (errors.length) console.log(`console errors:\n${errors.join('\n')}`);
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await gw.close();
  await upstream.close();
}
