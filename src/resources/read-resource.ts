import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { EgressError, type OutboundResponse, sendOutbound } from '../shared/egress-client.ts';
import type { ResourceRecord } from '../store/resources.repo.ts';
import { fillTemplate, matchUriTemplate } from './uri-template.ts';

/** MCP `resources/read` content item. */
export type ResourceContents =
  | { uri: string; mimeType: string; text: string }
  | { uri: string; mimeType: string; blob: string };

/** A read that could not produce content (upstream failure, oversize, timeout). */
export class ResourceReadError extends Error {}

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

/** GETs an http resource through the egress client (10 s, 10 MB, the upstream address policy). */
async function fetchBody(config: Pick<Config, 'upstreamAllowPrivate'>, url: string): Promise<Buffer> {
  let res: OutboundResponse;
  try {
    res = await sendOutbound(url, { allowPrivate: config.upstreamAllowPrivate });
  } catch (err) {
    if (err instanceof EgressError && err.reason === 'too_large')
      throw new ResourceReadError('the resource is larger than 10 MB');
    throw new ResourceReadError(`fetching the resource failed: ${(err as Error).message}`);
  }
  if (res.status < 200 || res.status >= 300)
    throw new ResourceReadError(`the resource source answered HTTP ${res.status}`);
  return res.body;
}

/**
 * Produces the MCP contents of a resource for the requested URI. Static resources give their
 * content (base64 ones as a blob); http ones are fetched now (10 s, 10 MB). For a template
 * resource the `{var}` values found in `uri` are substituted into the content or the URL.
 * Throws ResourceReadError when the source cannot be read.
 */
export async function readResourceContents(
  ctx: Pick<AppContext, 'config'>,
  resource: ResourceRecord,
  uri: string,
): Promise<ResourceContents> {
  const vars = (resource.template_uri && matchUriTemplate(resource.template_uri, uri)) || {};
  const mimeType = resource.mime_type;
  const config = resource.data_source_config;
  if (resource.data_source_type === 'http') {
    const url = fillTemplate(String(config.url ?? ''), vars, encodeURIComponent);
    const body = await fetchBody(ctx.config, url);
    return isTextMime(mimeType)
      ? { uri, mimeType, text: body.toString('utf8') }
      : { uri, mimeType, blob: body.toString('base64') };
  }
  const content = String(config.content ?? '');
  if (config.encoding === 'base64') return { uri, mimeType, blob: content.replace(/\s+/g, '') };
  return { uri, mimeType, text: fillTemplate(content, vars) };
}
