import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server } from '../api/types.ts';
import { stubFetch } from '../test-fetch.ts';
import { ImportWizard } from './import-wizard.tsx';

afterEach(() => vi.unstubAllGlobals());

const server = { uuid: 's1', slug: 'pets' } as Server;
const candidate = (i: number, name: string, tags: string[]) => ({
  temp_id: `op_${i}`,
  name,
  slug: name.replace(/\s+/g, ''),
  description: '',
  endpoint_url: `https://api.test/${i}`,
  http_method: 'GET',
  input_schema: { type: 'object', properties: {}, required: [] },
  headers: null,
  tags,
});
const parsed = {
  candidates: [
    candidate(0, 'List pets', ['pets']),
    candidate(1, 'Get order', ['store']),
    candidate(2, 'Add pet', ['pets']),
  ],
  info: { title: 'Pet API', version: '2.0' },
  warnings: ['Operation GET /legacy uses cookie auth, which is not supported.'],
  _raw_spec: 'openapi: 3.0.0',
};

describe('ImportWizard', () => {
  test('OpenAPI: parses pasted text, shows warnings, commits only the chosen candidates with the chosen options', async () => {
    const sent = stubFetch(
      { body: parsed },
      {
        body: {
          created: [{ tool_id: 7, uuid: 't7', name: 'Add pet', slug: 'Addpet' }],
          skipped: [{ temp_id: 'op_0', name: 'List pets', reason: 'slug_exists' }],
          failed: [{ temp_id: 'op_9', name: 'Broken', reason: 'endpoint_url: not an absolute URL' }],
        },
      },
    );
    const imported = vi.fn();
    render(<ImportWizard server={server} onImported={imported} />);
    fireEvent.click(screen.getByLabelText('OpenAPI 3.x'));
    fireEvent.click(screen.getByLabelText('Paste'));
    fireEvent.change(screen.getByLabelText('OpenAPI document (JSON or YAML)'), {
      target: { value: 'openapi: 3.0.0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read candidates' }));
    await screen.findByText(/^3 of 3 selected · 3 matching · tools\/list ≈ [\d,]+ tokens$/);
    expect(sent[0]).toMatchObject({
      url: '../api/svc/v1/servers/s1/tools/import-openapi',
      body: { source: 'text', content: 'openapi: 3.0.0' },
    });
    expect(screen.getByText(parsed.warnings[0]!)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Import Get order' }));
    fireEvent.change(screen.getByLabelText('When a slug already exists'), { target: { value: 'duplicate' } });
    fireEvent.change(screen.getByLabelText('Imported status'), { target: { value: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 tool(s)' }));
    await screen.findByText('1 created · 1 skipped · 1 failed');
    expect(sent[1]?.body).toEqual({
      source: 'text',
      content: 'openapi: 3.0.0',
      commit: true,
      selected_temp_ids: ['op_0', 'op_2'],
      on_conflict: 'duplicate',
      imported_status: 'active',
    });
    expect(screen.getByRole('link', { name: 'Add pet' }).getAttribute('href')).toBe('#/servers/s1/tools/t7');
    expect(screen.getByText(/Broken: endpoint_url: not an absolute URL/)).toBeTruthy();
    expect(screen.getByText(/a tool with this slug exists/)).toBeTruthy();
    expect(imported).toHaveBeenCalledTimes(1);
  });

  test('cURL: shows the API error with its code and keeps the command for a fix', async () => {
    stubFetch({
      status: 400,
      body: { code: 'svc_invalid_curl', message: 'The command is not one cURL call.', data: { status: 400 } },
    });
    render(<ImportWizard server={server} onImported={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'cURL command' }), {
      target: { value: 'curl a && rm -rf /' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import command' }));
    await screen.findByText('The command is not one cURL call.');
    expect(screen.getByText('(400 svc_invalid_curl)')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'cURL command' }) as HTMLTextAreaElement).value).toBe(
      'curl a && rm -rf /',
    );
  });

  test('manifest: previews the file tools and sends only the selected ones to import-svc', async () => {
    const manifest = {
      format: 'svc/tools-v1',
      server: { name: 'Old', slug: 'old' },
      tools: [
        { name: 'One', slug: 'one', endpoint_url: 'https://a.test/1', http_method: 'GET', tags: [] },
        { name: 'Two', slug: 'two', endpoint_url: 'https://a.test/2', http_method: 'POST', tags: ['w'] },
      ],
    };
    const sent = stubFetch({
      body: { created: [{ tool_id: 1, uuid: 'u2', name: 'Two', slug: 'two' }], skipped: [], failed: [] },
    });
    render(<ImportWizard server={server} onImported={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Toolgate manifest'));
    const file = new File([JSON.stringify(manifest)], 'tools.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Manifest (svc/tools-v1 JSON)'), { target: { files: [file] } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Read candidates' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Read candidates' }));
    await screen.findByText(/^2 of 2 selected · 2 matching · tools\/list ≈ [\d,]+ tokens$/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import One' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 tool(s)' }));
    await screen.findByText('1 created · 0 skipped · 0 failed');
    expect(sent[0]?.url).toBe('../api/svc/v1/servers/s1/tools/import-svc');
    expect(sent[0]?.body).toEqual({
      manifest: { ...manifest, tools: [manifest.tools[1]] },
      on_conflict: 'skip',
      imported_status: 'draft',
    });
  });

  test('HAR: reads a recording, shows what was left out and the credential notice, re-reads with chosen hosts, commits with them', async () => {
    const harParsed = {
      candidates: [
        { ...candidate(0, 'get_api_items_item_id', []), temp_id: 'har_0' },
        { ...candidate(1, 'post_api_items', []), temp_id: 'har_1', http_method: 'POST' },
      ],
      info: { title: 'HAR recording of 127.0.0.1:4001', version: '' },
      entries: 33,
      filtered: { static_asset: 4, analytics: 7, non_api_host: 1 },
      hosts: [
        { host: '127.0.0.1:4000', requests: 1, api: false, kept: false },
        { host: '127.0.0.1:4001', requests: 19, api: true, kept: true },
      ],
      warnings: [
        'Left out 4 static assets (1 HTML document, 1 script, 1 stylesheet, 1 image).',
        'Left out 7 analytics or tracking requests (plausible.io: 1, beacons to 127.0.0.1:4000: 6).',
        'Cookies were dropped (18 requests sent cookies, 1 response set them); nothing of them is kept.',
        '2 operations from 19 recorded requests of 33 entries; no recorded value is kept.',
      ],
      detected_credentials: [{ type: 'bearer', source: 'header authorization' }],
    };
    const sent = stubFetch(
      { body: harParsed },
      { body: { ...harParsed, candidates: [{ ...harParsed.candidates[0], temp_id: 'har_0' }] } },
      {
        body: {
          created: [{ tool_id: 3, uuid: 't3', name: 'get_api_items_item_id', slug: 'x' }],
          skipped: [],
          failed: [],
        },
      },
    );
    render(<ImportWizard server={server} onImported={() => undefined} />);
    fireEvent.click(screen.getByLabelText('HAR (recorded traffic)'));
    const recording = '{"log":{"version":"1.2","entries":[]}}';
    const file = new File([recording], 'items.har', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('HAR file (DevTools "Save all as HAR", a proxy export)'), {
      target: { files: [file] },
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Read candidates' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Read candidates' }));
    await screen.findByText(/^2 of 2 selected/);
    expect(sent[0]).toMatchObject({
      url: '../api/svc/v1/servers/s1/tools/import-har',
      body: { source: 'text', content: recording },
    });
    const summary = screen.getByTestId('har-filtered');
    expect(summary.textContent).toContain('19 of 33 recorded requests are the API');
    expect(summary.textContent).toContain(harParsed.warnings[0]);
    expect(summary.textContent).toContain(harParsed.warnings[1]);
    // What was left out is in the summary, not repeated as warnings; other warnings stay.
    expect(screen.getAllByText(harParsed.warnings[0]!)).toHaveLength(1);
    expect(screen.getByText(harParsed.warnings[2]!).className).toContain('notice-warn');
    // The operations count is the summary's first line, not a warning.
    expect(screen.queryByText(harParsed.warnings[3]!)).toBeNull();
    expect(
      screen.getByText('Credentials found (bearer in header authorization) are saved as test credentials.'),
    ).toBeTruthy();

    const page = screen.getByRole('checkbox', { name: /127\.0\.0\.1:4000/ }) as HTMLInputElement;
    const api = screen.getByRole('checkbox', { name: /127\.0\.0\.1:4001/ }) as HTMLInputElement;
    expect([page.checked, api.checked]).toEqual([false, true]);
    fireEvent.click(page);
    fireEvent.click(screen.getByRole('button', { name: 'Read again with these hosts' }));
    await screen.findByText(/^1 of 1 selected/);
    expect(sent[1]?.body).toEqual({
      source: 'text',
      content: recording,
      hosts: ['127.0.0.1:4001', '127.0.0.1:4000'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 tool(s)' }));
    await screen.findByText('1 created · 0 skipped · 0 failed');
    expect(sent[2]?.body).toEqual({
      source: 'text',
      content: recording,
      hosts: ['127.0.0.1:4001', '127.0.0.1:4000'],
      commit: true,
      selected_temp_ids: ['har_0'],
      on_conflict: 'skip',
      imported_status: 'draft',
    });
  });

  test('HAR: a pasted recording with no API request says so', async () => {
    stubFetch({
      body: {
        candidates: [],
        info: { title: 'HAR recording', version: '1.2' },
        entries: 1,
        filtered: { static_asset: 1 },
        hosts: [],
        warnings: ['Left out 1 static asset (1 HTML document).'],
      },
    });
    render(<ImportWizard server={server} onImported={() => undefined} />);
    fireEvent.click(screen.getByLabelText('HAR (recorded traffic)'));
    fireEvent.click(screen.getByLabelText('Paste'));
    fireEvent.change(screen.getByLabelText('HAR (JSON)'), { target: { value: '{"log":{"entries":[{}]}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read candidates' }));
    await screen.findByText('No API request was found in the recording.');
    expect(screen.getByTestId('har-filtered').textContent).toContain('0 of 1 recorded requests are the API');
    expect(screen.queryByRole('button', { name: 'Read again with these hosts' })).toBeNull();
  });

  test('a document over the token budget starts with nothing selected and offers discovery mode', async () => {
    const big = {
      ...parsed,
      warnings: [],
      candidates: parsed.candidates.map((c) => ({ ...c, token_estimate: 9000 })),
    };
    const sent = stubFetch({ body: big }, { body: { ...server, tool_exposure: 'discovery' } });
    const changed = vi.fn();
    render(
      <ImportWizard
        server={{ ...server, name: 'Stripe', tool_exposure: 'all', settings: {} } as Server}
        onImported={changed}
      />,
    );
    fireEvent.click(screen.getByLabelText('OpenAPI 3.x'));
    fireEvent.click(screen.getByLabelText('Paste'));
    fireEvent.change(screen.getByLabelText('OpenAPI document (JSON or YAML)'), {
      target: { value: 'openapi: 3.0.0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read candidates' }));
    await screen.findByText('0 of 3 selected · 3 matching · tools/list ≈ 0 tokens');
    const notice = screen.getByTestId('budget-notice');
    expect(notice.textContent).toContain(
      "≈ 27,000 tokens to tools/list, more than this server's budget of 20,000",
    );
    expect((screen.getByRole('button', { name: 'Import 0 tool(s)' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Turn on discovery mode for Stripe' }));
    await screen.findByText(/Discovery mode is on for Stripe/);
    expect(sent[1]).toMatchObject({
      method: 'PATCH',
      url: '../api/svc/v1/servers/s1',
      body: { tool_exposure: 'discovery' },
    });
    expect(changed).toHaveBeenCalledTimes(1);
  });

  test("the budget is the server's own token_budget", async () => {
    stubFetch({
      body: { ...parsed, candidates: parsed.candidates.map((c) => ({ ...c, token_estimate: 400 })) },
    });
    render(
      <ImportWizard
        server={
          { ...server, name: 'Pets', tool_exposure: 'auto', settings: { token_budget: 1000 } } as Server
        }
        onImported={() => undefined}
      />,
    );
    fireEvent.click(screen.getByLabelText('OpenAPI 3.x'));
    fireEvent.click(screen.getByLabelText('Paste'));
    fireEvent.change(screen.getByLabelText('OpenAPI document (JSON or YAML)'), {
      target: { value: 'openapi: 3.0.0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read candidates' }));
    await screen.findByText('0 of 3 selected · 3 matching · tools/list ≈ 0 tokens');
    expect(screen.getByTestId('budget-notice').textContent).toContain("Pets's tool exposure is auto");
    expect(screen.queryByRole('button', { name: /Turn on discovery mode/ })).toBeNull();
  });
});
