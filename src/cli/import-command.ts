import { readFileSync, statSync } from 'node:fs';
import { parseCurl } from '../importers/curl.ts';
import { MAX_TOOL_NAME, shortenToolName } from '../tools/tool-names.ts';
import { type DocumentKind, type Gateway, GatewayError, type Json } from './gateway.ts';

export interface ImportOptions {
  /** Server name, slug or UUID; a server of that name is created when none matches. */
  server: string;
  all?: boolean;
  /** Import only the operations carrying one of these tags (OpenAPI tags, collection folders). */
  tag?: string[];
  /** Imported tools go live at once (status `active`), and an inactive server is activated. */
  activate?: boolean;
  /** Overrides the detection of the source's kind. */
  format?: 'openapi' | 'collection' | 'curl';
  /**
   * An operation whose slug the server already has: `skip` it (the default, for every source) or
   * `duplicate` it under the next free slug (`get_pets-2`).
   */
  onConflict?: 'skip' | 'duplicate';
}

type Source = { kind: 'curl'; command: string } | { kind: DocumentKind; body: Json; label: string };

const looksLikeCollection = (text: string) =>
  /"schema"\s*:\s*"https?:\/\/schema\.getpostman\.com/.test(text) || /"_postman_id"\s*:/.test(text);

/**
 * What the argument is: a cURL command (`curl …`), a URL (fetched by the gateway, under its
 * import egress policy) or a file. Files are OpenAPI unless they carry a Postman collection schema;
 * URLs are OpenAPI unless `--format collection` says otherwise.
 */
export function readSource(arg: string, format?: ImportOptions['format']): Source {
  const text = arg.trim();
  if (format === 'curl' || (!format && /^curl\s/i.test(text))) return { kind: 'curl', command: text };
  if (/^https?:\/\//i.test(text)) {
    const kind = format === 'collection' ? 'collection' : 'openapi';
    return { kind, body: { source: 'url', url: text }, label: text };
  }
  let content: string;
  try {
    if (!statSync(arg).isFile()) throw new Error('not a file');
    content = readFileSync(arg, 'utf8');
  } catch {
    throw new GatewayError(
      'cli_no_source',
      `"${arg}" is not a readable file, an http(s) URL or a "curl …" command`,
    );
  }
  const kind =
    format === 'openapi' || format === 'collection'
      ? format
      : looksLikeCollection(content)
        ? 'collection'
        : 'openapi';
  return { kind, body: { content }, label: arg };
}

/** The server the name, slug or UUID points at (case-insensitive name), if any. */
export async function findServer(gw: Gateway, ref: string): Promise<Json | undefined> {
  const servers = await gw.listServers();
  const lower = ref.toLowerCase();
  return (
    servers.find((s) => s.uuid === ref || s.slug === ref) ??
    servers.find((s) => String(s.name).toLowerCase() === lower)
  );
}

interface CandidateView {
  temp_id: string;
  name: string;
  http_method: string;
  endpoint_url: string;
  tags: string[];
}

function chooseCandidates(candidates: CandidateView[], opts: ImportOptions): CandidateView[] {
  if (opts.all) return candidates;
  const wanted = new Set((opts.tag ?? []).map((t) => t.toLowerCase()));
  const chosen = candidates.filter((c) => c.tags.some((t) => wanted.has(t.toLowerCase())));
  if (chosen.length === 0) {
    const tags = [...new Set(candidates.flatMap((c) => c.tags))].sort();
    throw new GatewayError(
      'cli_no_match',
      `no operation is tagged ${[...wanted].join(' or ')}; tags in this document: ${tags.join(', ') || '(none)'}`,
    );
  }
  return chosen;
}

/** The slug the gateway would give the command's tool, or undefined when it does not parse (the gateway says why). */
function slugOfCurl(command: string): string | undefined {
  try {
    const slug = parseCurl(command).candidates[0]?.slug;
    return slug && slug.length > MAX_TOOL_NAME ? shortenToolName(slug) : slug;
  } catch {
    return undefined;
  }
}

/**
 * A cURL command is one operation, imported as given (the API's "one call creates the tool"),
 * unless the server already has a tool of its slug and `--on-conflict` is not `duplicate`: the
 * same rule as a document's operations. Returns the number of tools created.
 */
async function importCurlCommand(
  gw: Gateway,
  server: Json,
  command: string,
  opts: ImportOptions,
  print: (line: string) => void,
): Promise<number> {
  const uuid = String(server.uuid);
  const slug = opts.onConflict === 'duplicate' ? undefined : slugOfCurl(command);
  if (slug && (await gw.listTools(uuid)).some((t) => t.slug === slug)) {
    print(
      `skipped tool ${slug}: the server has a tool of that slug (--on-conflict duplicate imports it again)`,
    );
    return 0;
  }
  const tool = await gw.importCurl(uuid, { curl_command: command });
  if (opts.activate) await gw.updateTool(uuid, String(tool.uuid), { status: 'active' });
  print(`imported tool ${tool.slug} (${tool.http_method} ${tool.endpoint_url})`);
  if (typeof tool._notice === 'string') print(tool._notice);
  return 1;
}

/**
 * `toolgate import <file|url|'curl …'> --server NAME [--all | --tag T] [--activate]
 * [--on-conflict skip|duplicate]`: finds or creates the server, imports through the gateway's
 * importers and prints what it did and the MCP endpoint. A document's operations are chosen with
 * --all or --tag; without either it only lists them (nothing is written). A cURL command is one
 * operation and is imported as given. Every source skips the slugs the server already has, unless
 * --on-conflict duplicate.
 */
export async function runImport(
  gw: Gateway,
  arg: string,
  opts: ImportOptions,
  print: (line: string) => void,
): Promise<void> {
  if (opts.all && opts.tag?.length) throw new GatewayError('cli_bad_flags', 'use --all or --tag, not both');
  if (opts.onConflict !== undefined && opts.onConflict !== 'skip' && opts.onConflict !== 'duplicate')
    throw new GatewayError('cli_bad_flags', '--on-conflict is skip or duplicate');
  const source = readSource(arg, opts.format);
  if (source.kind === 'curl' && opts.tag?.length)
    throw new GatewayError(
      'cli_bad_flags',
      "--tag chooses among a document's operations; a cURL command is one operation",
    );
  const selecting = source.kind === 'curl' || opts.all || Boolean(opts.tag?.length);
  let server = await findServer(gw, opts.server);
  if (!server) {
    if (!selecting)
      throw new GatewayError(
        'cli_no_server',
        `no server "${opts.server}" yet: add --all (or --tag T) to create it and import, in ${gw.target}`,
      );
    server = await gw.createServer(opts.server);
    print(`created server "${server.name}" (${server.slug})`);
  }
  const uuid = String(server.uuid);
  let imported: number;
  if (source.kind === 'curl') {
    imported = await importCurlCommand(gw, server, source.command, opts, print);
  } else {
    const preview = await gw.importDocument(uuid, source.kind, source.body);
    const candidates = preview.candidates as CandidateView[];
    if (!selecting) {
      for (const c of candidates)
        print(`${c.temp_id}\t${c.http_method}\t${c.name}\t${c.tags.join(',')}\t${c.endpoint_url}`);
      print(`${candidates.length} operations in ${source.label}; nothing imported: add --all or --tag T`);
      return;
    }
    const chosen = chooseCandidates(candidates, opts);
    const result = await gw.importDocument(uuid, source.kind, {
      ...source.body,
      commit: true,
      selected_temp_ids: chosen.map((c) => c.temp_id),
      imported_status: opts.activate ? 'active' : 'draft',
      on_conflict: opts.onConflict ?? 'skip',
    });
    const created = result.created as Array<{ slug: string }>;
    const skipped = result.skipped as unknown[];
    const failed = result.failed as Array<{ name: string; reason: string }>;
    print(
      `imported ${created.length} tools (${opts.activate ? 'active' : 'draft'}), skipped ${skipped.length} whose slug exists, ${failed.length} failed`,
    );
    for (const f of failed) print(`  failed ${f.name}: ${f.reason}`);
    if (typeof result._notice === 'string') print(result._notice);
    if (typeof result.outbound_auth_type_set === 'string')
      print(`outbound auth set to ${result.outbound_auth_type_set}: add credentials before calling tools`);
    imported = created.length;
  }
  if (opts.activate && server.status !== 'active') server = await gw.updateServer(uuid, { status: 'active' });
  if (!opts.activate && imported > 0)
    print('tools are drafts: test them, then activate them (or import again with --activate)');
  print(`MCP endpoint: ${server.endpoint_url} (inbound auth ${server.auth_type})`);
}
