import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/*
 * Passwords are hashed with scrypt (memory-hard: N=2^15, r=8, p=1 uses 32 MiB per hash) and a
 * 16-byte random salt, stored as `scrypt$15$8$1$<salt b64url>$<hash b64url>`. The work runs on
 * libuv's thread pool (the callback form), never on the event loop.
 */

const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** Passwords shorter than this are refused. */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * At most this many hashes run at once: scrypt shares libuv's pool (4 threads by default) with
 * DNS lookups and file reads, so a burst of sign-ins must not hold all of it.
 */
export const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** How many hashes run now and wait (for tests and metrics). */
export function hashLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return withHashSlot(() => scryptAsync(password, salt, logN, r, p));
}

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; node's default cap (32 MiB) is exactly that, so allow twice it.
      { N: 2 ** logN, r, p, maxmem: 128 * 2 ** logN * r * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** The stored form of a password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, LOG_N, R, P);
  return `scrypt$${LOG_N}$${R}$${P}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/**
 * Whether the password matches the stored hash (constant-time). A malformed or foreign hash never
 * matches; its parameters are bounded so a tampered row cannot make a check cost more than ours.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > LOG_N || r < 1 || r > R || p !== 1)
    return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 16 || expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, logN, r, p);
  return timingSafeEqual(actual, expected);
}

/** A fixed hash to verify against when no user matches, so an unknown e-mail takes as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A random password of `length` characters from an unambiguous alphabet (first administrator). */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling: 256 is not a multiple of the alphabet's size.
  const limit = 256 - (256 % alphabet.length);
  for (const b of bytes) {
    if (b >= limit) continue;
    out += alphabet[b % alphabet.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}
