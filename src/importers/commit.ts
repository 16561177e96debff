import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { nowIso } from '../store/rows.ts';
import { type ServerRecord, setOutboundAuthIfNone } from '../store/servers.repo.ts';
import { insertTool, listToolSlugs, type ToolRecord } from '../store/tools.repo.ts';
import { MAX_TOOL_NAME, shortenToolName, withSuffix } from '../tools/tool-names.ts';
import { newToolRecord, validateToolInput } from '../tools/tools.service.ts';
import type { AuthHint } from './openapi-security.ts';
import type { Candidate } from './types.ts';

/*
 * Phase 2 of every import: writes the chosen candidates in ONE transaction (417 Stripe tools
 * commit in one go), resolving slug collisions per `on_conflict`, and tells MCP sessions once.
 *
 * Imported tools get the same defaults as tools made through the API (`newToolRecord`), except
 * `sort_order` = position in the document and `status` = the import's `imported_status`.
 */

export type OnConflict = 'skip' | 'duplicate';

export interface CommitOptions {
  onConflict: OnConflict;
  status: 'draft' | 'active';
}

export interface CommitResult {
  /** `temp_id`: the candidate it was made from. */
  created: Array<{ tool_id: number; uuid: string; name: string; slug: string; temp_id: string }>;
  skipped: Array<{ temp_id: string; name: string; reason: 'slug_exists' }>;
  failed: Array<{ temp_id: string; name: string; reason: string }>;
}

/**
 * A slug not in `taken`: `slug`, then `slug-2`, `slug-3`… `nextSuffix` remembers where each
 * slug's search stopped, so thousands of tools with one slug stay linear.
 */
function freeSlug(slug: string, taken: Set<string>, nextSuffix: Map<string, number>): string {
  let candidate = slug;
  let n = nextSuffix.get(slug) ?? 2;
  while (taken.has(candidate)) candidate = withSuffix(slug, n++);
  nextSuffix.set(slug, n);
  return candidate;
}

/** Why a candidate cannot become a tool, or undefined when it can. */
function explainInvalid(c: Candidate): string | undefined {
  // The schema's `minLength` lets a blank name through; everything else is the API's own check.
  if (!c.name?.trim()) return 'name is empty';
  return explainToolProblems(c);
}

/**
 * The checks a hand-made tool passes (method, URL, header values, mappings, schema…): an
 * import must not store a tool the tools API would refuse. Undefined when it passes.
 */
export function explainToolProblems(tool: unknown): string | undefined {
  try {
    validateToolInput(tool, 'create');
    return undefined;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const params = (err.data.params ?? {}) as Record<string, string>;
    return Object.entries(params)
      .map(([field, reason]) => `${field} ${reason}`)
      .join('; ');
  }
}

/** Writes the candidates as tools of the server; see the file comment for the defaults. */
export async function commitCandidates(
  ctx: AppContext,
  server: ServerRecord,
  candidates: Candidate[],
  opts: CommitOptions,
): Promise<CommitResult> {
  const settings = await getSettings(ctx);
  const result: CommitResult = { created: [], skipped: [], failed: [] };
  const valid: Array<{ candidate: Candidate; index: number }> = [];
  for (const [index, original] of candidates.entries()) {
    // Names past the tool-name limit (older manifests, hand-edited candidates) are shortened, not refused.
    const candidate =
      typeof original.slug === 'string' && original.slug.length > MAX_TOOL_NAME
        ? { ...original, slug: shortenToolName(original.slug) }
        : original;
    const reason = explainInvalid(candidate);
    if (reason) result.failed.push({ temp_id: candidate.temp_id, name: candidate.name ?? '', reason });
    else valid.push({ candidate, index });
  }
  const now = nowIso();
  await ctx.store.db.transaction().execute(async (trx) => {
    const taken = await listToolSlugs(trx, server.id);
    const nextSuffix = new Map<string, number>();
    for (const { candidate: c, index } of valid) {
      let slug = c.slug;
      if (taken.has(slug)) {
        if (opts.onConflict === 'skip') {
          result.skipped.push({ temp_id: c.temp_id, name: c.name, reason: 'slug_exists' });
          continue;
        }
        slug = freeSlug(slug, taken, nextSuffix);
      }
      taken.add(slug);
      const tool = newToolRecord(
        server.id,
        slug,
        { ...c, sort_order: c.sort_order ?? index, status: c.status ?? opts.status },
        settings.default_timeout,
        now,
      );
      const row: ToolRecord = await insertTool(trx, tool);
      result.created.push({
        tool_id: row.id,
        uuid: row.uuid,
        name: row.name,
        slug: row.slug,
        temp_id: c.temp_id,
      });
    }
  });
  if (result.created.length) ctx.events.publish({ type: 'tools_changed', serverId: server.id });
  return result;
}

/**
 * Sets the server's outbound auth type from an import's hint when it is still `none` (the
 * check is in the UPDATE itself, so a type configured meanwhile is never overwritten). The
 * hint's non-secret details (scheme, key name and location, token URL, scopes) go to an empty
 * `outbound_auth_config`; credentials stay for the operator to fill. Returns the type set.
 */
export async function applyAuthHint(
  ctx: AppContext,
  server: ServerRecord,
  hint: AuthHint,
): Promise<AuthHint['type'] | undefined> {
  if (server.outbound_auth_type !== 'none') return undefined;
  const { type, ...details } = hint;
  const config = server.outbound_auth_config === null ? details : undefined;
  const set = await setOutboundAuthIfNone(ctx.store.db, server.id, type, config, nowIso());
  if (!set) return undefined;
  ctx.events.publish({ type: 'server_changed', serverId: server.id });
  return type;
}
