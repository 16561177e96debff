import { clientSchema } from '../shared/client-schema.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { projectSchema } from './project-fields.ts';

const projected = new WeakMap<Record<string, unknown>, { fields: string; schema: Record<string, unknown> }>();

/**
 * The `outputSchema` clients get for a tool: the stored `output_schema` (type "object") as
 * clients take it (shared/client-schema.ts: no `$ref`, no top-level combiners), projected to
 * `response_mapping.fields` when the tool keeps only some parts of its answers (the executor
 * checks `structuredContent` against this same schema then). Undefined when the tool has none.
 */
export function servedOutputSchema(
  tool: Pick<ToolRecord, 'output_schema' | 'response_mapping'>,
): Record<string, unknown> | undefined {
  const stored = tool.output_schema;
  if (!stored || typeof stored !== 'object' || stored.type !== 'object') return undefined;
  const fields = tool.response_mapping?.fields;
  if (!fields?.length) return clientSchema(stored, 'output');
  const key = fields.join('\n');
  const hit = projected.get(stored);
  if (hit?.fields === key) return hit.schema;
  const served = clientSchema(stored, 'output');
  // References were inlined before the projection: the definitions (of parts mostly not kept) go.
  const { $defs: _defs, definitions: _definitions, ...projectable } = served;
  let schema = projectSchema(projectable, fields);
  // A non-object answer is served as `{result: value}` (map-response.ts): the fields then apply
  // under `result`, so that projection is allowed too.
  const props = served.properties as Record<string, unknown> | undefined;
  if (props && typeof props.result === 'object' && props.result !== null) {
    const underResult = projectSchema(served, fields.map(underResultPath));
    schema = {
      ...schema,
      properties: {
        ...(schema.properties as Record<string, unknown>),
        result: (underResult.properties as Record<string, unknown>).result ?? {},
      },
    };
  }
  projected.set(stored, { fields: key, schema });
  return schema;
}

/** `$.a[*]` → `$.result.a[*]`, `$[*].b` → `$.result[*].b`, `items` → `$.result.items`. */
function underResultPath(field: string): string {
  const f = field.trim();
  const rest = f.startsWith('$') ? f.slice(1) : f.startsWith('.') || f.startsWith('[') ? f : `.${f}`;
  return `$.result${rest}`;
}
