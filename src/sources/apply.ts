import type { AppContext } from '../context.ts';
import { ApiError, invalidParams } from '../errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import {
  advanceSource,
  deleteSourceOperation,
  insertSourceOperation,
  markSourcePlanApplied,
  type SourcePlanRecord,
  type SourceRecord,
  updateSourceOperation,
} from '../store/sources.repo.ts';
import {
  deleteToolRow,
  findTool,
  insertTool,
  listToolSlugs,
  type ToolRecord,
  updateToolRow,
} from '../store/tools.repo.ts';
import { presentMcpTool } from '../tools/mcp-view.ts';
import { withSuffix } from '../tools/tool-names.ts';
import { newToolRecord } from '../tools/tools.service.ts';
import { type ApplyChoices, fieldName, type RemovalAction } from './apply-choices.ts';
import { explainMergeProblems } from './merge-check.ts';
import type { ChangeEntry, PlanBody } from './plan.ts';
import { resealPlanDocument } from './sealed-document.ts';
import {
  canonicalJson,
  SYNCED_FIELDS,
  type SyncedView,
  sameJson,
  viewOfCandidate,
  viewOfTool,
} from './synced-view.ts';
import { mergeTool } from './three-way.ts';

/*
 * Apply (Terraform's apply): exactly what the plan showed, with the operator's choices, in one
 * transaction. The plan must still be open and computed against the source's current version,
 * and every tool it touches unchanged since (updated_at); otherwise 409 and nothing is written.
 */

export interface ApplyOutcome {
  created: Array<{ tool_id: number; uuid: string; slug: string; name: string }>;
  changed: Array<{ uuid: string; slug: string }>;
  removed: Array<{ uuid: string; slug: string; action: RemovalAction }>;
  skipped: Array<{ entry: string; reason: string }>;
  /** True when an active tool's definition as MCP clients see it changed (one list_changed sent). */
  list_changed: boolean;
}

export function stalePlan(why: string): ApiError {
  return new ApiError('rest_conflict', `The plan is stale (${why}): check the source again.`, {
    reason: 'plan_stale',
  });
}

const visible = (t: ToolRecord) => (t.status === 'active' ? canonicalJson(presentMcpTool(t)) : '');

/** The merged fields of a change entry with its choices; 400 when the result would be invalid. */
function mergeEntry(entry: ChangeEntry, tool: ToolRecord, choices: ApplyChoices): Partial<ToolRecord> {
  const picked = choices.choices.get(entry.id);
  const merged = mergeTool(viewOfTool(tool), entry.fields, (f) => picked?.get(fieldName(f)));
  const problems = explainMergeProblems(tool, merged);
  if (problems.length)
    throw invalidParams(
      Object.fromEntries(problems.map((p) => [`${entry.id}.${fieldName(p)}`, p.reason])),
      `The merge of "${tool.slug}" would leave it invalid; choose differently for the fields named.`,
    );
  const patch: Record<string, unknown> = {};
  const fields = [...SYNCED_FIELDS, 'interaction'] as const;
  for (const f of fields) {
    const value = (merged as Partial<SyncedView> & { interaction?: unknown })[f as keyof SyncedView];
    if (f === 'interaction' && !('interaction' in merged)) continue;
    if (!sameJson(value ?? null, tool[f] ?? null)) patch[f] = value ?? null;
  }
  return patch as Partial<ToolRecord>;
}

/** The first of `slug`, `slug-2`… not taken. */
function freeSlug(slug: string, taken: Set<string>): string {
  let candidate = slug;
  for (let n = 2; taken.has(candidate); n++) candidate = withSuffix(slug, n);
  return candidate;
}

/**
 * Applies an open plan of the source with the choices read by `readApplyChoices`; 409 when it is
 * stale. Publishes one `tools_changed` when an active tool's MCP definition changed.
 */
export async function applyPlan(
  ctx: AppContext,
  server: ServerRecord,
  source: SourceRecord,
  record: SourcePlanRecord,
  choices: ApplyChoices,
  appliedBy: string,
): Promise<ApplyOutcome> {
  const plan = record.plan as unknown as PlanBody & { document?: { title: string; version: string } };
  if (record.status !== 'open') throw stalePlan(`it was ${record.status}`);
  if (record.source_version !== source.version) throw stalePlan('the source was applied since');
  const settings = await getSettings(ctx);
  const out: ApplyOutcome = { created: [], changed: [], removed: [], skipped: [], list_changed: false };
  const now = nowIso();
  await ctx.store.db.transaction().execute(async (trx) => {
    if (!(await markSourcePlanApplied(trx, record.id, appliedBy))) throw stalePlan('it is no longer open');
    const moved = await advanceSource(trx, source.id, source.version, {
      content_hash: record.content_hash,
      etag: record.etag,
      last_modified: record.last_modified,
      ...(source.origin === 'text' && record.document !== null
        ? { document: resealPlanDocument(ctx, source.uuid, record.uuid, record.document) }
        : {}),
      ...(plan.document ? { title: plan.document.title, doc_version: plan.document.version } : {}),
      last_applied_at: now,
    });
    if (!moved) throw stalePlan('the source was applied since');
    // Every tool as planned, or the plan is stale.
    const current = new Map<string, ToolRecord>();
    for (const [uuid, updatedAt] of Object.entries(plan.tools)) {
      const tool = await findTool(trx, server.id, uuid);
      if (!tool) throw stalePlan(`a planned tool was deleted`);
      if (tool.updated_at !== updatedAt) throw stalePlan(`tool "${tool.slug}" changed since`);
      current.set(uuid, tool);
    }
    // Keys move in two steps (to a placeholder, then their new value): two operations may swap keys.
    for (const id of plan.forget) await deleteSourceOperation(trx, id);
    const rekeyed = [
      ...plan.rebase.map((r) => r.op_id),
      ...plan.entries.flatMap((e) => (e.action === 'change' || e.action === 'move' ? [e.op_id] : [])),
    ];
    for (const id of rekeyed) await updateSourceOperation(trx, id, { op_key: `moving:${id}` });
    for (const r of plan.rebase)
      await updateSourceOperation(trx, r.op_id, {
        ...r.key,
        ...(r.base ? { base: r.base } : {}),
        ...(r.restored ? { removed_at: null } : {}),
      });
    const taken = await listToolSlugs(trx, server.id);
    for (const entry of plan.entries) {
      if (entry.action === 'add') {
        if (entry.problem || choices.skip.has(entry.id)) {
          out.skipped.push({ entry: entry.id, reason: entry.problem ?? 'left out by the operator' });
          if (!entry.problem)
            await insertSourceOperation(trx, source.id, {
              ...entry.key,
              tool_id: null,
              base: null,
              excluded: true,
              removed_at: null,
            });
          continue;
        }
        const c = entry.candidate;
        const slug = freeSlug(c.slug, taken);
        taken.add(slug);
        const position = Number(/_(\d+)$/.exec(c.temp_id)?.[1] ?? 0);
        const tool = await insertTool(
          trx,
          newToolRecord(
            server.id,
            slug,
            {
              ...c,
              sort_order: c.sort_order ?? position,
              status: source.imported_status as 'draft' | 'active',
            },
            settings.default_timeout,
            now,
          ),
        );
        await insertSourceOperation(trx, source.id, {
          ...entry.key,
          tool_id: tool.id,
          base: viewOfCandidate(c),
          excluded: false,
          removed_at: null,
        });
        out.created.push({ tool_id: tool.id, uuid: tool.uuid, slug: tool.slug, name: tool.name });
        if (tool.status === 'active') out.list_changed = true;
        continue;
      }
      const tool = current.get(entry.tool.uuid)!;
      if (entry.action === 'remove') {
        const action = choices.removals.get(entry.id)!;
        if (action === 'detach') await deleteSourceOperation(trx, entry.op_id);
        else if (action === 'delete') {
          await deleteSourceOperation(trx, entry.op_id);
          await deleteToolRow(trx, tool.id);
        } else {
          await updateSourceOperation(trx, entry.op_id, { removed_at: now });
          if (action === 'deactivate' && tool.status !== 'inactive')
            await updateToolRow(trx, tool.id, { status: 'inactive', updated_at: now });
        }
        if (tool.status === 'active' && (action === 'delete' || action === 'deactivate'))
          out.list_changed = true;
        out.removed.push({ uuid: tool.uuid, slug: tool.slug, action });
        continue;
      }
      const patch = mergeEntry(entry, tool, choices);
      if (Object.keys(patch).length) {
        await updateToolRow(trx, tool.id, { ...patch, updated_at: now });
        if (visible(tool) !== visible({ ...tool, ...patch })) out.list_changed = true;
        out.changed.push({ uuid: tool.uuid, slug: tool.slug });
      }
      await updateSourceOperation(trx, entry.op_id, { ...entry.key, base: entry.theirs, removed_at: null });
    }
  });
  if (out.list_changed) ctx.events.publish({ type: 'tools_changed', serverId: server.id });
  return out;
}
