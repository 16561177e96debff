import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  consumeOAuthRecord,
  deleteExpiredOAuthRecords,
  deleteOAuthRecord,
  deleteOAuthRecordsOfGrant,
  extendOAuthRecord,
  findOAuthRecord,
  findOAuthRecordBy,
  upsertOAuthRecord,
} from '../store/oauth-records.repo.ts';
import type { Database } from '../store/schema.ts';
import type { Adapter, AdapterPayload } from './oidc-provider-types.ts';

/*
 * oidc-provider's storage on the `oauth_records` table (SQLite and PostgreSQL alike).
 *
 * Records whose id is a bearer secret (codes, tokens, sessions, interactions) are stored under
 * the SHA-256 of that id and without the `jti` copy in their payload: a read of the database
 * yields no usable code, refresh token or session. Grants and clients keep their ids (they are
 * listed and revoked by id); a confidential client's secret is sealed with the secret box.
 */

/** Kinds whose id is not a secret: kept as is. */
const PLAIN_ID_KINDS = new Set(['Client', 'Grant']);

/**
 * How long a rotated refresh token may be presented again (RFC 9700 §4.14.2 allows it;
 * IDENTITY-NOTES §7.3: concurrent requests of one client present the same token). Within it the
 * repeat is served as a first use; after it, the provider treats it as a replay and revokes
 * the grant.
 */
export const REFRESH_GRACE_SECONDS = 45;

/**
 * A dynamically registered client nobody has allowed yet is forgotten after this long (clients
 * such as Claude register anew on each fresh connection); a grant keeps its client as long as
 * the grant lives.
 */
export const UNUSED_CLIENT_SECONDS = 24 * 3600;

/** Share of writes that also delete expired records. */
const SWEEP_CHANCE = 0.02;

export interface AdapterOptions {
  /** Seals and opens a registered client's secret at rest (the secret box). */
  seal?: (text: string, aad: string) => string;
  open?: (envelope: string, aad: string) => string | null;
  /** Resolves a Client ID Metadata Document (a client_id that is an https URL), or undefined. */
  resolveClientDocument?: (clientId: string) => Promise<AdapterPayload | undefined>;
  now?: () => number;
}

const SEALED = 'sealed:';
const clientSecretAad = (clientId: string) => `oauth-client-secret:${clientId}`;

/** The key a record is stored under. */
export function storedId(kind: string, id: string): string {
  return PLAIN_ID_KINDS.has(kind) ? id : createHash('sha256').update(id).digest('base64url');
}

/** An oidc-provider Adapter class over the database. */
export function createAdapterClass(
  db: Kysely<Database>,
  opts: AdapterOptions = {},
): new (
  name: string,
) => Adapter {
  const now = opts.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();

  return class OAuthRecordsAdapter implements Adapter {
    constructor(readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      // Expired rows are invisible to readers; they are swept now and then, as request states are.
      if (Math.random() < SWEEP_CHANCE) await deleteExpiredOAuthRecords(db, iso(now()));
      const { jti: _jti, ...rest } = payload;
      let kept = PLAIN_ID_KINDS.has(this.name) ? payload : rest;
      if (this.name === 'Client' && typeof payload.client_secret === 'string' && opts.seal)
        kept = {
          ...payload,
          client_secret: `${SEALED}${opts.seal(payload.client_secret, clientSecretAad(id))}`,
        };
      let lifetime = expiresIn;
      if (this.name === 'Client' && !lifetime) {
        const existing = await findOAuthRecord(db, 'Client', id, iso(now()));
        lifetime = existing?.expires_at
          ? Math.max(1, Math.ceil((Date.parse(existing.expires_at) - now()) / 1000))
          : UNUSED_CLIENT_SECONDS;
      }
      await upsertOAuthRecord(db, {
        kind: this.name,
        id: storedId(this.name, id),
        payload: JSON.stringify(kept),
        grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
        expires_at: lifetime ? iso(now() + lifetime * 1000) : null,
      });
      if (this.name === 'Grant' && typeof payload.clientId === 'string' && expiresIn)
        await extendOAuthRecord(db, 'Client', payload.clientId, iso(now() + expiresIn * 1000));
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const row = await findOAuthRecord(db, this.name, storedId(this.name, id), iso(now()));
      if (!row) {
        if (this.name === 'Client' && opts.resolveClientDocument && /^https:\/\//i.test(id))
          return opts.resolveClientDocument(id);
        return undefined;
      }
      const found = this.present(row.payload, id, row.consumed_at);
      const secret = found.client_secret;
      if (this.name === 'Client' && typeof secret === 'string' && secret.startsWith(SEALED)) {
        const opened = opts.open?.(secret.slice(SEALED.length), clientSecretAad(id));
        if (!opened) return undefined;
        found.client_secret = opened;
      }
      return found;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const row = await findOAuthRecordBy(db, this.name, 'uid', uid, iso(now()));
      if (!row) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      // Sessions are found by uid, then by id: the id is not kept, so hand back the stored one's.
      return { ...payload, ...(row.consumed_at ? { consumed: epoch(row.consumed_at) } : {}) };
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const row = await findOAuthRecordBy(db, this.name, 'user_code', userCode, iso(now()));
      return row ? (JSON.parse(row.payload) as AdapterPayload) : undefined;
    }

    async consume(id: string): Promise<void> {
      await consumeOAuthRecord(db, this.name, storedId(this.name, id), iso(now()));
    }

    async destroy(id: string): Promise<void> {
      await deleteOAuthRecord(db, this.name, storedId(this.name, id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOAuthRecordsOfGrant(db, grantId);
    }

    private present(text: string, id: string, consumedAt: string | null): AdapterPayload {
      const payload = { ...(JSON.parse(text) as AdapterPayload), jti: id };
      if (!consumedAt) return payload;
      const consumed = epoch(consumedAt);
      const inGrace = this.name === 'RefreshToken' && now() / 1000 - consumed < REFRESH_GRACE_SECONDS;
      return inGrace ? payload : { ...payload, consumed };
    }
  };
}

function epoch(isoText: string): number {
  return Math.floor(Date.parse(isoText) / 1000);
}
