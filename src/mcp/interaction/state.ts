import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { invalidParams } from '../errors.ts';
import { spendStateNonce } from '../sessions.ts';

/*
 * `requestState` of a multi-round call: `<base64url JSON payload>.<HMAC-SHA256>` keyed with the
 * instance secret (the same key as credentials at rest, domain-separated). The payload binds the
 * state to the tool and to the model's arguments (a hash), carries the stage reached, a nonce and
 * an expiry; answers given in earlier rounds travel sealed (AES-GCM), so the state carries no
 * readable value. Each state is redeemed once (store table, atomic across instances).
 */

export interface StatePayload {
  /** Tool (or prompt) identity. */
  t: string;
  /** Hash of the arguments the model sent. */
  a: string;
  /** Stage reached: `r<N>` (input round), `missing`, `confirm` or `summary`. */
  p: string;
  /** Sealed JSON of the arguments filled in earlier rounds. */
  f?: string;
  n: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

/** A person answers within this; a state older than this is refused. */
const STATE_TTL_MS = 15 * 60_000;

function mac(ctx: AppContext, body: string): string {
  // secrets.mac is HMAC-SHA256 with the instance key; the prefix keeps the domains apart.
  return ctx.secrets.mac(`mrtr-state:${body}`);
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Order-independent hash of the arguments (key order in JSON is not meaningful). */
export function hashArguments(args: Record<string, unknown>): string {
  return createHash('sha256').update(stable(args)).digest('base64url').slice(0, 32);
}

export function signState(
  ctx: AppContext,
  target: string,
  args: Record<string, unknown>,
  stage: string,
  filled: Record<string, unknown>,
): string {
  const payload: StatePayload = {
    t: target,
    a: hashArguments(args),
    p: stage,
    ...(Object.keys(filled).length > 0
      ? { f: ctx.secrets.seal(JSON.stringify(filled), `mrtr:${target}`) }
      : {}),
    n: randomBytes(12).toString('base64url'),
    e: Date.now() + STATE_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(ctx, body)}`;
}

/**
 * Verifies and redeems a state: -32602 when it is malformed, tampered with, expired, issued for
 * another tool or other arguments, or already used. Returns the stage and the filled arguments.
 */
export async function redeemState(
  ctx: AppContext,
  raw: string,
  target: string,
  args: Record<string, unknown>,
): Promise<{ stage: string; filled: Record<string, unknown> }> {
  const dot = raw.lastIndexOf('.');
  const body = dot > 0 ? raw.slice(0, dot) : '';
  const given = Buffer.from(dot > 0 ? raw.slice(dot + 1) : '');
  const expected = Buffer.from(mac(ctx, body));
  if (raw.length > 20_000 || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw invalidParams('Invalid requestState: integrity check failed');
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
  } catch {
    throw invalidParams('Invalid requestState: unreadable');
  }
  if (payload.t !== target) throw invalidParams('Invalid requestState: issued for another tool');
  if (payload.a !== hashArguments(args)) throw invalidParams('Invalid requestState: the arguments changed');
  if (!(payload.e > Date.now())) throw invalidParams('Invalid requestState: expired');
  if (!(await spendStateNonce(ctx, payload.n, new Date(payload.e).toISOString())))
    throw invalidParams('Invalid requestState: already used');
  let filled: Record<string, unknown> = {};
  if (payload.f) {
    const opened = ctx.secrets.open(payload.f, `mrtr:${target}`);
    if (opened === null) throw invalidParams('Invalid requestState: unreadable');
    filled = JSON.parse(opened) as Record<string, unknown>;
  }
  return { stage: payload.p, filled };
}
