/*
 * The default answer of a JSON tool is `JSON.stringify(JSON.parse(body), null, 2)`: building the
 * whole value only to print it again cost more CPU and allocation than the rest of the response
 * mapping. This re-indents the body's bytes in one pass into a kept buffer instead (one string is
 * allocated: the answer), and only where that gives the very same string: whenever the body holds
 * something the round trip would change (an escape other than \" \\ \b \f \n \r \t, a number not
 * written the way JavaScript prints it, a key JSON.parse would move or merge) or anything that is
 * not valid JSON, it answers undefined and the caller takes the round trip.
 *
 * Working on the UTF-8 bytes is exact: only ASCII (structure, whitespace) is added or dropped,
 * and a decoder turns every other byte, invalid ones included, into the same characters wherever
 * ASCII surrounds it. pretty-json.test.ts checks the answers against the round trip.
 */

/** Deeper bodies go to the round trip (and a fixed stack keeps the scan allocation-free). */
const MAX_DEPTH = 64;
/** Objects with more keys go to the round trip: repeated keys are looked for pairwise. */
const MAX_KEYS = 64;
/** A kept output buffer larger than this (after a big body) is dropped after use. */
const KEEP_BYTES = 256 * 1024;

// State of the one running scan (it is synchronous): output, open containers, their key hashes.
let out = Buffer.allocUnsafeSlow(16 * 1024);
let pos = 0;
const keyHashes = new Int32Array(MAX_DEPTH * MAX_KEYS);
const keyCounts = new Int32Array(MAX_DEPTH + 1);
/** 1 where the container open at that depth is an object, 0 for an array. */
const inObject = new Uint8Array(MAX_DEPTH + 1);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** `JSON.stringify(JSON.parse(body.toString()), null, 2)` when one pass can tell it is the same; else undefined. */
export function prettyJsonText(body: Uint8Array): string | undefined {
  pos = 0;
  reserve(body.length + 2);
  const end = scanValue(body);
  if (end < 0) return undefined;
  const text = out.toString('utf8', 0, pos);
  if (out.length > KEEP_BYTES) out = Buffer.allocUnsafeSlow(16 * 1024);
  return text;
}

/** Writes the re-indented body to `out`; the input index where it ended, or -1. */
function scanValue(b: Uint8Array): number {
  const n = b.length;
  let depth = 0;
  let i = skipSpace(b, 0);
  // Each turn reads one value; then closes containers and reads the separator before the next.
  for (;;) {
    if (i >= n) return -1;
    let c = b[i]!;
    if (c === 0x7b || c === 0x5b) {
      // An object or array: `{}`/`[]` when empty, else the first member on a new line.
      const next = skipSpace(b, i + 1);
      if (b[next] === c + 2) {
        reserve(n - next + 2);
        out[pos++] = c;
        out[pos++] = c + 2;
        i = next + 1;
      } else {
        if (depth === MAX_DEPTH) return -1;
        depth++;
        inObject[depth] = c === 0x7b ? 1 : 0;
        keyCounts[depth] = 0;
        reserve(n - next + 2 * depth + 2);
        out[pos++] = c;
        newline(depth);
        i = next;
        if (c === 0x7b) {
          i = copyKey(b, i, depth);
          if (i < 0) return -1;
        }
        continue;
      }
    } else if (c === QUOTE) {
      i = copyString(b, i);
      if (i < 0) return -1;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      i = copyNumber(b, i);
      if (i < 0) return -1;
    } else if (c === 0x74 ? isWord(b, i, TRUE) : c === 0x66 ? isWord(b, i, FALSE) : isWord(b, i, NULL)) {
      const len = c === 0x66 ? 5 : 4;
      for (let k = 0; k < len; k++) out[pos++] = b[i + k]!;
      i += len;
    } else return -1;

    // After a value: close what ends here; a comma leads to the next member.
    for (;;) {
      i = skipSpace(b, i);
      if (depth === 0) return i === n ? i : -1;
      c = b[i]!;
      if (c === 0x2c) break;
      const open = inObject[depth] === 1 ? 0x7b : 0x5b;
      if (c !== open + 2) return -1;
      depth--;
      reserve(n - i + 2 * depth + 2);
      newline(depth);
      out[pos++] = c;
      i++;
    }
    reserve(n - i + 2 * depth + 2);
    out[pos++] = 0x2c;
    newline(depth);
    i = skipSpace(b, i + 1);
    if (inObject[depth] === 1) {
      i = copyKey(b, i, depth);
      if (i < 0) return -1;
    }
  }
}

/**
 * Room in `out` for the rest of the input and `extra` added bytes: between two calls only input
 * bytes are copied (each at most once), so single writes need no check.
 */
function reserve(extra: number): void {
  if (pos + extra <= out.length) return;
  const grown = Buffer.allocUnsafeSlow(Math.max(out.length * 2, pos + extra + 1024));
  out.copy(grown, 0, 0, pos);
  out = grown;
}

function newline(depth: number): void {
  const o = out;
  let p = pos;
  o[p++] = 0x0a;
  for (let k = 2 * depth; k > 0; k--) o[p++] = 0x20;
  pos = p;
}

/**
 * Copies the key at `i` and its `: `, recording its hash for the object at `depth`; the index of
 * the value, or -1 for a key the round trip would write elsewhere or differently: an array index
 * (JSON.parse orders those first: any key starting with a digit is left to it), one that may
 * repeat an earlier key of the object (equal hashes), or one with an escape.
 */
function copyKey(b: Uint8Array, i: number, depth: number): number {
  if (b[i] !== QUOTE) return -1;
  const first = b[i + 1]!;
  if (first >= 0x30 && first <= 0x39) return -1;
  const o = out;
  let p = pos;
  o[p++] = QUOTE;
  let hash = 0;
  let j = i + 1;
  for (; j < b.length; j++) {
    const c = b[j]!;
    if (c === QUOTE) break;
    if (c === BACKSLASH || c < 0x20) return -1;
    hash = (Math.imul(hash, 31) + c) | 0;
    o[p++] = c;
  }
  pos = p;
  if (j >= b.length) return -1;
  const count = keyCounts[depth]!;
  if (count === MAX_KEYS) return -1;
  const base = (depth - 1) * MAX_KEYS;
  for (let k = base; k < base + count; k++) if (keyHashes[k] === hash) return -1;
  keyHashes[base + count] = hash;
  keyCounts[depth] = count + 1;
  j = skipSpace(b, j + 1);
  if (b[j] !== 0x3a) return -1;
  reserve(b.length - j + 3);
  out[pos++] = QUOTE;
  out[pos++] = 0x3a;
  out[pos++] = 0x20;
  return skipSpace(b, j + 1);
}

/**
 * Copies the string at `i`; the index after it, or -1 unless JSON.stringify writes it back the
 * same: no control characters, and only the short escapes (\/ and \u.... are left to the round
 * trip). Bytes of 0x80 and up are UTF-8 and copied as they are.
 */
function copyString(b: Uint8Array, i: number): number {
  // Locals, not the module's `out` and `pos`: those are context slots, loaded and stored on
  // every byte of the loop otherwise.
  const o = out;
  let p = pos;
  o[p++] = QUOTE;
  for (let j = i + 1; j < b.length; j++) {
    const c = b[j]!;
    o[p++] = c;
    if (c === QUOTE) {
      pos = p;
      return j + 1;
    }
    if (c === BACKSLASH) {
      const e = b[++j]!;
      if (
        e !== QUOTE &&
        e !== BACKSLASH &&
        e !== 0x62 &&
        e !== 0x66 &&
        e !== 0x6e &&
        e !== 0x72 &&
        e !== 0x74
      )
        return -1;
      o[p++] = e;
    } else if (c < 0x20) return -1;
  }
  return -1;
}

/**
 * Copies the number at `i`; the index after it, or -1 unless it is valid JSON that JavaScript
 * prints as written: integers of up to 15 digits (not `-0`) are; anything else is compared with
 * `String(Number(…))` (`1.0`, `1e3`, `0.10`, 17-digit integers are not).
 */
function copyNumber(b: Uint8Array, i: number): number {
  let j = i;
  if (b[j] === 0x2d) j++;
  const intStart = j;
  if (b[j] === 0x30) j++;
  else j = skipDigits(b, j);
  if (j === intStart) return -1;
  let plain = true;
  if (b[j] === 0x2e) {
    plain = false;
    const fracStart = ++j;
    j = skipDigits(b, j);
    if (j === fracStart) return -1;
  }
  if (b[j] === 0x65 || b[j] === 0x45) {
    plain = false;
    j++;
    if (b[j] === 0x2b || b[j] === 0x2d) j++;
    const expStart = j;
    j = skipDigits(b, j);
    if (j === expStart) return -1;
  }
  // A digit right after a leading zero (`01`) is not JSON.
  const after = b[j]!;
  if (after >= 0x30 && after <= 0x39) return -1;
  if (plain && j - intStart <= 15) {
    if (b[i] === 0x2d && b[intStart] === 0x30) return -1;
  } else {
    const token = String.fromCharCode.apply(null, b.subarray(i, j) as unknown as number[]);
    if (String(Number(token)) !== token) return -1;
  }
  for (let k = i; k < j; k++) out[pos++] = b[k]!;
  return j;
}

function skipDigits(b: Uint8Array, j: number): number {
  let c = b[j]!;
  while (c >= 0x30 && c <= 0x39) c = b[++j]!;
  return j;
}

/** JSON whitespace: space, tab, LF, CR. */
function skipSpace(b: Uint8Array, i: number): number {
  let c = b[i];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++i];
  return i;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

function isWord(b: Uint8Array, i: number, word: number[]): boolean {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word[k]) return false;
  return true;
}
