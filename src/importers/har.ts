import { dedupeSlugs } from '../tools/tool-names.ts';
import { combineCredentials } from './detect-credentials.ts';
import { type FilterOutcome, type FilterReason, filterEntries, type HostChoice } from './har-filter.ts';
import { buildCandidate, type Findings, MAX_SAMPLES, type Operation } from './har-operation.ts';
import { templatePath } from './har-paths.ts';
import { type HarEntry, readHar } from './har-read.ts';
import type { DetectedCredential, ParseResult } from './types.ts';

/*
 * HAR import: recorded browser or proxy traffic → candidates `har_0`, `har_1`… The file is read
 * and checked (har-read.ts), what is not the API is left out with a reason (har-filter.ts), the
 * rest is grouped by method and path template (har-paths.ts), and each operation becomes one
 * candidate with inputs and an output schema typed from what was seen (har-operation.ts,
 * har-infer.ts). Credentials are detected and returned (the commit saves the first as the
 * server's test credentials); cookies are dropped; no recorded value is kept in a schema.
 */

export type HarOptions = HostChoice;

export interface HarParseResult extends ParseResult {
  /** Entries left out, by reason. */
  filtered: Partial<Record<FilterReason, number>>;
  /** The http(s) hosts that remained after the per-request filters, and whether each was kept. */
  hosts: FilterOutcome['hosts'];
  /** Entries in the file. */
  entries: number;
}

/** Groups the kept requests by method, origin and path template, in the order first seen. */
function groupOperations(entries: HarEntry[]): Operation[] {
  const ops = new Map<string, Operation>();
  for (const e of entries) {
    const { template, params } = templatePath(e.url.pathname);
    const key = `${e.method} ${e.url.origin}${template}`;
    let op = ops.get(key);
    if (!op) {
      op = {
        method: e.method,
        origin: e.url.origin,
        template,
        params: params.map((p) => ({ name: p.name, kinds: new Set() })),
        samples: [],
        count: 0,
      };
      ops.set(key, op);
    }
    op.count++;
    if (op.samples.length >= MAX_SAMPLES) continue;
    op.samples.push(e);
    for (const [i, p] of params.entries()) op.params[i]?.kinds.add(p.kind);
  }
  return [...ops.values()];
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
/** `6 scripts, 2 stylesheets` (or `plausible.io: 2` with `byName`), largest first. */
const listCounts = (counts: Record<string, number>, byName = false) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => (byName ? `${what}: ${n}` : plural(n, what, what === 'media' ? what : `${what}s`)))
    .join(', ');

/** One line per reason entries were left out, with its count. */
function describeFilters(f: FilterOutcome): string[] {
  const lines: string[] = [];
  const c = f.counts;
  if (c.static_asset)
    lines.push(`Left out ${plural(c.static_asset, 'static asset')} (${listCounts(f.assetKinds)}).`);
  if (c.analytics)
    lines.push(
      `Left out ${plural(c.analytics, 'analytics or tracking request')} (${listCounts(f.analyticsHosts, true)}).`,
    );
  if (c.non_api_host) {
    const others = f.hosts.filter((h) => !h.kept).map((h) => h.host);
    lines.push(
      `Left out ${plural(c.non_api_host, 'request')} to ${others.length === 1 ? 'a host' : 'hosts'} that answered no JSON or XML (${others.join(', ')}); send "hosts" or "base_url" to choose the hosts yourself.`,
    );
  }
  if (c.not_selected)
    lines.push(`Left out ${plural(c.not_selected, 'request')} outside the chosen hosts or base_url.`);
  if (c.preflight) lines.push(`Left out ${plural(c.preflight, 'CORS preflight (OPTIONS) request')}.`);
  if (c.failed) lines.push(`Left out ${plural(c.failed, 'failed or aborted request')} (no HTTP status).`);
  if (c.not_http)
    lines.push(`Left out ${plural(c.not_http, 'request')} that are not HTTP(S) (WebSocket, data:, blob:…).`);
  return lines;
}

function describeFindings(kept: HarEntry[], found: Findings): string[] {
  const lines: string[] = [];
  const sent = kept.filter((e) => e.sentCookies).length;
  const set = kept.filter((e) => e.setCookies).length;
  if (sent || set)
    lines.push(
      `Cookies were dropped (${plural(sent, 'request')} sent cookies, ${plural(set, 'response')} set them); nothing of them is kept. A tool does not carry a browser session: configure the server's outbound auth.`,
    );
  if (found.sessionHeaders.size)
    lines.push(
      `Session-bound headers were dropped with the cookies: ${[...found.sessionHeaders].join(', ')}.`,
    );
  if (found.secretFields.size)
    lines.push(
      `Secret-looking body fields stay arguments the caller sends; their recorded values were not kept: ${[...found.secretFields].join(', ')}.`,
    );
  for (const file of found.files) lines.push(`${file} uploaded a file; it is imported as a text field.`);
  return lines;
}

/** Each credential once (a token seen on every request is one credential). */
function distinct(found: DetectedCredential[]): DetectedCredential[] {
  const seen = new Map<string, DetectedCredential>();
  for (const f of found) {
    const key = JSON.stringify(f.credentials);
    if (!seen.has(key)) seen.set(key, f);
  }
  return [...seen.values()];
}

/**
 * Parses a HAR (text or parsed object) into candidates. `options.baseUrl` / `options.hosts`
 * choose the API's requests; without them, the hosts that answered JSON or XML are kept.
 * 400 `invalid_spec` for a malformed file, 400 `svc_import_too_large` past the entry limit.
 */
export function parseHar(input: string | Record<string, unknown>, options: HarOptions = {}): HarParseResult {
  const doc = readHar(input);
  const filtered = filterEntries(doc.entries, options);
  const ops = groupOperations(filtered.kept);
  const found: Findings = {
    credentials: [],
    sessionHeaders: new Set(),
    secretFields: new Set(),
    files: new Set(),
  };
  const several = new Set(ops.map((op) => op.origin)).size > 1;
  const candidates = ops.map((op, i) =>
    buildCandidate(op, i, found, several ? [new URL(op.origin).host] : []),
  );
  dedupeSlugs(candidates);
  for (const c of candidates) c.name = c.slug;
  const keptHosts = filtered.hosts.filter((h) => h.kept).map((h) => h.host);
  const warnings = [...describeFilters(filtered), ...describeFindings(filtered.kept, found)];
  warnings.push(
    filtered.kept.length
      ? `${plural(ops.length, 'operation')} from ${plural(filtered.kept.length, 'recorded request')} of ${plural(doc.entries.length, 'entry', 'entries')}; inputs and outputs are typed from the values seen, and no recorded value is kept (no examples, defaults or enums).`
      : `None of the ${plural(doc.entries.length, 'entry', 'entries')} is an API request; record the page while it calls its API, or choose hosts with "hosts" or "base_url".`,
  );
  return {
    candidates,
    info: {
      title: `HAR recording${keptHosts.length ? ` of ${keptHosts.join(', ')}` : ''}`,
      // The file's format version (HAR 1.2) says nothing of the API's.
      version: '',
    },
    credentials: combineCredentials(distinct(found.credentials)),
    warnings,
    filtered: filtered.counts,
    hosts: filtered.hosts,
    entries: doc.entries.length,
  };
}
