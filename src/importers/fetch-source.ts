import { Agent, request } from 'undici';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { checkLiteralHost, createEgressLookup, EGRESS_DENIED } from '../shared/egress.ts';

/*
 * `source: "url"` fetches (spec limits: 3 redirects, 10 s, 10 MB). Loopback, private,
 * link-local, CGNAT and cloud-metadata addresses are refused unless the operator allows them
 * (`TOOLGATE_IMPORT_ALLOW_PRIVATE`): the check runs in the connection's own DNS lookup, so it
 * holds for every redirect hop and cannot be dodged by a name that resolves differently twice.
 */

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

const unfetchable = (message: string) => new ApiError(400, 'svc_url_unfetchable', message);
const refused = (host: string) =>
  new ApiError(
    400,
    'svc_url_forbidden',
    `Refusing to fetch ${host}: it is a loopback, private, link-local or metadata address (set TOOLGATE_IMPORT_ALLOW_PRIVATE=true to allow).`,
  );

/** The executor's egress lookup (refuses private addresses at connect time), unless allowed. */
function createGuardedAgent(allowPrivate: boolean): Agent {
  return new Agent(allowPrivate ? {} : { connect: { lookup: createEgressLookup() } });
}

/** Fetches an import document; 400 with a clear message for anything that cannot be fetched. */
export async function fetchImportSource(
  ctx: AppContext,
  rawUrl: string,
): Promise<{ text: string; url: string }> {
  const allowPrivate = ctx.config.importAllowPrivate;
  const agent = createGuardedAgent(allowPrivate);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw unfetchable(`"${rawUrl}" is not a valid URL.`);
  }
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw unfetchable(`Only http and https URLs can be fetched (got ${url.protocol}).`);
      // IP literals never go through the lookup: check them here.
      if (!allowPrivate && checkLiteralHost(url.hostname))
        throw refused(url.hostname.replace(/^\[|\]$/g, ''));
      const res = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        await res.body.dump();
        if (hop >= MAX_REDIRECTS)
          throw unfetchable(`Too many redirects (more than ${MAX_REDIRECTS}) from ${rawUrl}.`);
        url = new URL(String(res.headers.location), url);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump();
        throw unfetchable(`Fetching ${url.href} answered HTTP ${res.statusCode}.`);
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > MAX_IMPORT_BYTES) {
        await res.body.dump({ limit: 0 }).catch(() => undefined);
        throw tooLarge(declared);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_IMPORT_BYTES) {
          res.body.destroy();
          throw tooLarge(size);
        }
        chunks.push(chunk as Buffer);
      }
      return { text: Buffer.concat(chunks).toString('utf8'), url: url.href };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const cause = ((err as { cause?: unknown }).cause ?? err) as NodeJS.ErrnoException;
    if (cause.code === EGRESS_DENIED || (err as NodeJS.ErrnoException).code === EGRESS_DENIED)
      throw refused(url.hostname);
    if ((err as Error).name === 'TimeoutError' || signal.aborted)
      throw unfetchable(`Fetching ${url.href} took longer than ${TIMEOUT_MS / 1000} s.`);
    throw unfetchable(`Could not fetch ${url.href}: ${(err as Error).message}`);
  } finally {
    agent.close().catch(() => undefined);
  }
}

/** 400 for an import document over the 10 MB limit. */
export function tooLarge(bytes: number): ApiError {
  return new ApiError(
    400,
    'svc_import_too_large',
    `The document is ${(bytes / 1024 / 1024).toFixed(1)} MB; imports are limited to 10 MB.`,
    { limit_bytes: MAX_IMPORT_BYTES },
  );
}
