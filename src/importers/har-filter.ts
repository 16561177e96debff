import type { HarEntry } from './har-read.ts';

/*
 * Which recorded requests are the API. A page's recording is mostly everything else: its
 * scripts, styles, images and fonts, analytics beacons, CORS preflights, aborted requests and
 * calls to other services. Each entry left out has one reason, the first that applies in the
 * order below, and the counts are reported to the operator.
 */

export type FilterReason =
  | 'not_http'
  | 'failed'
  | 'preflight'
  | 'analytics'
  | 'static_asset'
  | 'non_api_host'
  | 'not_selected';

/** What the operator chose to keep; without either, the hosts that answered JSON or XML. */
export interface HostChoice {
  /** Keep only requests under this URL (`https://api.example.com/v2`). */
  baseUrl?: string;
  /** Keep only requests to these hosts (`api.example.com`, `127.0.0.1:8080`). */
  hosts?: string[];
}

export interface FilterOutcome {
  kept: HarEntry[];
  /** Entries left out, by reason. */
  counts: Partial<Record<FilterReason, number>>;
  /** Static assets left out, by kind (`script`, `image`…). */
  assetKinds: Record<string, number>;
  /** Analytics requests left out, by tracker host (`plausible.io`) or `beacons to <host>`. */
  analyticsHosts: Record<string, number>;
  /** Every http(s) host that remained after the per-request filters: requests, answered JSON/XML, kept. */
  hosts: Array<{ host: string; requests: number; api: boolean; kept: boolean }>;
}

/** Well-known analytics, advertising, session-recording and error-reporting hosts (and their subdomains). */
const TRACKER_HOSTS = [
  'google-analytics.com',
  'analytics.google.com',
  'googletagmanager.com',
  'doubleclick.net',
  'googlesyndication.com',
  'googleadservices.com',
  'segment.io',
  'segment.com',
  'sentry.io',
  'sentry-cdn.com',
  'hotjar.com',
  'hotjar.io',
  'plausible.io',
  'mixpanel.com',
  'amplitude.com',
  'heapanalytics.com',
  'fullstory.com',
  'clarity.ms',
  'bat.bing.com',
  'connect.facebook.net',
  'posthog.com',
  'cloudflareinsights.com',
  'nr-data.net',
  'browser-intake-datadoghq.com',
  'browser-intake-datadoghq.eu',
  'bugsnag.com',
  'stats.wp.com',
];

/** The last path segment of a beacon endpoint (`/g/collect`, `/beacon`, `/api/event`). */
const BEACON_PATH =
  /\/(collect|beacon|ping|pixel|telemetry|rum|track|tracking|analytics|event|events|log)\/?$/i;

const ASSET_EXTENSIONS: Array<[RegExp, string]> = [
  [/\.(m?js|cjs|jsx|tsx?)$/, 'script'],
  [/\.css$/, 'stylesheet'],
  [/\.(png|jpe?g|gif|svg|webp|ico|avif|bmp|apng)$/, 'image'],
  [/\.(woff2?|ttf|otf|eot)$/, 'font'],
  [/\.html?$/, 'HTML document'],
  [/\.(mp4|webm|mp3|wav|ogg|m4a)$/, 'media'],
  [/\.webmanifest$/, 'manifest'],
];

const ASSET_MIMES: Array<[RegExp, string]> = [
  [/javascript|ecmascript/, 'script'],
  [/^text\/css$/, 'stylesheet'],
  [/^image\//, 'image'],
  [/^font\/|^application\/(x-)?font/, 'font'],
  [/^text\/html$|^application\/xhtml\+xml$/, 'HTML document'],
  [/^(video|audio)\//, 'media'],
  [/^application\/manifest\+json$/, 'manifest'],
];

const ASSET_TYPES: Record<string, string> = {
  script: 'script',
  stylesheet: 'stylesheet',
  image: 'image',
  font: 'font',
  media: 'media',
  manifest: 'manifest',
  document: 'HTML document',
  texttrack: 'media',
};

/** True for JSON and XML answers (`application/json`, `application/problem+json`, `text/xml`), not SVG. */
export function isApiMime(mime: string): boolean {
  return /[/+]json$|^application\/json/.test(mime) || (/[/+]xml$/.test(mime) && !mime.startsWith('image/'));
}

function trackerHost(host: string): string | undefined {
  return TRACKER_HOSTS.find((t) => host === t || host.endsWith(`.${t}`));
}

/** A request that only reports something: `sendBeacon`, `<a ping>`, a collect endpoint answering nothing. */
function isBeacon(e: HarEntry): boolean {
  if (e.resourceType === 'ping' || e.resourceType === 'beacon') return true;
  if (!BEACON_PATH.test(e.url.pathname)) return false;
  const answeredNothing = e.status === 204 || e.responseSize === 0 || e.responseText === '';
  const type = e.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  return answeredNothing && (type === '' || type.toLowerCase().startsWith('text/plain'));
}

/** The kind of static asset an entry is (`script`, `image`…), or undefined for anything else. */
export function assetKindOf(e: HarEntry): string | undefined {
  const path = e.url.pathname.toLowerCase();
  // Source maps are JSON: told apart by their name only.
  if (path.endsWith('.map')) return 'source map';
  if (isApiMime(e.responseMime)) return undefined;
  for (const [ext, kind] of ASSET_EXTENSIONS) if (ext.test(path)) return kind;
  for (const [mime, kind] of ASSET_MIMES) if (mime.test(e.responseMime)) return kind;
  return e.resourceType ? ASSET_TYPES[e.resourceType] : undefined;
}

/** The reason a single request is not the API, before hosts are compared. */
function reasonOf(e: HarEntry, counts: FilterOutcome): FilterReason | undefined {
  if (
    (e.url.protocol !== 'http:' && e.url.protocol !== 'https:') ||
    e.resourceType === 'websocket' ||
    e.status === 101
  )
    return 'not_http';
  if (e.status <= 0) return 'failed';
  if (e.method === 'OPTIONS' || e.resourceType === 'preflight') return 'preflight';
  const tracker = trackerHost(e.url.hostname.toLowerCase());
  if (tracker || isBeacon(e)) {
    const key = tracker ? e.url.hostname : `beacons to ${e.url.host}`;
    counts.analyticsHosts[key] = (counts.analyticsHosts[key] ?? 0) + 1;
    return 'analytics';
  }
  const kind = assetKindOf(e);
  if (kind) {
    counts.assetKinds[kind] = (counts.assetKinds[kind] ?? 0) + 1;
    return 'static_asset';
  }
  return undefined;
}

/** True when `url` is `base` or below it (`base` without a trailing slash). */
function isUnder(url: URL, base: string): boolean {
  const href = url.href;
  const prefix = base.replace(/\/+$/, '');
  return href === prefix || href.startsWith(`${prefix}/`) || href.startsWith(`${prefix}?`);
}

/**
 * Splits the entries into the API's requests and the rest. Hosts: the operator's `baseUrl` or
 * `hosts` when given; else every host when there is one, or the hosts that answered JSON or XML
 * at least once (all of them when none did).
 */
export function filterEntries(entries: HarEntry[], choice: HostChoice): FilterOutcome {
  const out: FilterOutcome = { kept: [], counts: {}, assetKinds: {}, analyticsHosts: {}, hosts: [] };
  const count = (reason: FilterReason) => {
    out.counts[reason] = (out.counts[reason] ?? 0) + 1;
  };
  const candidates: HarEntry[] = [];
  for (const e of entries) {
    const reason = reasonOf(e, out);
    if (reason) count(reason);
    else candidates.push(e);
  }
  const byHost = new Map<string, { requests: number; api: boolean }>();
  for (const e of candidates) {
    const seen = byHost.get(e.url.host) ?? { requests: 0, api: false };
    seen.requests++;
    if (isApiMime(e.responseMime)) seen.api = true;
    byHost.set(e.url.host, seen);
  }
  const chosen = choice.hosts?.map((h) => h.toLowerCase());
  const anyApi = [...byHost.values()].some((h) => h.api);
  const keepHost = (host: string) =>
    chosen ? chosen.includes(host) : byHost.size === 1 || !anyApi || byHost.get(host)?.api === true;
  for (const e of candidates) {
    const operatorChose = choice.baseUrl !== undefined || chosen !== undefined;
    const keep = choice.baseUrl ? isUnder(e.url, choice.baseUrl) : keepHost(e.url.host);
    if (keep) out.kept.push(e);
    else count(operatorChose ? 'not_selected' : 'non_api_host');
  }
  const keptHosts = new Set(out.kept.map((e) => e.url.host));
  out.hosts = [...byHost].map(([host, h]) => ({ host, ...h, kept: keptHosts.has(host) }));
  return out;
}
