/*
 * Upstream header names arrive as raw bytes (undici's raw headers). Decoding and lower-casing each
 * one made two strings per header per call; the names most answers carry are matched against
 * kept lower-case strings instead, byte by byte, ignoring case.
 */

const COMMON = [
  'accept-ranges',
  'access-control-allow-origin',
  'age',
  'cache-control',
  'connection',
  'content-encoding',
  'content-language',
  'content-length',
  'content-type',
  'date',
  'etag',
  'expires',
  'keep-alive',
  'last-modified',
  'link',
  'location',
  'pragma',
  'retry-after',
  'server',
  'set-cookie',
  'strict-transport-security',
  'transfer-encoding',
  'vary',
  'via',
  'x-content-type-options',
  'x-frame-options',
  'x-powered-by',
  'x-request-id',
];

/** The common names by length, each with its bytes. */
const BY_LENGTH: Array<Array<{ name: string; bytes: Uint8Array }>> = [];
for (const name of COMMON) {
  BY_LENGTH[name.length] ??= [];
  BY_LENGTH[name.length]!.push({ name, bytes: Buffer.from(name, 'latin1') });
}

/**
 * A raw header name in lower case. `b | 0x20` lower-cases ASCII letters and leaves `-` and digits
 * as they are; the other bytes it would fold onto those (CR, control characters) cannot occur in
 * a header name, which the HTTP parser has already checked.
 */
export function headerName(raw: Uint8Array): string {
  const candidates = BY_LENGTH[raw.length];
  if (candidates) {
    for (const { name, bytes } of candidates) {
      let k = 0;
      while (k < bytes.length && (raw[k]! | 0x20) === bytes[k]) k++;
      if (k === bytes.length) return name;
    }
  }
  return Buffer.from(raw.buffer, raw.byteOffset, raw.length).toString('latin1').toLowerCase();
}
