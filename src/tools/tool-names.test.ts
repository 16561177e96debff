import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMcpKit } from '../../test/mcp-kit.ts';
import {
  dedupeSlugs,
  MAX_TOOL_NAME,
  shortenToolName,
  toSlug,
  toSnakeSlug,
  withSuffix,
} from './tool-names.ts';

const NAME_RULE = /^[A-Za-z0-9_.-]{1,64}$/;

describe('tool names: at most 64 MCP-safe characters, shortened readably and deterministically', () => {
  test('a long name keeps its readable start up to a word and ends with a hash of the whole name', () => {
    const long =
      'list_organization_members_of_a_team_within_an_enterprise_account_including_pending_invitations';
    const short = shortenToolName(long);
    assert.ok(short.length <= MAX_TOOL_NAME);
    assert.match(short, /^list_organization_members_of_a_team_within_an_[0-9a-f]{8}$/);
    assert.equal(shortenToolName(long), short, 'deterministic');
    assert.notEqual(shortenToolName(`${long}_v2`), short, 'names sharing a long prefix stay apart');
    assert.equal(shortenToolName('get_user'), 'get_user');
  });

  test('slugs from free text obey the rule; collision suffixes never push past 64', () => {
    for (const text of [
      'Ünïcödé tool — with spaces, commas & more',
      'x'.repeat(300),
      'GET /v1/chat/completions',
    ]) {
      assert.match(toSlug(text), NAME_RULE);
      assert.match(toSnakeSlug(text), NAME_RULE);
    }
    const items = Array.from({ length: 3 }, () => ({ slug: toSlug('y'.repeat(200)) }));
    dedupeSlugs(items);
    assert.equal(new Set(items.map((i) => i.slug)).size, 3);
    for (const i of items) assert.match(i.slug, NAME_RULE);
    assert.equal(withSuffix('z'.repeat(64), 12).length, 64);
  });

  test('create: an explicit slug over 64 is 400; a long name gives a shortened slug; collisions get -2 within 64', async () => {
    const k = await createMcpKit();
    try {
      const path = `/servers/${k.serverUuid}/tools`;
      const base = { endpoint_url: 'http://127.0.0.1:9/x', http_method: 'GET' };
      const tooLong = await k.t.api('POST', path, { ...base, name: 'T', slug: 'a'.repeat(65) });
      assert.equal(tooLong.statusCode, 400);
      assert.equal(tooLong.json().code, 'rest_invalid_param');
      const bad = await k.t.api('POST', path, { ...base, name: 'T', slug: 'has space' });
      assert.equal(bad.statusCode, 400);
      const name = 'Retrieve the complete billing history of a customer account including refunds';
      const first = await k.t.api('POST', path, { ...base, name });
      const second = await k.t.api('POST', path, { ...base, name });
      const [a, b] = [first.json().slug as string, second.json().slug as string];
      assert.match(a, NAME_RULE);
      assert.match(a, /^retrieve_the_complete_billing_history_of_a_customer_[0-9a-f]{8}$/);
      assert.equal(b, withSuffix(a, 2));
      assert.match(b, NAME_RULE);
    } finally {
      await k.close();
    }
  });

  test('import: a manifest slug over 64 is shortened, not refused', async () => {
    const k = await createMcpKit();
    try {
      const long = `get_${'very_long_segment_'.repeat(6)}end`;
      const res = await k.t.api('POST', `/servers/${k.serverUuid}/tools/import-svc`, {
        format: 'svc/tools-v1',
        tools: [{ name: 'Long', slug: long, endpoint_url: 'http://127.0.0.1:9/x', http_method: 'GET' }],
      });
      assert.ok(res.statusCode < 300, res.body);
      const slug = res.json().created[0].slug as string;
      assert.equal(slug, shortenToolName(long));
      assert.match(slug, NAME_RULE);
    } finally {
      await k.close();
    }
  });
});
