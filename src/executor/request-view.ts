import type { PreparedRequest } from './build-request.ts';
import { type CredentialMasks, MASK } from './outbound-auth.ts';
import type { UpstreamResponse } from './send.ts';
import type { OutboundRequestView, UpstreamResponseReader, UpstreamResponseView } from './types.ts';

/** Header names that carry secrets even when a tool sets them statically. */
const SECRET_HEADER = /^(authorization|proxy-authorization)$|api[-_]?key|token|secret|password/i;

/** The request as the test endpoint shows it: credential values replaced by `****`. */
export function viewRequest(req: PreparedRequest, masks: CredentialMasks): OutboundRequestView {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(req.headers)) {
    const value = req.headers[name]!;
    const masked = masks.headers.get(name);
    if (masked !== undefined) headers[name] = masked;
    else if (SECRET_HEADER.test(name)) headers[name] = maskValue(value);
    else headers[name] = value;
  }
  let url = req.url.href;
  if (masks.query.size > 0) {
    const shown = req.url.toURL();
    for (const name of masks.query) if (shown.searchParams.has(name)) shown.searchParams.set(name, MASK);
    url = shown.href;
  }
  return { method: req.method, url, headers, body: masks.body !== undefined ? masks.body : req.body };
}

/** Keeps an auth scheme visible (`Bearer ****`), hides the value. */
function maskValue(value: string): string {
  const scheme = /^(Bearer|Basic|Token|Digest)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}

/** The answer's media type, e.g. `application/json` (parameters dropped). */
export function mediaType(res: UpstreamResponse): string {
  return typeOf(res.headers['content-type'] ?? '');
}

/** A Content-Type value without its parameters (indexOf rather than split: no array per call). */
export function typeOf(contentType: string): string {
  const semi = contentType.indexOf(';');
  return (semi < 0 ? contentType : contentType.slice(0, semi)).trim();
}

/** True for bodies that are text: text/*, JSON, XML, JavaScript, form data, or no type at all. */
export function isTextType(contentType: string): boolean {
  const ct = contentType.toLowerCase();
  return (
    ct === '' ||
    ct.startsWith('text/') ||
    /[/+](json|xml|javascript|x-www-form-urlencoded|yaml|csv|graphql)\b/.test(ct)
  );
}

/**
 * An answer's body as UTF-8 text, decoded on first use and only once: the default JSON answer
 * never needs the text (it is re-indented from the bytes), and an MCP call never reads the raw
 * view, so most calls decode nothing.
 */
export class BodyText {
  constructor(
    private readonly body: Buffer,
    private text?: string,
  ) {}

  get(): string {
    if (this.text === undefined) this.text = this.body.toString('utf8');
    return this.text;
  }
}

/**
 * The upstream answer with its body as a string: text as UTF-8, anything binary as base64, made
 * when `body` is first read (the admin Test view, response-data logging). `text` is the decoder
 * the caller already shares with the response mapping. A class, so `body` is a getter on the
 * prototype: a getter in an object literal is defined through V8's runtime on every call and
 * leaves each view in a map of its own.
 */
class ResponseView implements UpstreamResponseReader {
  readonly status_code: number;
  readonly headers: Record<string, string>;
  readonly #res: UpstreamResponse;
  readonly #text: BodyText | undefined;
  #body: string | undefined;

  constructor(res: UpstreamResponse, text: BodyText | undefined) {
    this.status_code = res.status;
    this.headers = res.headers;
    this.#res = res;
    this.#text = text;
  }

  get body(): string {
    if (this.#body === undefined)
      this.#body = isTextType(mediaType(this.#res))
        ? (this.#text ?? new BodyText(this.#res.body)).get()
        : this.#res.body.toString('base64');
    return this.#body;
  }

  /** What the view serializes to: the three fields, the body decoded. */
  toJSON(): UpstreamResponseView {
    return { status_code: this.status_code, headers: this.headers, body: this.body };
  }
}

export function viewResponse(res: UpstreamResponse, text?: BodyText): UpstreamResponseReader {
  return new ResponseView(res, text);
}
