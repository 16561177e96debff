import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { fetchImportSource, MAX_IMPORT_BYTES, tooLarge } from '../importers/fetch-source.ts';
import { MAX_IMPORT_TOOLS, tooManyTools } from '../importers/limits.ts';
import { manifestToCandidates } from '../importers/manifest.ts';
import { parseOpenApi } from '../importers/openapi.ts';
import { parsePostman } from '../importers/postman.ts';
import type { Candidate } from '../importers/types.ts';
import type { SourceKind, SourceRecord } from '../store/sources.repo.ts';
import { openSourceDocument } from './sealed-document.ts';

/*
 * Reading a tracked source again: a URL source is fetched with the validators of the document
 * as last applied (If-None-Match / If-Modified-Since; 304 = no change), a text source reads the
 * text it is given, or its stored one. A document whose hash is the applied one is no change
 * either; anything else is parsed by the source's importer, with the import's own options.
 */

export type SourceReading =
  | {
      changed: false;
      reason: 'not_modified' | 'unchanged';
      etag?: string | null;
      lastModified?: string | null;
    }
  | {
      changed: true;
      text: string;
      hash: string;
      etag: string | null;
      lastModified: string | null;
      candidates: Candidate[];
      info: { title: string; version: string };
      warnings: string[];
    };

/** sha256 of a document's text, as stored in `content_hash`. */
export function hashDocument(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The candidates of a document of `kind` (the importers' own parsers). */
export async function parseSourceDocument(
  kind: SourceKind,
  text: string,
  opts: { sourceUrl?: string; baseUrl?: string },
): Promise<{ candidates: Candidate[]; info: { title: string; version: string }; warnings: string[] }> {
  if (kind === 'openapi') {
    const parsed = await parseOpenApi(text, {
      sourceUrl: opts.sourceUrl,
      baseUrl: opts.baseUrl ?? undefined,
    });
    return { candidates: parsed.candidates, info: parsed.info, warnings: parsed.warnings ?? [] };
  }
  if (kind === 'postman') {
    const parsed = parsePostman(text);
    return { candidates: parsed.candidates, info: parsed.info, warnings: parsed.warnings ?? [] };
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (err) {
    throw new ApiError('invalid_spec', `The manifest is not valid JSON: ${(err as Error).message}`);
  }
  const server = (manifest as { server?: { name?: unknown } } | null)?.server;
  return {
    candidates: manifestToCandidates(manifest),
    info: { title: typeof server?.name === 'string' ? server.name : '', version: '' },
    warnings: [],
  };
}

/** Reads the source's document; `content` replaces a text source's stored text. */
export async function readSource(
  ctx: Pick<AppContext, 'config' | 'secrets'>,
  source: SourceRecord,
  content?: string,
): Promise<SourceReading> {
  let text: string;
  let etag: string | null = null;
  let lastModified: string | null = null;
  let sourceUrl: string | undefined;
  if (source.origin === 'url') {
    const fetched = await fetchImportSource(ctx.config, source.url ?? '', {
      etag: source.etag,
      lastModified: source.last_modified,
    });
    if (fetched.notModified) return { changed: false, reason: 'not_modified' };
    ({ text, etag, lastModified } = fetched);
    sourceUrl = fetched.url;
  } else {
    text = content ?? (source.document ? openSourceDocument(ctx, source.uuid, source.document) : '');
    const size = Buffer.byteLength(text);
    if (size > MAX_IMPORT_BYTES) throw tooLarge(size);
  }
  const hash = hashDocument(text);
  // The same bytes under new validators: keep the new validators for the next conditional GET.
  if (hash === source.content_hash)
    return {
      changed: false,
      reason: 'unchanged',
      ...(source.origin === 'url' ? { etag, lastModified } : {}),
    };
  const parsed = await parseSourceDocument(source.kind, text, {
    sourceUrl,
    baseUrl: source.base_url ?? undefined,
  });
  if (parsed.candidates.length > MAX_IMPORT_TOOLS) throw tooManyTools(parsed.candidates.length, 'requests');
  return { changed: true, text, hash, etag, lastModified, ...parsed };
}
