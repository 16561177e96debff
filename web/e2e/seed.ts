/**
 * The demo data the page walk and the screenshots show: a server with OpenAPI and cURL tools (one
 * active, tested three times so the call logs and dashboard have rows), a prompt and a resource,
 * a paused second server, and two servers that act with each person's own credential (a personal
 * token, and an OAuth sign-in at a provider nobody reaches in the demo).
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
  /** The per-user servers: people enter their own token / connect their own account. */
  tracker: { uuid: string };
  github: { uuid: string };
  /** A policy of the pet store: adding a pet asks the person calling. */
  policy: { id: string };
}

/** The seeded policy's text: a write (POST) to the pet store asks the caller first. */
export const PET_POLICY = `@ask("caller")
@reason("adding a pet to the store is confirmed by the person asking")
forbid(principal, action == Action::"call_tool", resource)
when { resource.risk == "write" };`;

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
  const tracker = await gw.api<{ uuid: string }>('POST', '/servers', {
    name: 'Issue tracker',
    description: 'Issues, as each person',
    auth_credentials: {
      type: 'personal-token',
      location: 'bearer',
      instructions: 'Create a token under Settings → API tokens, with read access to issues.',
    },
  });
  const github = await gw.api<{ uuid: string }>('POST', '/servers', {
    name: 'GitHub',
    description: 'Repositories, as each person',
    auth_credentials: {
      type: 'oauth2-authorization-code',
      authorization_url: 'https://github.com/login/oauth/authorize',
      token_url: 'https://github.com/login/oauth/access_token',
      client_id: 'Iv1.demo',
      client_secret: 'demo-client-secret',
      scope: 'repo read:user',
    },
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
  const policy = await gw.api<{ id: string }>('POST', '/policies', {
    name: 'new-pets-ask',
    server_id: server.uuid,
    description: 'Adding a pet is confirmed by the person asking.',
    text: PET_POLICY,
  });
  // Call logs are written in batches.
  const calls = await eventually(async () => {
    const rows = await gw.api<Array<{ id: number }>>('GET', '/analytics/calls');
    if (rows.length < 3) throw new Error(`${rows.length} call logs so far`);
    return rows;
  });
  return { server, tool, callIds: calls.map((c) => c.id), tracker, github, policy };
}
