import type { Candidate } from '../importers/types.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { newToolRecord } from '../tools/tools.service.ts';

/*
 * The fields a sync may change: what the document says about an operation. Everything else of a
 * tool (slug, status, limits, cache, retries, response mapping, interaction, risk, execution) is
 * the operator's and never changes by sync.
 */

export const SYNCED_FIELDS = [
  'name',
  'description',
  'endpoint_url',
  'http_method',
  'tags',
  'input_schema',
  'parameter_mapping',
  'headers',
  'annotations',
  'output_schema',
  'body_template',
] as const;

export type SyncedField = (typeof SYNCED_FIELDS)[number];
export type SyncedView = Pick<ToolRecord, Exclude<SyncedField, 'body_template'>> & {
  body_template: string | null;
};

/** A JSON copy: no `undefined`, no shared references. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The synced fields of a tool, as stored. */
export function viewOfTool(tool: ToolRecord): SyncedView {
  const view = Object.fromEntries(SYNCED_FIELDS.map((f) => [f, tool[f] ?? null])) as SyncedView;
  return cloneJson(view);
}

/**
 * The synced fields a candidate becomes as a tool: the same defaults an import stores
 * (`newToolRecord`), so a tool never edited equals its base.
 */
export function viewOfCandidate(candidate: Candidate): SyncedView {
  const record = newToolRecord(0, candidate.slug, candidate, 0, '');
  return viewOfTool({ ...record, id: 0 } as ToolRecord);
}

/** The JSON text of a value with object keys sorted: equal texts = equal values. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** Deep equality of JSON values (key order ignored; `undefined` = absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonicalJson(a) === canonicalJson(b);
}
