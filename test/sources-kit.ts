import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { TestApp } from './helpers.ts';

/** Helpers of the tracked-source tests (src/sources/): fixtures, a tracked import, check and apply. */

const FIXTURES = new URL('./fixtures/sources/', import.meta.url);

/** A fixture of test/fixtures/sources/ as text. */
export function readSourceFixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export async function createServer(t: TestApp, name: string): Promise<{ uuid: string; id: number }> {
  const res = await t.api('POST', '/servers', { name });
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

export interface TrackedImport {
  sourceId: string;
  /** Tool UUIDs by slug. */
  tools: Record<string, string>;
}

/**
 * Imports a document into the server (phase 1, then every candidate but `leaveOut` committed as
 * active tools) and answers the tracked source and the tools by slug.
 */
export async function importTracked(
  t: TestApp,
  serverUuid: string,
  route: 'import-openapi' | 'import-collection',
  document: Record<string, unknown>,
  leaveOut: string[] = [],
): Promise<TrackedImport> {
  const path = `/servers/${serverUuid}/tools/${route}`;
  const parsed = await t.api('POST', path, document);
  assert.equal(parsed.statusCode, 200, parsed.body);
  const chosen = (parsed.json().candidates as Array<{ temp_id: string; slug: string }>)
    .filter((c) => !leaveOut.includes(c.slug))
    .map((c) => c.temp_id);
  const res = await t.api('POST', path, {
    ...document,
    commit: true,
    selected_temp_ids: chosen,
    imported_status: 'active',
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(typeof body.source_id, 'string', res.body);
  const tools = Object.fromEntries(
    (body.created as Array<{ slug: string; uuid: string }>).map((c) => [c.slug, c.uuid]),
  );
  return { sourceId: body.source_id, tools };
}

export type PlanJson = {
  id: string;
  status: string;
  upstream: string;
  summary: Record<string, number>;
  summary_text: string;
  entries: Array<{
    id: string;
    action: string;
    operation: { key: string; operation_id: string | null; method: string; path: string };
    previous?: { key: string; method: string; path: string };
    tool: { id: string; slug: string; status: string } | null;
    candidate?: { slug: string; arguments: string[] };
    fields: Array<{
      field: string;
      key?: string;
      base?: unknown;
      ours?: unknown;
      theirs?: unknown;
      outcome: string;
      reason?: string;
    }>;
    breaking: Array<{ kind: string; argument?: string }>;
    problems: string[];
  }>;
};

/** POST …/check: the plan (asserts 200). */
export async function checkSource(
  t: TestApp,
  serverUuid: string,
  sourceId: string,
  body: Record<string, unknown> = {},
): Promise<PlanJson> {
  const res = await t.api('POST', `/servers/${serverUuid}/sources/${sourceId}/check`, body);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

/** POST …/plans/{id}/apply, answered as it comes. */
export function applyPlan(t: TestApp, serverUuid: string, sourceId: string, planId: string, body: unknown) {
  return t.api('POST', `/servers/${serverUuid}/sources/${sourceId}/plans/${planId}/apply`, body);
}

/** The entry of the plan for the tool (by slug) or the operation key. */
export function entryOf(plan: PlanJson, slugOrKey: string) {
  const entry = plan.entries.find((e) => e.tool?.slug === slugOrKey || e.operation.key === slugOrKey);
  assert.ok(
    entry,
    `no entry for ${slugOrKey} in ${plan.entries.map((e) => e.tool?.slug ?? e.operation.key).join(', ')}`,
  );
  return entry;
}

/** The field change of an entry (`field`, or `field` + `key`). */
export function fieldOf(entry: PlanJson['entries'][number], field: string, key?: string) {
  const change = entry.fields.find((f) => f.field === field && f.key === key);
  assert.ok(
    change,
    `no ${field}${key ? `:${key}` : ''} in ${JSON.stringify(entry.fields.map((f) => [f.field, f.key]))}`,
  );
  return change;
}
