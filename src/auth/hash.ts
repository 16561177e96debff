import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 hex of a high-entropy secret (API keys, inbound tokens). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time string comparison (lengths are compared through fixed-size digests). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}
