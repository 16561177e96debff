import type { AppContext } from '../context.ts';
import { ensureOption, readOption } from '../store/options.repo.ts';
import { listSealedCredentials } from '../store/servers.repo.ts';

/*
 * The secret-key canary: a known text sealed with the key of the first process that opened the
 * database. Every later process opens it with its own key; when that fails, this process holds a
 * different key (a second instance with its own data directory, a lost TOOLGATE_SECRET_KEY), so
 * every stored credential and inbound secret hash is unusable here. Key ids (the first 8
 * characters of the key's SHA-256, base64url) identify keys without revealing them.
 */

const CANARY_OPTION = 'secret_key_canary';
const CANARY_TEXT = 'toolgate secret-key canary';
const CANARY_AAD = 'secret-key-canary';

export type KeyCheck =
  | { ok: true; keyId: string }
  | { ok: false; keyId: string; expectedKeyId: string; source: string; affectedServers: number };

/** Where this process's key came from, for messages (never the key itself). */
export function describeKeySource(ctx: AppContext): string {
  return ctx.config.secretKey ? 'TOOLGATE_SECRET_KEY' : `${ctx.config.dataDir}/secret.key`;
}

/** The key id inside an envelope `v1.<keyId>.…`, if it is one. */
function keyIdOf(envelope: unknown): string | undefined {
  return typeof envelope === 'string' && envelope.startsWith('v1.') ? envelope.split('.')[1] : undefined;
}

async function countForeignCredentials(ctx: AppContext): Promise<number> {
  const rows = await listSealedCredentials(ctx.store.db);
  const foreign = (v: string | null) => v !== null && keyIdOf(v) !== ctx.secrets.keyId;
  return rows.filter((r) => foreign(r.auth_credentials) || foreign(r.test_auth_credentials)).length;
}

/** Compares this process's key with the canary's; writes the canary first when there is none. */
export async function checkSecretKey(ctx: AppContext, opts: { write: boolean }): Promise<KeyCheck> {
  const keyId = ctx.secrets.keyId;
  const envelope = opts.write
    ? await ensureOption(ctx.store.db, CANARY_OPTION, ctx.secrets.seal(CANARY_TEXT, CANARY_AAD))
    : await readOption<string>(ctx.store.db, CANARY_OPTION);
  if (envelope === undefined || ctx.secrets.open(envelope, CANARY_AAD) === CANARY_TEXT)
    return { ok: true, keyId };
  return {
    ok: false,
    keyId,
    expectedKeyId: keyIdOf(envelope) ?? 'unknown',
    source: describeKeySource(ctx),
    affectedServers: await countForeignCredentials(ctx),
  };
}

/** The operator's message for a key mismatch: which key is expected and how to fix it. */
export function describeKeyMismatch(check: Extract<KeyCheck, { ok: false }>): string {
  return (
    `The secret key of this instance (id ${check.keyId}, from ${check.source}) is not the key this ` +
    `database was set up with (id ${check.expectedKeyId}). Stored credentials of ` +
    `${check.affectedServers} server(s) cannot be decrypted and inbound tokens will not match. ` +
    `Start every instance with the same TOOLGATE_SECRET_KEY (the one whose id is ${check.expectedKeyId}, ` +
    'or the secret.key file of the first instance).'
  );
}
