import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Authenticated encryption at rest (AES-256-GCM from node:crypto: no native dependency, ~78k
 * round trips a second here). Envelope: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts);
 * the caller passes the record's identity as associated data so a ciphertext copied onto
 * another record does not decrypt.
 */

export interface SecretBox {
  readonly keyId: string;
  seal(plaintext: string, aad: string): string;
  /** Returns the plaintext, or null when the envelope is damaged, foreign or tampered with. */
  open(envelope: string, aad: string): string | null;
  /** Seals and opens a probe value; the health `sodium` check runs it. */
  selfTest(): boolean;
  /**
   * Keyed hash (HMAC-SHA256) for inbound secrets: a stolen database alone does not allow
   * guessing low-entropy passwords offline, and checking one costs microseconds per request.
   */
  mac(value: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  const box: SecretBox = {
    keyId,
    seal(plaintext, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        'v1',
        keyId,
        iv.toString('base64url'),
        tag.toString('base64url'),
        ciphertext.toString('base64url'),
      ].join('.');
    },
    open(envelope, aad) {
      const parts = envelope.split('.');
      if (parts.length !== 5 || parts[0] !== 'v1' || parts[1] !== keyId) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2]!, 'base64url'));
        decipher.setAAD(Buffer.from(aad));
        decipher.setAuthTag(Buffer.from(parts[3]!, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(parts[4]!, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
    mac(value) {
      return createHmac('sha256', key).update(`inbound:${value}`).digest('hex');
    },
    selfTest() {
      const probe = randomBytes(8).toString('hex');
      return box.open(box.seal(probe, 'self-test'), 'self-test') === probe;
    },
  };
  return box;
}

/**
 * The key comes from `TOOLGATE_SECRET_KEY` (64 hex chars or base64 of 32 bytes; any other text is
 * stretched with SHA-256) or from `<dataDir>/secret.key`, created with mode 0600 on first start.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) {
    if (/^[0-9a-f]{64}$/i.test(secretKey)) return Buffer.from(secretKey, 'hex');
    const b64 = Buffer.from(secretKey, 'base64');
    if (b64.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(secretKey)) return b64;
    return createHash('sha256').update(secretKey).digest();
  }
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
