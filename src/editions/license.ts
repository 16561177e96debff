import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/*
 * Licence keys are verified offline: `base64url(JSON payload) + "." + base64url(Ed25519
 * signature of the payload part)`. The payload carries `tier`, `exp` (ISO 8601 or epoch
 * seconds) and optionally `sub` (the licensee). Only the vendor's private key can mint one;
 * the product holds the public key (config `TOOLGATE_LICENSE_PUBLIC_KEY`: PEM/SPKI, or the
 * raw 32-byte key in base64/base64url).
 */

export const TIERS = ['starter', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export interface License {
  tier: Tier;
  expiresAt: Date;
  licensee?: string;
}

export type LicenseCheck = { ok: true; license: License } | { ok: false; reason: string };

function readPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  const raw = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (raw.length === 32)
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
      format: 'jwk',
    });
  return createPublicKey({ key: raw, format: 'der', type: 'spki' });
}

/** Verifies the key's signature and reads its payload; never throws. */
export function verifyLicenseKey(
  token: string,
  publicKey: string | undefined,
  now = new Date(),
): LicenseCheck {
  if (!publicKey) return { ok: false, reason: 'no licence public key is configured' };
  const [payloadPart, signaturePart, extra] = token.trim().split('.');
  if (!payloadPart || !signaturePart || extra !== undefined)
    return { ok: false, reason: 'the licence key is malformed' };
  let key: KeyObject;
  try {
    key = readPublicKey(publicKey);
  } catch {
    return { ok: false, reason: 'the licence public key cannot be read' };
  }
  let valid = false;
  try {
    valid = verify(null, Buffer.from(payloadPart), key, Buffer.from(signaturePart, 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'the licence key signature is invalid' };
  let payload: { tier?: unknown; exp?: unknown; sub?: unknown };
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'the licence key payload is not JSON' };
  }
  if (!TIERS.includes(payload.tier as Tier))
    return { ok: false, reason: `unknown licence tier ${String(payload.tier)}` };
  const expiresAt =
    typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : new Date(String(payload.exp ?? ''));
  if (Number.isNaN(expiresAt.getTime())) return { ok: false, reason: 'the licence key has no valid expiry' };
  if (expiresAt.getTime() <= now.getTime())
    return { ok: false, reason: `the licence expired on ${expiresAt.toISOString().slice(0, 10)}` };
  return {
    ok: true,
    license: {
      tier: payload.tier as Tier,
      expiresAt,
      ...(typeof payload.sub === 'string' ? { licensee: payload.sub } : {}),
    },
  };
}
