import { explainToolProblems } from '../importers/commit.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import type { SyncedView } from './synced-view.ts';

/*
 * A merge can be clean field by field and still leave a tool that cannot work: a body template,
 * URL, header or interaction naming an argument upstream removed, a mapping for an argument that
 * is gone, or anything the tools API itself would refuse. Each is reported on the field that has
 * to change, so the plan shows it as a conflict with its reason.
 */

export interface MergeProblem {
  field: string;
  key?: string;
  reason: string;
}

/** `{{name}}` and `{{name.part}}` placeholders: the argument is the first segment. */
const PLACEHOLDER = /\{\{\s*([\w$-]+)(?:\.[\w$-]+)*\s*\}\}/g;

function placeholders(text: string | null | undefined): string[] {
  return text ? [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!) : [];
}

const propertyNames = (schema: unknown): string[] => {
  const props = (schema as { properties?: unknown } | null)?.properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
};

function uses(what: string, name: string): string {
  return `${what} uses {{${name}}}, which is no longer an argument (upstream removed it)`;
}

/** What is wrong with `ours` merged into `merged`, by field; empty when the merged tool is valid. */
export function explainMergeProblems(ours: ToolRecord, merged: SyncedView): MergeProblem[] {
  const before = new Set(propertyNames(ours.input_schema));
  const after = new Set(propertyNames(merged.input_schema));
  const removed = [...before].filter((n) => !after.has(n));
  const out: MergeProblem[] = [];
  const gone = (names: string[]) => names.filter((n) => removed.includes(n));
  for (const name of gone(placeholders(merged.body_template)))
    out.push({ field: 'body_template', reason: uses('body_template', name) });
  for (const name of gone(placeholders(merged.endpoint_url)))
    out.push({ field: 'endpoint_url', reason: uses('endpoint_url', name) });
  for (const [header, value] of Object.entries(merged.headers ?? {}))
    for (const name of gone(placeholders(value)))
      out.push({ field: 'headers', key: header, reason: uses(`header ${header}`, name) });
  for (const key of Object.keys(merged.parameter_mapping ?? {}))
    if (!after.has(key))
      out.push({
        field: 'parameter_mapping',
        key,
        reason: `parameter_mapping maps "${key}", which is not an argument of the merged input_schema`,
      });
  const tool = { ...ours, ...merged };
  const inputs = Array.isArray(tool.interaction?.inputs) ? (tool.interaction.inputs as unknown[]) : [];
  for (const input of inputs) {
    const i = input as { argument?: unknown; arguments?: unknown };
    const names = Array.isArray(i.arguments) ? i.arguments : [i.argument];
    for (const name of names)
      if (typeof name === 'string' && removed.includes(name))
        out.push({ field: 'interaction', reason: uses('interaction', name).replace('uses {{', 'fills {{') });
  }
  if (out.length === 0) {
    const { id: _id, uuid: _uuid, server_id: _s, created_at: _c, updated_at: _u, ...fields } = tool;
    const { last_tested_at: _t, last_test_response_ms: _m, ...checked } = fields;
    const problem = explainToolProblems(checked);
    if (problem) out.push({ field: 'tool', reason: problem });
  }
  return out;
}
