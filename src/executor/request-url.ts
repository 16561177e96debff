import { BoundedCache } from '../shared/bounded-cache.ts';

/*
 * An outbound request's URL as the parts undici sends: the origin and the path with its query.
 * Parsing every call's URL with `new URL` and reading it back through its getters cost ~2 µs a
 * tool call (Node 20's URL parser sits behind C++ bindings, each getter a call into them), while
 * most calls only need those two strings. `fromText` therefore takes a URL's text as it is
 * whenever the WHATWG parser would give back the very same text, and parses it otherwise; a
 * parsed `URL` is made only for what needs one (a query-string credential, a masked view).
 */

/** Path and query characters the URL parser leaves as they are (for http and https). */
const PLAIN_PATH = /^\/[\w\-.~!$&()*+,;=:@/%?]*$/;
/** A dot segment (`/.`, `/..`, or `%2e` spelled for a dot): the parser would resolve it. */
const MAYBE_DOT_SEGMENT = /\/\.|%2e/i;

/** Hostname of an origin text that the parser writes back unchanged; null when it would not. */
const origins = new BoundedCache<string | null>({ maxEntries: 10_000 });

function hostnameOfCanonical(origin: string): string | null {
  let hostname = origins.get(origin);
  if (hostname === undefined) {
    hostname = null;
    try {
      const url = new URL(`${origin}/`);
      if (url.origin === origin && url.href === `${origin}/`) hostname = url.hostname;
    } catch {
      // Not a URL: the caller's own parse reports it.
    }
    origins.set(origin, hostname);
  }
  return hostname;
}

export class RequestUrl {
  private parsed: URL | undefined;

  private constructor(
    /** `scheme://host[:port]`, as `URL.origin` writes it. */
    readonly origin: string,
    /** `URL.pathname + URL.search`: what the request line carries. */
    readonly path: string,
    readonly hostname: string,
    /** `http:` or `https:` (or, from a parsed URL, whatever scheme it had). */
    readonly protocol: string,
  ) {}

  /** The URL of a parsed `URL` (kept: `href` keeps its fragment). */
  static of(url: URL): RequestUrl {
    const request = new RequestUrl(url.origin, `${url.pathname}${url.search}`, url.hostname, url.protocol);
    request.parsed = url;
    return request;
  }

  /** The URL of `text`, parsed only when the parser could change it. Throws as `new URL` does. */
  static fromText(text: string): RequestUrl {
    return RequestUrl.plain(text) ?? RequestUrl.of(new URL(text));
  }

  /** `text` taken as it is, or undefined when the parser might write it otherwise. */
  static plain(text: string): RequestUrl | undefined {
    const after = text.startsWith('https://') ? 8 : text.startsWith('http://') ? 7 : 0;
    if (after === 0) return undefined;
    const slash = text.indexOf('/', after);
    if (slash < 0) return undefined;
    const path = text.slice(slash);
    // An empty query (`/a?`) is dropped from the request line but kept in href.
    if (!PLAIN_PATH.test(path) || MAYBE_DOT_SEGMENT.test(path) || path.endsWith('?')) return undefined;
    const origin = text.slice(0, slash);
    const hostname = hostnameOfCanonical(origin);
    return hostname === null
      ? undefined
      : new RequestUrl(origin, path, hostname, after === 8 ? 'https:' : 'http:');
  }

  get href(): string {
    return this.parsed ? this.parsed.href : `${this.origin}${this.path}`;
  }

  get pathname(): string {
    const mark = this.path.indexOf('?');
    return mark < 0 ? this.path : this.path.slice(0, mark);
  }

  get search(): string {
    const mark = this.path.indexOf('?');
    return mark < 0 ? '' : this.path.slice(mark);
  }

  /** A `URL` of its own (the caller may change it). */
  toURL(): URL {
    return new URL(this.href);
  }
}
