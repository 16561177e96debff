import type { Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { estimateTokens } from '../discovery/tokens.ts';
import { ApiError, invalidParams } from '../errors.ts';
import { saveTestCredentials } from '../servers/servers.service.ts';
import { trackImport } from '../sources/track.ts';
import { findServer, type ServerRecord } from '../store/servers.repo.ts';
import { findTool, type ToolRecord } from '../store/tools.repo.ts';
import { presentMcpTool } from '../tools/mcp-view.ts';
import { presentTool } from '../tools/present-tool.ts';
import { applyAuthHint, type CommitResult, commitCandidates } from './commit.ts';
import { parseCurl } from './curl.ts';
import { describeCredentialNotice } from './detect-credentials.ts';
import { fetchImportSource, MAX_IMPORT_BYTES, tooLarge } from './fetch-source.ts';
import { type HarParseResult, parseHar } from './har.ts';
import { MAX_IMPORT_TOOLS, tooManyTools } from './limits.ts';
import { exportManifest, manifestToCandidates } from './manifest.ts';
import { parseOpenApi } from './openapi.ts';
import { chooseAuthHint } from './openapi-security.ts';
import { parsePostman } from './postman.ts';
import { type Candidate, type DetectedCredential, isObject, type ParseResult } from './types.ts';

type Obj = Record<string, unknown>;

/** Saves the first detected credential as the server's test credentials; returns the `_notice`. */
async function keepCredentials(
  ctx: AppContext,
  server: ServerRecord,
  found: DetectedCredential[] | undefined,
  actor: Principal | undefined,
): Promise<string | undefined> {
  const first = found?.[0];
  if (!first) return undefined;
  await saveTestCredentials(ctx, server, first.credentials, actor);
  return describeCredentialNotice(found);
}

/**
 * `import-curl`: one tool, answered as the full tool (plus `_notice` / `_warnings`). Optional
 * body fields: `name` (default: from the method and path, `post_v1_chat_completions`),
 * `description`, `status` (`draft`, the default, or `active`).
 */
export async function importCurl(
  ctx: AppContext,
  server: ServerRecord,
  body: unknown,
  actor?: Principal,
): Promise<Obj> {
  const b = isObject(body) ? body : {};
  const command = typeof b.curl_command === 'string' ? b.curl_command : '';
  if (command.trim() === '')
    throw new ApiError('svc_missing_curl', 'Send the cURL command to import in "curl_command".');
  const parsed = parseCurl(command, {
    name: b.name as string | undefined,
    description: b.description as string | undefined,
  });
  const result = await commitCandidates(ctx, server, parsed.candidates, {
    onConflict: 'duplicate',
    status: (b.status as 'draft' | 'active' | undefined) ?? 'draft',
  });
  const created = result.created[0];
  if (!created)
    throw new ApiError('svc_invalid_curl', result.failed[0]?.reason ?? 'The command gave no tool.');
  const tool = await findTool(ctx.store.db, server.id, created.tool_id);
  const notice = await keepCredentials(ctx, server, parsed.credentials, actor);
  return {
    ...presentTool(tool!, server),
    ...(notice ? { _notice: notice } : {}),
    ...(parsed.warnings?.length ? { _warnings: parsed.warnings } : {}),
  };
}

interface DocumentRequest {
  text: string | Obj;
  sourceUrl?: string;
  commit: boolean;
  selected: string[];
  onConflict: 'skip' | 'duplicate';
  status: 'draft' | 'active';
  baseUrl?: string;
  /** Remember the import as a tracked source (default on; `track: false` turns it off). */
  track: boolean;
  /** The URL as given (origin `url`) and the document's validators. */
  url?: string;
  etag?: string | null;
  lastModified?: string | null;
}

type DocumentKind = 'openapi' | 'collection' | 'har';

/** What each document kind is called in a message. */
const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  openapi: 'OpenAPI document',
  collection: 'collection',
  har: 'HAR file',
};

/** Reads and checks the spec's body fields of the two-phase imports. */
async function readDocumentRequest(ctx: AppContext, body: Obj, kind: DocumentKind): Promise<DocumentRequest> {
  const bad: Record<string, string> = {};
  const source = body.source ?? 'text';
  if (source !== 'text' && source !== 'url') bad.source = 'must be "text" or "url"';
  const onConflict = body.on_conflict ?? 'skip';
  if (onConflict !== 'skip' && onConflict !== 'duplicate') bad.on_conflict = 'must be "skip" or "duplicate"';
  const status = body.imported_status ?? 'draft';
  if (status !== 'draft' && status !== 'active') bad.imported_status = 'must be "draft" or "active"';
  if (body.commit !== undefined && typeof body.commit !== 'boolean') bad.commit = 'must be a boolean';
  if (body.track !== undefined && typeof body.track !== 'boolean') bad.track = 'must be a boolean';
  const commit = body.commit === true;
  const selected = body.selected_temp_ids;
  if (commit && (!Array.isArray(selected) || !selected.every((s) => typeof s === 'string')))
    bad.selected_temp_ids = 'is required when commit is true (an array of temp_id strings)';
  if (
    body.base_url !== undefined &&
    (typeof body.base_url !== 'string' || !/^https?:\/\//.test(body.base_url))
  )
    bad.base_url = 'must be an absolute http(s) URL';
  if (Object.keys(bad).length) throw invalidParams(bad);
  const common = {
    commit,
    selected: (selected as string[] | undefined) ?? [],
    onConflict: onConflict as DocumentRequest['onConflict'],
    status: status as DocumentRequest['status'],
    baseUrl: body.base_url as string | undefined,
    track: body.track !== false,
  };
  if (source === 'url') {
    if (typeof body.url !== 'string' || body.url.trim() === '')
      throw invalidParams({ url: 'is required when source is "url"' });
    const fetched = await fetchImportSource(ctx.config, body.url.trim());
    return {
      ...common,
      text: fetched.text,
      sourceUrl: fetched.url,
      url: body.url.trim(),
      etag: fetched.etag,
      lastModified: fetched.lastModified,
    };
  }
  const content = body.content;
  if (isObject(content)) {
    const size = Buffer.byteLength(JSON.stringify(content));
    if (size > MAX_IMPORT_BYTES) throw tooLarge(size);
    return { ...common, text: content };
  }
  if (typeof content !== 'string' || content.trim() === '')
    throw new ApiError(
      'invalid_spec',
      `Send the ${DOCUMENT_NAMES[kind]} in "content" (or use source "url").`,
    );
  const size = Buffer.byteLength(content);
  if (size > MAX_IMPORT_BYTES) throw tooLarge(size);
  return { ...common, text: content };
}

/** Estimated tokens of a candidate's tools/list entry (name, title, description, input schema, annotations). */
function estimateCandidateTokens(c: Candidate): number {
  return estimateTokens(
    presentMcpTool({
      ...c,
      output_schema: null,
      annotations: c.annotations ?? null,
      interaction: null,
    } as unknown as ToolRecord),
  );
}

/** `hosts` of a HAR import: the hosts whose requests are the API (`api.example.com`, `127.0.0.1:8080`). */
function readHosts(body: Obj): string[] | undefined {
  const hosts = body.hosts;
  if (hosts === undefined) return undefined;
  if (!Array.isArray(hosts) || !hosts.every((h) => typeof h === 'string' && h.trim() !== ''))
    throw invalidParams({ hosts: 'must be an array of host names (host or host:port)' });
  return (hosts as string[]).map((h) => h.trim());
}

/** The OpenAPI, collection and HAR imports: phase 1 parses, phase 2 commits the selected candidates. */
export async function importDocument(
  ctx: AppContext,
  server: ServerRecord,
  kind: DocumentKind,
  rawBody: unknown,
  actor?: Principal,
): Promise<Obj> {
  let body = isObject(rawBody) ? rawBody : {};
  // The collection itself may be the request body.
  if (
    kind === 'collection' &&
    body.content === undefined &&
    body.url === undefined &&
    (isObject(body.info) || Array.isArray(body.item))
  )
    body = { content: body };
  // So may the HAR (`{"log": …}`).
  if (kind === 'har' && body.content === undefined && body.url === undefined && isObject(body.log))
    body = { content: body };
  const hosts = kind === 'har' ? readHosts(body) : undefined;
  const req = await readDocumentRequest(ctx, body, kind);
  // The parser dereferences an object in place: a tracked source keeps the document as sent.
  const documentText = typeof req.text === 'string' ? req.text : JSON.stringify(req.text);
  let parsed: ParseResult;
  let har: HarParseResult | undefined;
  if (kind === 'openapi') {
    // A JSON object body goes to the parser as it is: no serialising and re-reading 4 MB.
    parsed = await parseOpenApi(req.text, { sourceUrl: req.sourceUrl, baseUrl: req.baseUrl });
  } else if (kind === 'har') {
    har = parseHar(req.text, { baseUrl: req.baseUrl, hosts });
    parsed = har;
  } else parsed = parsePostman(req.text);
  if (parsed.candidates.length > MAX_IMPORT_TOOLS) throw tooManyTools(parsed.candidates.length, 'requests');
  if (!req.commit) {
    // What each candidate would add to tools/list, so the operator sees the cost before committing.
    const candidates = parsed.candidates.map((c) => ({ ...c, token_estimate: estimateCandidateTokens(c) }));
    return {
      candidates,
      tokens_total: candidates.reduce((sum, c) => sum + c.token_estimate, 0),
      info: parsed.info,
      ...(parsed.warnings?.length ? { warnings: parsed.warnings } : {}),
      ...(parsed.credentials?.length
        ? {
            detected_credentials: parsed.credentials.map((c) => ({
              type: c.credentials.type,
              source: c.source,
            })),
          }
        : {}),
      ...(kind === 'openapi'
        ? {
            auth_hint: chooseAuthHint(parsed.candidates, parsed.security),
            security_schemes: parsed.security?.schemes ?? [],
          }
        : {}),
      ...(kind === 'openapi' && typeof req.text === 'string' ? { _raw_spec: req.text } : {}),
      ...(har ? { filtered: har.filtered, hosts: har.hosts, entries: har.entries } : {}),
    };
  }
  const wanted = new Set(req.selected);
  const chosen = parsed.candidates.filter((c) => wanted.has(c.temp_id));
  const result = await commitCandidates(ctx, server, chosen, {
    onConflict: req.onConflict,
    status: req.status,
  });
  const notice = result.created.length
    ? await keepCredentials(ctx, server, parsed.credentials, actor)
    : undefined;
  // The hint of the operations actually chosen; applied only to a server without outbound auth.
  const hint = chooseAuthHint(chosen, parsed.security);
  const typeSet = hint && result.created.length ? await applyAuthHint(ctx, server, hint) : undefined;
  const source =
    req.track && kind !== 'har' && result.created.length
      ? await trackImport(ctx, server, {
          kind: kind === 'openapi' ? 'openapi' : 'postman',
          origin: req.url ? 'url' : 'text',
          url: req.url,
          text: documentText,
          etag: req.etag,
          lastModified: req.lastModified,
          baseUrl: req.baseUrl,
          status: req.status,
          info: parsed.info,
          candidates: parsed.candidates,
          created: result.created,
        })
      : undefined;
  return {
    ...result,
    ...(source ? { source_id: source.uuid } : {}),
    ...(hint ? { auth_hint: hint } : {}),
    ...(typeSet ? { outbound_auth_type_set: typeSet } : {}),
    ...(notice ? { _notice: notice } : {}),
  };
}

/** `import-svc`: the manifest itself, or `{manifest, on_conflict, imported_status, track}`. */
export async function importManifest(
  ctx: AppContext,
  server: ServerRecord,
  rawBody: unknown,
): Promise<CommitResult & { source_id?: string }> {
  const body = isObject(rawBody) ? rawBody : {};
  const wrapped = isObject(body.manifest);
  const manifest = wrapped ? body.manifest : body;
  const bad: Record<string, string> = {};
  const onConflict = (wrapped ? body.on_conflict : undefined) ?? 'skip';
  if (onConflict !== 'skip' && onConflict !== 'duplicate') bad.on_conflict = 'must be "skip" or "duplicate"';
  const status = wrapped ? body.imported_status : undefined;
  if (status !== undefined && status !== 'draft' && status !== 'active')
    bad.imported_status = 'must be "draft" or "active"';
  const track = wrapped ? body.track : undefined;
  if (track !== undefined && typeof track !== 'boolean') bad.track = 'must be a boolean';
  if (Object.keys(bad).length) throw invalidParams(bad);
  let candidates = manifestToCandidates(manifest);
  // An explicit imported_status overrides the statuses the manifest carries.
  if (status !== undefined)
    candidates = candidates.map((c) => ({ ...c, status: status as 'draft' | 'active' }));
  const result = await commitCandidates(ctx, server, candidates, {
    onConflict: onConflict as 'skip' | 'duplicate',
    status: 'draft',
  });
  if (track !== true || result.created.length === 0) return result;
  // A manifest is tracked by slug, only when asked: a re-import is usually a copy between gateways.
  const source = await trackImport(ctx, server, {
    kind: 'manifest',
    origin: 'text',
    text: JSON.stringify(manifest),
    status: (status as 'draft' | 'active' | undefined) ?? 'draft',
    info: {
      title: isObject(manifest) && isObject(manifest.server) ? String(manifest.server.name ?? '') : '',
      version: '',
    },
    candidates,
    created: result.created,
  });
  return { ...result, source_id: source.uuid };
}

/** `tools/export`: the server's tools as a manifest (all, or the `tool_ids` given); 404 server_not_found. */
export async function exportTools(ctx: AppContext, serverRef: string, body: unknown) {
  const server = await findServer(ctx.store.db, serverRef);
  if (!server) throw new ApiError('server_not_found', 'server not found');
  const ids =
    isObject(body) && Array.isArray(body.tool_ids)
      ? body.tool_ids.filter((x): x is string => typeof x === 'string')
      : undefined;
  return exportManifest(ctx, server, ids);
}
