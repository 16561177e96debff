import { type Db, type ItemRecord, itemStore, type Page } from './server-items.ts';

export interface ParameterMappingEntry {
  target: 'path' | 'query' | 'header' | 'body' | 'form' | 'cookie';
  key: string;
  /**
   * How a query or form value that is an array or object is written (executor/encode.ts):
   * repeated keys (default), OpenAPI `form` (explode), comma, spaceDelimited, pipeDelimited,
   * deepObject.
   */
  style?: 'repeat' | 'form' | 'comma' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
}

export interface ResponseMapping {
  selector?: string;
  format?: 'json' | 'text' | 'markdown' | 'template';
  template?: string;
  /**
   * JSONPath expressions (member, index and wildcard steps) of the parts of the answer kept
   * (executor/fit-output.ts): the answer is projected to them, keeping its shape, before the cut.
   */
  fields?: string[];
  /** How the operation pages (found by the importers): named in the note of a cut array. */
  pagination?: PaginationHint;
}

/**
 * The arguments that page an operation. `kind`: `after_id` (the id of the last item shown, Stripe's
 * `starting_after`), `cursor` (a token from the answer), `offset` (items to skip), `page` (page
 * number); `limit_param` is the page-size argument.
 */
export interface PaginationHint {
  param?: string;
  kind?: 'after_id' | 'cursor' | 'offset' | 'page';
  limit_param?: string;
}

/**
 * A tool as the store holds it: the `tools` row (store/schema.ts, where a new column is added),
 * JSON columns parsed and the enumerated ones narrowed.
 */
export type ToolRecord = ItemRecord<
  'tools',
  {
    input_schema: Record<string, unknown>;
    output_schema: Record<string, unknown> | null;
    parameter_mapping: Record<string, ParameterMappingEntry>;
    response_mapping: ResponseMapping;
    headers: Record<string, string> | null;
    annotations: Record<string, unknown> | null;
    tags: string[];
    retry_backoff: 'none' | 'fixed' | 'linear' | 'exponential';
    status: 'draft' | 'active' | 'inactive';
    /** Request body with `{{var}}` placeholders (JSON bodies stay valid JSON); null or absent = from mappings. */
    body_template?: string | null;
    /** Multi-round settings (src/tools/interaction.ts); null = defaults. */
    interaction?: Record<string, unknown> | null;
    /** Token budget of a result (migration 006); null = the server's setting. */
    max_output_tokens?: number | null;
    /** `read`, `write` or `destructive` as an operator set it (migration 012); null or absent = derived. */
    risk?: 'read' | 'write' | 'destructive' | null;
    /** Long-running settings (migration 017, src/tools/execution.ts); null or absent = an ordinary call. */
    execution?: Record<string, unknown> | null;
  }
>;
export type NewTool = Omit<ToolRecord, 'id'>;

/** The tool kind of the server-item store (the service layer's handle on it). */
export const toolItems = itemStore<'tools', ToolRecord>({
  table: 'tools',
  json: {
    input_schema: { empty: null, fallback: { type: 'object', properties: {} } },
    output_schema: { empty: null, fallback: null },
    parameter_mapping: { empty: null, fallback: {} },
    response_mapping: { empty: null, fallback: {} },
    headers: { empty: null, fallback: null },
    annotations: { empty: null, fallback: null },
    interaction: { empty: null, fallback: null },
    execution: { empty: null, fallback: null },
    tags: { empty: '[]', fallback: [] },
  },
  ints: [
    'cache_ttl',
    'timeout',
    'rate_limit_per_min',
    'retry_count',
    'sort_order',
    'last_test_response_ms',
    'max_output_tokens',
  ],
  order: [
    ['sort_order', 'asc'],
    ['name', 'asc'],
    ['id', 'asc'],
  ],
  ref: 'uuid-or-id',
});

export const insertTool = toolItems.insert;
/** A tool of the server by UUID or numeric id. */
export const findTool = toolItems.find;
export const findToolBySlug = (db: Db, serverId: number, slug: string) =>
  toolItems.findBy(db, serverId, 'slug', slug);
export const updateToolRow = toolItems.update;
export const deleteToolRow = toolItems.delete;

export interface ToolFilter {
  status?: string;
  tag?: string;
  search?: string;
}

/** A page of the server's tools, by sort_order then name, narrowed by status, tag and text. */
export function listTools(db: Db, serverId: number, filter: ToolFilter, page: Page) {
  return toolItems.list(db, serverId, page, (q) => {
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.tag) q = q.where('tags', 'like', `%${JSON.stringify(filter.tag).slice(0, -1)}"%`);
    if (filter.search) {
      const like = `%${filter.search.toLowerCase()}%`;
      q = q.where((eb) =>
        eb.or(
          ['name', 'slug', 'description', 'endpoint_url'].map((col) =>
            eb(eb.fn('lower', [col]), 'like', like),
          ),
        ),
      );
    }
    return q;
  });
}

/** Every tool of the server (optionally only one status), by sort_order then name. */
export function listAllTools(db: Db, serverId: number, status?: string): Promise<ToolRecord[]> {
  return toolItems.listAll(db, serverId, (q) => (status ? q.where('status', '=', status) : q));
}

/** The endpoint URLs of the server's tools (all statuses), or of the given tool ids only. */
export async function listToolUrls(db: Db, serverId: number, ids?: readonly number[]): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  let q = db.selectFrom('tools').select('endpoint_url').where('server_id', '=', serverId);
  if (ids) q = q.where('id', 'in', [...ids]);
  const rows = await q.execute();
  return rows.map((r) => r.endpoint_url);
}

/** Slugs already used in the server, for collision handling. */
export async function listToolSlugs(db: Db, serverId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('tools').select('slug').where('server_id', '=', serverId).execute();
  return new Set(rows.map((r) => r.slug));
}
