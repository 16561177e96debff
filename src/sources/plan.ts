import { explainToolProblems } from '../importers/commit.ts';
import type { Candidate } from '../importers/types.ts';
import type { SourceKind, SourceOperationRecord } from '../store/sources.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { type BreakingChange, findBreakingChanges } from './breaking.ts';
import { explainMergeProblems } from './merge-check.ts';
import { type Keyed, keysOf, type OperationKey, pairOperations } from './operation-key.ts';
import { type SyncedView, viewOfCandidate, viewOfTool } from './synced-view.ts';
import { diffTool, type FieldChange, mergeTool } from './three-way.ts';

/*
 * A plan (Terraform's plan): what re-reading a source would do to the server's tools. Computed
 * from the tracked operations, the tools as they are and the document's candidates; stored with
 * the versions it was computed against (the source's version, each planned tool's updated_at) so
 * an apply does exactly what was shown, or refuses.
 */

export interface ToolRef {
  id: number;
  uuid: string;
  slug: string;
  name: string;
  status: string;
}

interface EntryBase {
  /** `e1`, `e2`… in document order, removals last: what an apply's choices name. */
  id: string;
  key: OperationKey;
}

export interface AddEntry extends EntryBase {
  action: 'add';
  candidate: Candidate;
  /** Why the tools API would refuse it (it is then left out of the apply). */
  problem?: string;
}

export interface ChangeEntry extends EntryBase {
  action: 'change' | 'move';
  op_id: number;
  previous: OperationKey;
  tool: ToolRef;
  fields: FieldChange[];
  breaking: BreakingChange[];
  /** What the merged tool would still get wrong that no field choice names. */
  problems: string[];
  theirs: SyncedView;
  /** The operation had left the document and is back (its flag is cleared). */
  restored?: boolean;
}

export interface RemoveEntry extends EntryBase {
  action: 'remove';
  op_id: number;
  tool: ToolRef;
  breaking: BreakingChange[];
}

export type PlanEntry = AddEntry | ChangeEntry | RemoveEntry;
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/** Tracked operations whose key or base moves without anything to show (converged, re-keyed, excluded). */
export interface Rebase {
  op_id: number;
  key: OperationKey;
  /** The new base; absent for an excluded operation (it stays excluded). */
  base?: SyncedView;
  tool_id?: number;
  restored?: boolean;
}

export interface PlanSummary {
  add: number;
  change: number;
  move: number;
  remove: number;
  conflicts: number;
  breaking: number;
  unchanged: number;
  excluded: number;
  /** Operations already gone from the document whose tools the operator kept (flagged). */
  flagged: number;
}

export interface PlanBody {
  summary: PlanSummary;
  entries: PlanEntry[];
  rebase: Rebase[];
  /** Excluded operations gone from the document: forgotten on apply. */
  forget: number[];
  /** `updated_at` of every tool the plan touches, by UUID. */
  tools: Record<string, string>;
}

const refOf = (t: ToolRecord): ToolRef => ({
  id: t.id,
  uuid: t.uuid,
  slug: t.slug,
  name: t.name,
  status: t.status,
});
const keyOfRow = (op: SourceOperationRecord): OperationKey => ({
  op_key: op.op_key,
  operation_id: op.operation_id,
  method: op.method,
  path: op.path,
});
const sameKey = (a: OperationKey, b: OperationKey) =>
  a.op_key === b.op_key && a.operation_id === b.operation_id && a.method === b.method && a.path === b.path;

/**
 * The field changes of one tracked tool, with merges that would leave it invalid turned into
 * conflicts naming the reason, and the problems no field names.
 */
export function diffTrackedTool(
  base: SyncedView,
  tool: ToolRecord,
  theirs: SyncedView,
): { fields: FieldChange[]; problems: string[]; merged: SyncedView } {
  const ours = viewOfTool(tool);
  const fields = diffTool(base, ours, theirs);
  const merged = mergeTool(ours, fields);
  const problems: string[] = [];
  if (!fields.some((f) => f.outcome === 'take_theirs' || f.outcome === 'conflict'))
    return { fields, problems, merged };
  for (const p of explainMergeProblems(tool, merged)) {
    if (p.field === 'tool') {
      problems.push(p.reason);
      continue;
    }
    const found = fields.find((f) => f.field === p.field && f.key === p.key);
    if (found) {
      found.outcome = 'conflict';
      found.reason = p.reason;
      continue;
    }
    // A field upstream did not touch (a template of the operator's): theirs is what the document implies.
    const value = (v: SyncedView) => {
      const whole = (v as unknown as Record<string, unknown>)[p.field];
      return p.key === undefined ? whole : (whole as Record<string, unknown> | null)?.[p.key];
    };
    fields.push({
      field: p.field,
      ...(p.key !== undefined ? { key: p.key } : {}),
      base: value(base) ?? null,
      ours: p.field === 'interaction' ? (tool.interaction ?? null) : (value(ours) ?? null),
      theirs: p.field === 'interaction' ? null : (value(theirs) ?? null),
      outcome: 'conflict',
      reason: p.reason,
    });
  }
  return { fields, problems, merged };
}

/** The plan of a document's candidates against the tracked operations and the tools as they are now. */
export function computePlan(
  kind: SourceKind,
  tracked: SourceOperationRecord[],
  tools: Map<number, ToolRecord>,
  candidates: Candidate[],
): PlanBody {
  const keys = keysOf(kind, candidates);
  const theirs: Keyed[] = candidates.map((candidate, i) => ({ candidate, key: keys[i]! }));
  const { pairs, added, removed } = pairOperations(tracked, theirs);
  const order = new Map(theirs.map((t, i) => [t, i]));
  const summary: PlanSummary = {
    add: 0,
    change: 0,
    move: 0,
    remove: 0,
    conflicts: 0,
    breaking: 0,
    unchanged: 0,
    excluded: 0,
    flagged: 0,
  };
  const body: PlanBody = { summary, entries: [], rebase: [], forget: [], tools: {} };
  const inOrder: Array<{ at: number; entry: Unnumbered<PlanEntry> }> = [];

  for (const { tracked: op, theirs: t } of pairs) {
    const tool = op.tool_id === null ? undefined : tools.get(op.tool_id);
    if (!tool || !op.base || op.excluded) {
      summary.excluded++;
      if (!sameKey(keyOfRow(op), t.key)) body.rebase.push({ op_id: op.id, key: t.key });
      continue;
    }
    const theirView = viewOfCandidate(t.candidate);
    const { fields, problems, merged } = diffTrackedTool(op.base as SyncedView, tool, theirView);
    const moved = op.method !== t.key.method || op.path !== t.key.path;
    const upstream = fields.some((f) => f.outcome === 'take_theirs' || f.outcome === 'conflict');
    const restored = op.removed_at !== null;
    if (!moved && !upstream) {
      summary.unchanged++;
      if (!sameKey(keyOfRow(op), t.key) || fields.some((f) => f.outcome === 'converged') || restored) {
        body.rebase.push({
          op_id: op.id,
          key: t.key,
          base: theirView,
          tool_id: tool.id,
          ...(restored ? { restored } : {}),
        });
        body.tools[tool.uuid] = tool.updated_at;
      }
      continue;
    }
    const breaking = findBreakingChanges(tool.input_schema, merged.input_schema);
    body.tools[tool.uuid] = tool.updated_at;
    inOrder.push({
      at: order.get(t)!,
      entry: {
        action: moved ? 'move' : 'change',
        key: t.key,
        op_id: op.id,
        previous: keyOfRow(op),
        tool: refOf(tool),
        fields,
        breaking,
        problems,
        theirs: theirView,
        ...(restored ? { restored } : {}),
      } satisfies Omit<ChangeEntry, 'id'>,
    });
  }
  for (const t of added) {
    const problem = explainToolProblems(t.candidate);
    inOrder.push({
      at: order.get(t)!,
      entry: { action: 'add', key: t.key, candidate: t.candidate, ...(problem ? { problem } : {}) },
    });
  }
  inOrder.sort((a, b) => a.at - b.at);
  const entries: Array<Unnumbered<PlanEntry>> = inOrder.map((x) => x.entry);
  for (const op of removed) {
    const tool = op.tool_id === null ? undefined : tools.get(op.tool_id);
    if (!tool || op.excluded) body.forget.push(op.id);
    else if (op.removed_at !== null) summary.flagged++;
    else {
      body.tools[tool.uuid] = tool.updated_at;
      entries.push({
        action: 'remove',
        key: keyOfRow(op),
        op_id: op.id,
        tool: refOf(tool),
        breaking: [{ kind: 'tool_removed', detail: `tool "${tool.slug}" is gone from the document` }],
      } satisfies Omit<RemoveEntry, 'id'>);
    }
  }
  body.entries = entries.map((e, i) => ({ ...e, id: `e${i + 1}` }) as PlanEntry);
  for (const e of body.entries) {
    if (e.action === 'add') summary.add++;
    else if (e.action === 'remove') summary.remove++;
    else {
      if (e.action === 'move') summary.move++;
      else summary.change++;
      summary.conflicts += e.fields.filter((f) => f.outcome === 'conflict').length;
    }
    if (e.action !== 'add' && e.breaking.length) summary.breaking++;
  }
  return body;
}
