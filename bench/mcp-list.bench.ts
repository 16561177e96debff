/*
 * tools/list of servers with many tools (all exposed, `tool_exposure: all`), imported through the
 * API as an operator would: Stripe's real document (test/fixtures/corpus, 417 tools), a generated
 * GitHub-sized one (1,100 operations shaped like GitHub's REST API: owner/repo path parameters,
 * paging and filter queries, JSON bodies), and one server holding both (1,517 tools). For each:
 * every page of the list (pages of 100, following cursors) the first time after a change (tools
 * presented and pages built) and warm (pages served from the per-tool-set cache of
 * src/mcp/methods/tools.ts), through the real app (`inject`, a 2025 session), with the bytes
 * sent and the share of a warm listing spent serializing the cached pages to JSON.
 * Run: node --import tsx bench/mcp-list.bench.ts [github-operations]
 */
import { readFileSync } from 'node:fs';
import { buildTestApp } from '../test/helpers.ts';

const GITHUB_OPS = Number(process.argv[2] ?? 1100);
const stripe = readFileSync(
  new URL('../test/fixtures/corpus/openapi/valid/stripe-spec3.json', import.meta.url),
  'utf8',
);

/** An OpenAPI document the size and shape of GitHub's REST API (`count` operations). */
function githubSized(count: number): string {
  const paths: Record<string, Record<string, unknown>> = {};
  const owner = { name: 'owner', in: 'path', required: true, schema: { type: 'string' } };
  const repo = { name: 'repo', in: 'path', required: true, schema: { type: 'string' } };
  const paging = [
    { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 30 } },
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'sort', in: 'query', schema: { type: 'string', enum: ['created', 'updated', 'name'] } },
    { name: 'direction', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
  ];
  const body = {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            title: { type: 'string', description: 'The title of the item.' },
            body: { type: 'string', description: 'The contents of the item, in Markdown.' },
            labels: { type: 'array', items: { type: 'string' }, description: 'Labels to associate.' },
            assignees: { type: 'array', items: { type: 'string' } },
            state: { type: 'string', enum: ['open', 'closed'] },
            draft: { type: 'boolean' },
          },
          required: ['title'],
        },
      },
    },
  };
  const ok = {
    '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } },
  };
  const verbs = ['list', 'get', 'create', 'update', 'delete'] as const;
  for (let i = 0; i < count; i++) {
    const group = `resource_${Math.floor(i / verbs.length)}`;
    const verb = verbs[i % verbs.length]!;
    const item = verb !== 'list' && verb !== 'create';
    const path = `/repos/{owner}/{repo}/${group}${item ? '/{item_id}' : ''}`;
    const method = { list: 'get', get: 'get', create: 'post', update: 'patch', delete: 'delete' }[verb];
    const params: unknown[] = [owner, repo];
    if (item) params.push({ name: 'item_id', in: 'path', required: true, schema: { type: 'integer' } });
    if (verb === 'list') params.push(...paging);
    paths[path] ??= {};
    paths[path]![method] = {
      operationId: `${group}/${verb}`,
      summary: `${verb} ${group.replace('_', ' ')}`,
      description:
        `${verb[0]!.toUpperCase()}${verb.slice(1)}s ${group} of a repository. Anyone with read access ` +
        'to the repository can use this endpoint; OAuth app tokens and personal access tokens ' +
        '(classic) need the `repo` scope to use it with private repositories.',
      parameters: params,
      ...(verb === 'create' || verb === 'update' ? { requestBody: body } : {}),
      responses: ok,
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'GitHub-sized', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths,
  });
}

const t = await buildTestApp();
try {
  const github = githubSized(GITHUB_OPS);

  async function createServer(name: string, documents: string[]): Promise<string> {
    const created = await t.api('POST', '/servers', {
      name,
      tool_exposure: 'all',
      rate_limit_per_min: 100_000,
    });
    if (created.statusCode !== 201) throw new Error(`server: ${created.statusCode} ${created.body}`);
    const { uuid, slug } = created.json() as { uuid: string; slug: string };
    for (const content of documents) {
      const path = `/servers/${uuid}/tools/import-openapi`;
      const preview = await t.api('POST', path, { source: 'text', content });
      if (preview.statusCode !== 200)
        throw new Error(`preview: ${preview.statusCode} ${preview.body.slice(0, 300)}`);
      const ids = (preview.json() as { candidates: Array<{ temp_id: string }> }).candidates.map(
        (c) => c.temp_id,
      );
      const commit = await t.api('POST', path, {
        source: 'text',
        content,
        commit: true,
        selected_temp_ids: ids,
        imported_status: 'active',
      });
      if (commit.statusCode >= 300)
        throw new Error(`commit: ${commit.statusCode} ${commit.body.slice(0, 300)}`);
    }
    return slug;
  }

  async function measure(label: string, slug: string): Promise<void> {
    const url = `/mcp/${slug}`;
    let id = 1;
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      });
    const init = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      },
    });
    const sid = String(init.headers['mcp-session-id']);
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': sid });

    /**
     * Every page, following cursors: time taken, tools, bytes sent and the parsed results. Warm
     * listings only read the cursor off the end of each answer, so the client's JSON parsing of
     * ~1 MB is not counted as the server's time.
     */
    const listAll = async (parse: boolean) => {
      const started = performance.now();
      let cursor: string | undefined;
      let tools = 0;
      let bytes = 0;
      const results: unknown[] = [];
      do {
        const res = await post(
          { jsonrpc: '2.0', id: id++, method: 'tools/list', params: cursor ? { cursor } : {} },
          { 'mcp-session-id': sid },
        );
        if (res.statusCode !== 200)
          throw new Error(`tools/list: ${res.statusCode} ${res.body.slice(0, 300)}`);
        bytes += res.body.length;
        if (parse) {
          const parsed = res.json() as { result: { tools: unknown[]; nextCursor?: string } };
          tools += parsed.result.tools.length;
          results.push(parsed.result);
          cursor = parsed.result.nextCursor;
        } else {
          const at = res.body.lastIndexOf('"nextCursor":"');
          cursor = at < 0 ? undefined : res.body.slice(at + 14, res.body.indexOf('"', at + 14));
        }
      } while (cursor);
      return { ms: performance.now() - started, tools, bytes, results };
    };

    const cold = await listAll(true);
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) {
      const run = await listAll(false);
      // Same pages: only the JSON-RPC ids (a digit longer now and then) differ.
      if (Math.abs(run.bytes - cold.bytes) > 100)
        throw new Error(`warm listing differs: ${run.bytes} vs ${cold.bytes} bytes`);
      warm.push(run.ms);
    }
    warm.sort((a, b) => a - b);
    // What serializing the pages would cost per listing; warm listings splice the pages' kept JSON text instead.
    const stringify: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      for (const result of cold.results) JSON.stringify({ jsonrpc: '2.0', id: 1, result });
      stringify.push(performance.now() - started);
    }
    stringify.sort((a, b) => a - b);
    const pages = cold.results.length;
    const median = warm[10]!;
    console.log(
      `tools/list ${label}: ${cold.tools} tools in ${pages} pages, ${(cold.bytes / 1024).toFixed(0)} KiB: ` +
        `first after a change ${cold.ms.toFixed(1)} ms, cached median ${median.toFixed(1)} ms ` +
        `(${(median / pages).toFixed(2)} ms per page; serializing the pages afresh would add ${stringify[10]!.toFixed(1)} ms; they are served from their kept JSON text)`,
    );
  }

  const stripeSlug = await createServer('Stripe', [stripe]);
  const githubSlug = await createServer('GitHub-sized', [github]);
  const bothSlug = await createServer('Stripe + GitHub-sized', [stripe, github]);
  await measure('Stripe', stripeSlug);
  await measure('GitHub-sized', githubSlug);
  await measure('Stripe + GitHub-sized', bothSlug);
} finally {
  await t.close();
}
