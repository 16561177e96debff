import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Candidate } from '../importers/types.ts';
import { nowIso } from '../store/rows.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { insertSource, type SourceKind, type SourceRecord } from '../store/sources.repo.ts';
import { keysOf } from './operation-key.ts';
import { hashDocument } from './read-source.ts';
import { sealSourceDocument } from './sealed-document.ts';
import { viewOfCandidate } from './synced-view.ts';

/*
 * An import remembered as a tracked source: the document (its URL, or its text), its hash and
 * validators, and for each operation of the document its key with either the tool it became and
 * the candidate as applied (the merge base), or `excluded` (not selected, or skipped).
 */

export interface ImportToTrack {
  kind: SourceKind;
  origin: 'url' | 'text';
  /** The URL as the operator gave it (origin `url`). */
  url?: string;
  /** The document as read. */
  text: string;
  etag?: string | null;
  lastModified?: string | null;
  baseUrl?: string;
  status: 'draft' | 'active';
  info: { title: string; version: string };
  /** Every candidate of the document, selected or not. */
  candidates: Candidate[];
  /** What the commit created, by the candidate's temp_id. */
  created: Array<{ temp_id: string; tool_id: number }>;
}

/** Records the import as a tracked source of the server; returns it. */
export async function trackImport(
  ctx: Pick<AppContext, 'store' | 'secrets'>,
  server: ServerRecord,
  imp: ImportToTrack,
): Promise<SourceRecord> {
  const now = nowIso();
  const uuid = randomUUID();
  const toolOf = new Map(imp.created.map((c) => [c.temp_id, c.tool_id]));
  const keys = keysOf(imp.kind, imp.candidates);
  const operations = imp.candidates.map((candidate, i) => {
    const toolId = toolOf.get(candidate.temp_id);
    return {
      ...keys[i]!,
      tool_id: toolId ?? null,
      base: toolId === undefined ? null : viewOfCandidate(candidate),
      excluded: toolId === undefined,
      removed_at: null,
    };
  });
  return ctx.store.db.transaction().execute((trx) =>
    insertSource(
      trx,
      {
        uuid,
        server_id: server.id,
        kind: imp.kind,
        origin: imp.origin,
        url: imp.origin === 'url' ? (imp.url ?? null) : null,
        document: imp.origin === 'text' ? sealSourceDocument(ctx, uuid, imp.text) : null,
        base_url: imp.baseUrl ?? null,
        imported_status: imp.status,
        title: imp.info.title,
        doc_version: imp.info.version,
        content_hash: hashDocument(imp.text),
        etag: imp.etag ?? null,
        last_modified: imp.lastModified ?? null,
        schedule_minutes: null,
        version: 1,
        last_checked_at: null,
        last_check_status: null,
        last_check_error: null,
        last_applied_at: now,
        created_at: now,
        updated_at: now,
      },
      operations,
    ),
  );
}
