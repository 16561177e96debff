import { firstLine } from '../discovery/search-index.ts';
import type { ToolRecord } from '../store/tools.repo.ts';

// TEMPORARY stub until the generator lands.
function typeOf(schema: Record<string, unknown>): string {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const req = new Set((schema.required as string[]) ?? []);
  return `{ ${Object.entries(props)
    .map(
      ([k, v]) =>
        `${k}${req.has(k) ? '' : '?'}: ${v.type === 'integer' ? 'number' : String(v.type ?? 'unknown')}`,
    )
    .join('; ')} }`;
}
export function declareSignature(tool: ToolRecord, name: string): string {
  return `api.${name}(args: ${typeOf(tool.input_schema)}): Promise<unknown> // ${firstLine(tool.description || tool.name)}`;
}
export function declareOperations(tools: readonly ToolRecord[], nameOf: (t: ToolRecord) => string): string {
  return tools
    .map((t) => `/** ${t.description} */\n${nameOf(t)}(args: ${typeOf(t.input_schema)}): Promise<unknown>;`)
    .join('\n\n');
}
