import { request } from 'undici';
import type { AppContext } from '../context.ts';
import { findResourceByUri, listAllResources, type ResourceRecord } from '../store/resources.repo.ts';
import { fillTemplate, matchUriTemplate } from './uri-template.ts';

/** MCP `resources/read` content item. */
export type ResourceContents =
  | { uri: string; mimeType: string; text: string }
  | { uri: string; mimeType: string; blob: string };

/** A read that could not produce content (upstream failure, oversize, timeout). */
export class ResourceReadError extends Error {}

const FETCH_TIMEOUT_MS = 10_000;
const MAX_BYTES = 10 * 1024 * 1024;

/** Text-like MIME types are returned as `text`; everything else as a base64 `blob`. */
export function isTextMime(mime: string): boolean {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    /^application\/(json|xml|javascript|ecmascript|yaml|x-yaml|toml|graphql|sql|x-www-form-urlencoded)$/.test(
      type,
    ) ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

async function fetchBody(url: string): Promise<Buffer> {
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      method: 'GET',
      headersTimeout: FETCH_TIMEOUT_MS,
      bodyTimeout: FETCH_TIMEOUT_MS,
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ResourceReadError(`fetching the resource failed: ${(err as Error).message}`);
  }
  if (res.statusCode < 200 || res.statusCode >= 300) {
    await res.body.dump();
    throw new ResourceReadError(`the resource source answered HTTP ${res.statusCode}`);
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BYTES) {
    res.body.destroy();
    throw new ResourceReadError('the resource is larger than 10 MB');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BYTES) {
        res.body.destroy();
        throw new ResourceReadError('the resource is larger than 10 MB');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof ResourceReadError) throw err;
    throw new ResourceReadError(`reading the resource failed: ${(err as Error).message}`);
  }
  return Buffer.concat(chunks);
}

/**
 * Produces the MCP contents of a resource for the requested URI. Static resources give their
 * content (base64 ones as a blob); http ones are fetched now (10 s, 10 MB). For a template
 * resource the `{var}` values found in `uri` are substituted into the content or the URL.
 * Throws ResourceReadError when the source cannot be read.
 */
export async function readResourceContents(
  _ctx: Pick<AppContext, 'config'>,
  resource: ResourceRecord,
  uri: string,
): Promise<ResourceContents> {
  const vars = (resource.template_uri && matchUriTemplate(resource.template_uri, uri)) || {};
  const mimeType = resource.mime_type;
  const config = resource.data_source_config;
  if (resource.data_source_type === 'http') {
    const url = fillTemplate(String(config.url ?? ''), vars, encodeURIComponent);
    const body = await fetchBody(url);
    return isTextMime(mimeType)
      ? { uri, mimeType, text: body.toString('utf8') }
      : { uri, mimeType, blob: body.toString('base64') };
  }
  const content = String(config.content ?? '');
  if (config.encoding === 'base64') return { uri, mimeType, blob: content.replace(/\s+/g, '') };
  return { uri, mimeType, text: fillTemplate(content, vars) };
}

/**
 * Finds the resource of the server that serves `uri`: an exact `uri` match first, else the first
 * resource whose `template_uri` matches it.
 */
export async function resolveResource(
  ctx: Pick<AppContext, 'store'>,
  serverId: number,
  uri: string,
): Promise<ResourceRecord | undefined> {
  const exact = await findResourceByUri(ctx.store.db, serverId, uri);
  if (exact) return exact;
  const all = await listAllResources(ctx.store.db, serverId);
  return all.find((r) => r.template_uri !== null && matchUriTemplate(r.template_uri, uri) !== undefined);
}
