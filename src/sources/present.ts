import type { SourceOperationRecord, SourcePlanRecord, SourceRecord } from '../store/sources.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import type { PlanBody, PlanEntry, PlanSummary } from './plan.ts';

/*
 * Sources and plans as the API answers them: UUIDs for ids, no stored document, no merge base of
 * an operation; a plan's entries with what an operator decides on (fields, breaking changes,
 * problems) and the one-line summary Terraform would print.
 */

type Counts = { tools: number; excluded: number; removed: number };

export interface StoredPlan extends PlanBody {
  upstream: 'changed' | 'not_modified' | 'unchanged';
  document: { title: string; version: string };
  warnings: string[];
}

/** "3 to add, 5 to change, 1 to move, 2 conflicts, 1 to remove", or "No changes." */
export function describeSummary(s: PlanSummary): string {
  const parts = [
    s.add ? `${s.add} to add` : '',
    s.change ? `${s.change} to change` : '',
    s.move ? `${s.move} to move` : '',
    s.conflicts ? `${s.conflicts} conflict${s.conflicts === 1 ? '' : 's'}` : '',
    s.remove ? `${s.remove} to remove` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No changes.';
}

/**
 * A source URL as answers show it: query values and user info may be keys (`?api_key=…`), so they
 * read `…`; the stored URL (what checks fetch) is unchanged.
 */
export function shownUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  if (parsed.username || parsed.password) {
    parsed.username = '…';
    parsed.password = '';
  }
  for (const key of [...new Set(parsed.searchParams.keys())]) parsed.searchParams.set(key, '…');
  return parsed.href.replaceAll('%E2%80%A6', '…');
}

export function presentSource(
  source: SourceRecord,
  serverUuid: string,
  counts: Counts | undefined,
  openPlan: string | null,
): Record<string, unknown> {
  return {
    id: source.uuid,
    server_id: serverUuid,
    kind: source.kind,
    origin: source.origin,
    url: source.url === null ? null : shownUrl(source.url),
    title: source.title,
    document_version: source.doc_version,
    content_hash: source.content_hash,
    etag: source.etag,
    last_modified: source.last_modified,
    schedule_minutes: source.schedule_minutes,
    revision: source.version,
    tracked_tools: counts?.tools ?? 0,
    excluded_operations: counts?.excluded ?? 0,
    flagged_removed: counts?.removed ?? 0,
    last_checked_at: source.last_checked_at,
    last_check_status: source.last_check_status,
    last_check_error: source.last_check_error,
    last_applied_at: source.last_applied_at,
    open_plan_id: openPlan,
    created_at: source.created_at,
    updated_at: source.updated_at,
  };
}

/** The source's operations: key, route, the tool it tracks (or none), excluded, flagged. */
export function presentOperations(ops: SourceOperationRecord[], tools: Map<number, ToolRecord>) {
  return ops.map((op) => {
    const tool = op.tool_id === null ? undefined : tools.get(op.tool_id);
    return {
      key: op.op_key,
      operation_id: op.operation_id,
      method: op.method,
      path: op.path,
      tool: tool ? { id: tool.uuid, slug: tool.slug, name: tool.name, status: tool.status } : null,
      excluded: op.excluded || !tool,
      removed_upstream_at: op.removed_at,
    };
  });
}

const operationOf = (k: { op_key: string; operation_id: string | null; method: string; path: string }) => ({
  key: k.op_key,
  operation_id: k.operation_id,
  method: k.method,
  path: k.path,
});

function presentEntry(e: PlanEntry): Record<string, unknown> {
  const base = { id: e.id, action: e.action, operation: operationOf(e.key) };
  if (e.action === 'add') {
    const c = e.candidate;
    const props = Object.keys((c.input_schema.properties as object | undefined) ?? {});
    return {
      ...base,
      tool: null,
      candidate: {
        name: c.name,
        slug: c.slug,
        description: c.description,
        http_method: c.http_method,
        endpoint_url: c.endpoint_url,
        arguments: props,
        required: Array.isArray(c.input_schema.required) ? c.input_schema.required : [],
      },
      fields: [],
      breaking: [],
      problems: e.problem ? [e.problem] : [],
    };
  }
  const tool = { id: e.tool.uuid, slug: e.tool.slug, name: e.tool.name, status: e.tool.status };
  if (e.action === 'remove') return { ...base, tool, fields: [], breaking: e.breaking, problems: [] };
  return {
    ...base,
    ...(e.action === 'move' || e.previous.op_key !== e.key.op_key
      ? { previous: operationOf(e.previous) }
      : {}),
    tool,
    fields: e.fields,
    breaking: e.breaking,
    problems: e.problems,
    ...(e.restored ? { restored: true } : {}),
  };
}

export function presentPlan(record: SourcePlanRecord, sourceUuid: string): Record<string, unknown> {
  const plan = record.plan as unknown as StoredPlan;
  return {
    id: record.uuid,
    source_id: sourceUuid,
    status: record.status,
    trigger: record.trigger,
    upstream: plan.upstream,
    document: plan.document,
    summary: plan.summary,
    summary_text: describeSummary(plan.summary),
    computed_against: {
      source_revision: record.source_version,
      content_hash: record.content_hash,
      tools: plan.tools,
    },
    warnings: plan.warnings ?? [],
    entries: plan.entries.map(presentEntry),
    created_at: record.created_at,
    applied_at: record.applied_at,
  };
}
