import { isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/*
 * Upstream JSON that carries integers above 2^53 (ids, snowflakes, amounts in minor units)
 * must reach the model digit for digit. `JSON.parse` rounds them, so a body with a long digit
 * run is parsed with lossless-json (numbers JavaScript holds exactly stay numbers, the others
 * become LosslessNumber, which keeps the text) and written back with its stringify. Everything
 * else takes the native parser: lossless parsing is several times slower, and most bodies
 * have no number it would change.
 */

/** A run of 16+ digits is the only way a JSON number can lose precision in a double. */
const LONG_NUMBER = /\d{16,}/;

export interface ParsedJson {
  value: unknown;
  /** The value may hold LosslessNumbers: write it with `writeJson`. */
  lossless: boolean;
}

function parseNumber(text: string): unknown {
  return isSafeNumber(text) ? Number(text) : new LosslessNumber(text);
}

/** Parses JSON text, keeping numbers a double cannot hold; throws on invalid JSON. */
export function parseJsonLossless(text: string): ParsedJson {
  if (!LONG_NUMBER.test(text)) return { value: JSON.parse(text) as unknown, lossless: false };
  return { value: parse(text, null, parseNumber), lossless: true };
}

/** JSON text of a parsed value, big numbers written as they came. */
export function writeJson(value: unknown, lossless: boolean, indent?: number): string {
  if (!lossless) return JSON.stringify(value, null, indent) ?? 'null';
  return stringify(value, null, indent) ?? 'null';
}

/** A scalar of a parsed value: null, string, number, boolean or a kept big number. */
export function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object' || value instanceof LosslessNumber;
}

/**
 * The value with every LosslessNumber replaced: by its digits as a string (for text renderers,
 * which print strings and numbers alike) or by the nearest double (for schema checks).
 */
export function plainJson(value: unknown, asText: boolean): unknown {
  if (value instanceof LosslessNumber) return asText ? value.value : Number(value.value);
  if (Array.isArray(value)) return value.map((v) => plainJson(v, asText));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainJson(v, asText)]));
  return value;
}
