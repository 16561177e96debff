/**
 * The demo data the page walk and the screenshots show: a server with OpenAPI and cURL tools (one
 * active, tested three times so the call logs and dashboard have rows), a prompt and a resource,
 * and a paused second server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, type Gateway, type Upstream } from './harness.ts';

const CORPUS = join(import.meta.dirname, '../../test/fixtures/corpus/openapi/valid');
export const PETSTORE = join(CORPUS, 'oai-v3.0-petstore.yaml');
/** Stripe's 2022 OpenAPI document: 417 operations, tools/list ≈ 270k tokens (source in the corpus's SOURCES.md). */
export const STRIPE = join(CORPUS, 'stripe-spec3.json');

export interface Demo {
  server: { uuid: string; id: number };
  tool: { uuid: string };
  /** ids of the call-log rows the Test runs wrote, newest first */
  callIds: number[];
}

export async function seedDemo(gw: Gateway, upstream: Upstream): Promise<Demo> {
  const server = await gw.api<{ uuid: string; id: number }>('POST', '/servers', {
    name: 'Pet store',
    description: 'Pets for the demo',
  });
  await gw.api('POST', '/servers', {
    name: 'Billing',
    description: 'Invoices and customers',
    status: 'paused',
  });
  await gw.api('POST', `/servers/${server.uuid}/tools/import-openapi`, {
    content: readFileSync(PETSTORE, 'utf8'),
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
  // Call logs are written in batches.
  const calls = await eventually(async () => {
    const rows = await gw.api<Array<{ id: number }>>('GET', '/analytics/calls');
    if (rows.length < 3) throw new Error(`${rows.length} call logs so far`);
    return rows;
  });
  return { server, tool, callIds: calls.map((c) => c.id) };
}
