/*
 * tools/list of a server with 1,000 tools (a generated OpenAPI document with Stripe-like
 * operations: path and query parameters, a JSON body, an object answer), imported through the
 * API as an operator would. Times every page of the list (10 pages of 100) the first time after a
 * change (tools presented and pages built) and warm (served from the per-tool-set cache), through
 * the real app (`inject`). Run: node --import tsx bench/mcp-list.bench.ts [tools]
 */
import { createMcpKit } from '../test/mcp-kit.ts';

const TOOLS = Number(process.argv[2] ?? 1000);

function spec(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    paths[`/v1/resource_${i}/{id}`] = {
      post: {
        operationId: `update_resource_${i}`,
        summary: `Update resource ${i}`,
        description: `Updates resource ${i}. Parameters not provided are left unchanged.`.repeat(3),
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } },
          { name: 'expand', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  description: { type: 'string', maxLength: 5000 },
                  metadata: { type: 'object', additionalProperties: { type: 'string' } },
                  amount: { type: 'integer', minimum: 0 },
                  currency: { type: 'string', enum: ['usd', 'eur', 'gbp'] },
                },
                required: ['amount'],
              },
            },
          },
        },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Big', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths,
  });
}

const kit = await createMcpKit();
try {
  const content = spec(TOOLS);
  const path = `/servers/${kit.serverUuid}/tools/import-openapi`;
  const preview = await kit.t.api('POST', path, { source: 'text', content });
  if (preview.statusCode !== 200) throw new Error(`preview: ${preview.statusCode} ${preview.body}`);
  const ids = (preview.json() as { candidates: Array<{ temp_id: string }> }).candidates.map((c) => c.temp_id);
  const commit = await kit.t.api('POST', path, {
    source: 'text',
    content,
    commit: true,
    selected_temp_ids: ids,
    imported_status: 'active',
  });
  if (commit.statusCode >= 300) throw new Error(`commit: ${commit.statusCode} ${commit.body}`);
  const sid = await kit.initialize();

  /** Every page, following cursors; returns the time taken, the tools and the bytes sent. */
  const listAll = async () => {
    const started = performance.now();
    let cursor: string | undefined;
    let tools = 0;
    let bytes = 0;
    do {
      const res = await kit.rpc(sid, 'tools/list', cursor ? { cursor } : {});
      const body = res.json() as { result: { tools: unknown[]; nextCursor?: string } };
      tools += body.result.tools.length;
      bytes += res.body.length;
      cursor = body.result.nextCursor;
    } while (cursor);
    return { ms: performance.now() - started, tools, bytes };
  };

  const cold = await listAll();
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) warm.push((await listAll()).ms);
  warm.sort((a, b) => a - b);
  console.log(
    `tools/list: ${cold.tools} tools in ${Math.ceil(cold.tools / 100)} pages, ${(cold.bytes / 1024).toFixed(0)} KiB: ` +
      `first after a change ${cold.ms.toFixed(1)} ms, cached median ${warm[10]!.toFixed(1)} ms ` +
      `(${(warm[10]! / Math.ceil(cold.tools / 100)).toFixed(2)} ms per page)`,
  );
} finally {
  await kit.close();
}
