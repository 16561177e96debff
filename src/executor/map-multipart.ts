import type { ContentBlock } from './types.ts';

/*
 * A `multipart/mixed` upstream answer (RFC 2046) maps part by part, so one HTTP call can yield
 * mixed MCP content: `image/*` and `audio/*` parts become image/audio blocks (base64), a part
 * named by `Content-Location` becomes an embedded `resource` with that URI (text for textual
 * types, a base64 blob otherwise), other text parts become text blocks and other binary parts
 * resource blobs addressed by the tool's URL. Parts may use `Content-Transfer-Encoding: base64`.
 */

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

const MAX_PARTS = 100;

function boundaryOf(contentType: string): string | undefined {
  const m = /boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/** Splits the body at `--boundary` delimiters; null when it is not well-formed multipart. */
export function parseMultipart(body: Buffer, contentType: string): Part[] | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  while (parts.length < MAX_PARTS) {
    const after = at + delimiter.length;
    if (body.subarray(after, after + 2).toString() === '--') break; // closing delimiter
    const next = body.indexOf(delimiter, after);
    if (next < 0) return null;
    // The part runs from the line after the delimiter to the CRLF before the next one.
    let start = after;
    if (body[start] === 0x0d) start++;
    if (body[start] === 0x0a) start++;
    let end = next;
    if (body[end - 1] === 0x0a) end--;
    if (body[end - 1] === 0x0d) end--;
    const raw = body.subarray(start, Math.max(start, end));
    const split = raw.indexOf('\r\n\r\n');
    const lfSplit = split < 0 ? raw.indexOf('\n\n') : -1;
    const headEnd = split >= 0 ? split : lfSplit;
    const headText = headEnd >= 0 ? raw.subarray(0, headEnd).toString('latin1') : '';
    const content = headEnd >= 0 ? raw.subarray(headEnd + (split >= 0 ? 4 : 2)) : raw;
    const headers: Record<string, string> = {};
    for (const line of headText.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: content });
    at = next;
  }
  return parts;
}

/** MCP content for a multipart answer, or null when the body is not valid multipart. */
export function mapMultipart(
  body: Buffer,
  contentType: string,
  fallbackUri: string,
  isTextType: (type: string) => boolean,
  truncate: (text: string) => string,
): ContentBlock[] | null {
  const parts = parseMultipart(body, contentType);
  if (!parts || parts.length === 0) return null;
  return parts.map((part): ContentBlock => {
    const type = (part.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
    const bytes =
      part.headers['content-transfer-encoding']?.toLowerCase() === 'base64'
        ? Buffer.from(part.body.toString('latin1').replace(/\s+/g, ''), 'base64')
        : part.body;
    const location = part.headers['content-location'];
    const textual = isTextType(type);
    if (location)
      return {
        type: 'resource',
        resource: textual
          ? { uri: location, mimeType: type, text: truncate(bytes.toString('utf8')) }
          : { uri: location, mimeType: type, blob: bytes.toString('base64') },
      };
    if (type.startsWith('image/') || type.startsWith('audio/'))
      return {
        type: type.startsWith('image/') ? 'image' : 'audio',
        data: bytes.toString('base64'),
        mimeType: type,
      };
    if (textual) return { type: 'text', text: truncate(bytes.toString('utf8')) };
    return {
      type: 'resource',
      resource: { uri: fallbackUri, mimeType: type, blob: bytes.toString('base64') },
    };
  });
}
