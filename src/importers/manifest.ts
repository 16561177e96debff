import type { AppContext } from '../context.ts';
import { DISCOVERY_SETTINGS } from '../discovery/exposure.ts';
import { ApiError } from '../errors.ts';
import { isUuid } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { listAllTools, type ToolRecord } from '../store/tools.repo.ts';
import { shortenToolName } from '../tools/tool-names.ts';
import { explainToolProblems } from './commit.ts';
import { MAX_IMPORT_TOOLS, tooManyTools } from './limits.ts';
import { type Candidate, isObject } from './types.ts';

/*
 * The Toolgate manifest (`svc/tools-v1`): export exactly the spec's fields, never ids,
 * timestamps or authentication; import any `svc/tools-v*` manifest back as candidates that
 * keep every exported field.
 */

export const MANIFEST_FORMAT = 'svc/tools-v1';

/** The exported fields of a tool, in export order: ids, timestamps and test results stay behind. */
const MANIFEST_FIELDS = [
  'name',
  'slug',
  'description',
  'endpoint_url',
  'http_method',
  'input_schema',
  'parameter_mapping',
  'response_mapping',
  'headers',
  'timeout',
  'cache_ttl',
  'retry_count',
  'retry_backoff',
  'rate_limit_per_min',
  'status',
  'tags',
  'sort_order',
] as const satisfies ReadonlyArray<keyof ToolRecord>;

/** Fields beyond the spec's, exported only when set: a round trip keeps the whole tool. */
const OPTIONAL_FIELDS = [
  'output_schema',
  'annotations',
  'body_template',
  'interaction',
  'max_output_tokens',
  'risk',
  'execution',
] as const satisfies ReadonlyArray<keyof ToolRecord>;

export type ManifestTool = Pick<ToolRecord, (typeof MANIFEST_FIELDS)[number]> &
  Partial<Pick<ToolRecord, (typeof OPTIONAL_FIELDS)[number]>>;

export interface Manifest {
  format: string;
  exported_at: string;
  /** `tool_exposure` and the discovery settings travel with the server (issue 16). */
  server: { name: string; slug: string; tool_exposure?: string; settings?: Record<string, unknown> };
  tools: ManifestTool[];
}

/** The server's discovery and output settings (name limit, description, token and output budgets), when any is set. */
function discoverySettingsOf(server: ServerRecord): { settings?: Record<string, unknown> } {
  const set = [...DISCOVERY_SETTINGS, 'max_output_tokens'].filter((k) => server.settings[k] !== undefined);
  return set.length ? { settings: Object.fromEntries(set.map((k) => [k, server.settings[k]])) } : {};
}

function toManifestTool(t: ToolRecord): ManifestTool {
  const tool: Record<string, unknown> = Object.fromEntries(MANIFEST_FIELDS.map((f) => [f, t[f]]));
  // Beyond the spec's fields only when set, so plain tools export exactly the spec's shape.
  for (const f of OPTIONAL_FIELDS) if (t[f] !== null && t[f] !== undefined) tool[f] = t[f];
  return tool as ManifestTool;
}

/** Every tool of the server (or those of `toolIds` that belong to it), ascending `sort_order`. */
export async function exportManifest(
  ctx: AppContext,
  server: ServerRecord,
  toolIds: string[] | undefined,
): Promise<Manifest> {
  let tools = await listAllTools(ctx.store.db, server.id);
  if (toolIds?.length) {
    const wanted = new Set(
      toolIds.filter((id) => typeof id === 'string' && isUuid(id)).map((id) => id.toLowerCase()),
    );
    tools = tools.filter((t) => wanted.has(t.uuid));
  }
  return {
    format: MANIFEST_FORMAT,
    exported_at: new Date().toISOString(),
    server: {
      name: server.name,
      slug: server.slug,
      tool_exposure: server.tool_exposure,
      ...discoverySettingsOf(server),
    },
    tools: tools.map(toManifestTool),
  };
}

/** Reads a manifest into candidates `svc_0`, `svc_1`…; 400 `unsupported_format` for other formats. */
export function manifestToCandidates(manifest: unknown): Candidate[] {
  if (!isObject(manifest)) throw new ApiError('invalid_spec', 'The manifest must be a JSON object.');
  const format = manifest.format;
  if (typeof format !== 'string' || !format.startsWith('svc/tools-v'))
    throw new ApiError(
      'unsupported_format',
      `Manifest format ${JSON.stringify(format ?? null)} is not supported; expected "${MANIFEST_FORMAT}".`,
    );
  if (!Array.isArray(manifest.tools))
    throw new ApiError('invalid_spec', 'The manifest has no "tools" array.');
  if (manifest.tools.length > MAX_IMPORT_TOOLS) throw tooManyTools(manifest.tools.length, 'tools');
  // A manifest is all or nothing: one malformed tool means a damaged file, not a partial import.
  const problems = manifest.tools.flatMap((raw, i) => {
    // A slug past the tool-name limit (an older export) is shortened, not refused.
    const problem = isObject(raw)
      ? explainToolProblems(typeof raw.slug === 'string' ? { ...raw, slug: shortenToolName(raw.slug) } : raw)
      : 'is not an object';
    return problem ? [`tools[${i}]: ${problem}`] : [];
  });
  if (problems.length)
    throw new ApiError(
      'invalid_spec',
      `The manifest has invalid tools: ${problems.slice(0, 3).join(' | ')}`,
      {
        errors: problems.slice(0, 50),
      },
    );
  return manifest.tools.map((raw, i): Candidate => {
    const t = isObject(raw) ? raw : {};
    const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
    const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
    const status = ['draft', 'active', 'inactive'].includes(str(t.status))
      ? (t.status as Candidate['status'])
      : undefined;
    const backoff = ['none', 'fixed', 'linear', 'exponential'].includes(str(t.retry_backoff))
      ? (t.retry_backoff as Candidate['retry_backoff'])
      : undefined;
    return {
      temp_id: `svc_${i}`,
      name: str(t.name),
      slug: shortenToolName(str(t.slug)),
      description: str(t.description),
      endpoint_url: str(t.endpoint_url),
      http_method: str(t.http_method, 'GET'),
      input_schema: isObject(t.input_schema) ? t.input_schema : { type: 'object', properties: {} },
      parameter_mapping: (isObject(t.parameter_mapping)
        ? t.parameter_mapping
        : {}) as Candidate['parameter_mapping'],
      response_mapping: (isObject(t.response_mapping)
        ? t.response_mapping
        : undefined) as Candidate['response_mapping'],
      headers: isObject(t.headers) ? (t.headers as Record<string, string>) : null,
      tags: Array.isArray(t.tags) ? t.tags.filter((x): x is string => typeof x === 'string') : [],
      timeout: int(t.timeout),
      cache_ttl: int(t.cache_ttl),
      retry_count: int(t.retry_count),
      retry_backoff: backoff,
      rate_limit_per_min: int(t.rate_limit_per_min),
      status,
      sort_order: int(t.sort_order) ?? i,
      interaction: isObject(t.interaction) ? t.interaction : null,
      execution: isObject(t.execution) ? t.execution : null,
      max_output_tokens: int(t.max_output_tokens) ?? null,
      ...(t.risk === 'read' || t.risk === 'write' || t.risk === 'destructive' ? { risk: t.risk } : {}),
      output_schema: isObject(t.output_schema) ? t.output_schema : null,
      annotations: isObject(t.annotations) ? t.annotations : null,
      ...(typeof t.body_template === 'string' ? { body_template: t.body_template } : {}),
    };
  });
}
