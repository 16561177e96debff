import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { PerUserAuth } from '../servers/credentials.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import {
  type ConnectionRecord,
  findConnection,
  holdRefresh,
  markNeedsConsent,
  saveConnection,
  storeRefreshedTokens,
  touchConnection,
} from '../store/connections.repo.ts';
import { ProviderRefusal, refreshTokens, type UpstreamTokens } from './upstream-oauth.ts';

/*
 * The token vault: each person's upstream tokens, one row per (user, server), sealed with the
 * instance secret box under a binding of user, server and provider, so a row copied to another
 * person or server does not open. Tokens are refreshed a minute before they expire, by one
 * caller at a time across instances (a hold in the row); a refused refresh or an upstream 401
 * that a refresh does not cure turns the connection to `needs_consent` and drops the tokens.
 * Opened tokens are kept in memory per (user, server) until shortly before expiry; every change
 * is published, so each instance forgets its copy at once.
 */

type VaultContext = Pick<AppContext, 'store' | 'secrets' | 'config' | 'events'>;

/** The person must (re)connect before the call can go out. */
export class ConsentNeeded extends Error {}

/** Refresh this long before the provider's expiry. */
const REFRESH_EARLY_MS = 60_000;
/** One refresh's hold on a connection; another instance waits at most this long. */
const REFRESH_HOLD_MS = 30_000;
const WAIT_STEP_MS = 100;
/** A connection's `last_used_at` is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

interface OpenedToken {
  token: string;
  /** Refresh after this (ms since epoch); Infinity when the token does not expire. */
  refreshAt: number;
  provider: string;
  connectionId: number;
  epoch: number;
  touchedAt: number;
}

// The opened configuration is one object per server version (the executor keeps it), so its id
// is computed once: hashing it on every lookup was most of a kept lookup's cost.
const providerIds = new WeakMap<PerUserAuth, string>();

/** The provider a configuration names (no secret in it): tokens are bound to it. */
export function providerIdOf(auth: PerUserAuth): string {
  let id = providerIds.get(auth);
  if (id === undefined) {
    id = hashProvider(auth);
    providerIds.set(auth, id);
  }
  return id;
}

function hashProvider(auth: PerUserAuth): string {
  const named =
    auth.type === 'personal-token'
      ? [auth.type, auth.location, auth.name ?? '']
      : [
          auth.type,
          auth.issuer ?? '',
          'authorization_url' in auth ? (auth.authorization_url ?? '') : '',
          auth.token_url ?? '',
          auth.client_id,
        ];
  return createHash('sha256').update(JSON.stringify(named)).digest('base64url').slice(0, 22);
}

function binding(userUuid: string, serverUuid: string, provider: string): string {
  return `connection:${userUuid}|${serverUuid}|${provider}`;
}

export function sealTokens(
  ctx: Pick<AppContext, 'secrets'>,
  userUuid: string,
  serverUuid: string,
  provider: string,
  tokens: UpstreamTokens,
): string {
  return ctx.secrets.seal(JSON.stringify(tokens), binding(userUuid, serverUuid, provider));
}

function openTokens(ctx: Pick<AppContext, 'secrets'>, row: ConnectionRecord): UpstreamTokens | null {
  if (!row.tokens) return null;
  const plain = ctx.secrets.open(row.tokens, binding(row.user_uuid, row.server_uuid, row.provider));
  return plain === null ? null : (JSON.parse(plain) as UpstreamTokens);
}

export function expiryOf(tokens: UpstreamTokens): string | null {
  return typeof tokens.expires_in === 'number' && tokens.expires_in > 0
    ? new Date(Date.now() + tokens.expires_in * 1000).toISOString()
    : null;
}

const vaults = new WeakMap<object, Vault>();

/** The vault of this gateway (one per context). */
export function vaultOf(ctx: VaultContext): Vault {
  let vault = vaults.get(ctx.store);
  if (!vault) {
    vault = new Vault(ctx);
    vaults.set(ctx.store, vault);
  }
  return vault;
}

export class Vault {
  private readonly opened = new BoundedCache<OpenedToken>({ maxEntries: 10_000 });
  private readonly refreshing = new Map<number, Promise<OpenedToken>>();

  constructor(private readonly ctx: VaultContext) {
    ctx.events.subscribe((event) => {
      if (event.type === 'connection_changed') this.forget(event.userUuid, event.serverUuid);
      else if (event.type === 'server_changed') this.opened.clear();
    });
  }

  /**
   * The person's access token for this server, refreshed when it is about to expire (`force`:
   * the upstream just refused it). ConsentNeeded when there is none that works.
   */
  async accessToken(userUuid: string, serverUuid: string, auth: PerUserAuth, force = false): Promise<string> {
    const key = `${userUuid}|${serverUuid}`;
    const provider = providerIdOf(auth);
    const kept = this.opened.get(key);
    const now = Date.now();
    if (
      !force &&
      kept &&
      kept.provider === provider &&
      kept.refreshAt > now &&
      kept.epoch === this.ctx.events.epoch() &&
      kept.epoch !== 0
    ) {
      if (now - kept.touchedAt > TOUCH_EVERY_MS) {
        kept.touchedAt = now;
        void touchConnection(this.ctx.store.db, kept.connectionId).catch(() => undefined);
      }
      return kept.token;
    }
    const epoch = this.ctx.events.epoch();
    const row = await findConnection(this.ctx.store.db, userUuid, serverUuid);
    if (!row || row.provider !== provider || row.status !== 'connected')
      throw new ConsentNeeded(row?.last_error ?? 'not connected');
    const tokens = openTokens(this.ctx, row);
    if (!tokens) throw new ConsentNeeded('the stored tokens cannot be opened');
    const expiresAt = row.expires_at ? Date.parse(row.expires_at) : Number.POSITIVE_INFINITY;
    let entry: OpenedToken;
    if (force || expiresAt - REFRESH_EARLY_MS <= now) entry = await this.refresh(row, tokens, auth, force);
    else
      entry = {
        token: tokens.access_token,
        refreshAt: expiresAt - REFRESH_EARLY_MS,
        provider,
        connectionId: row.id,
        epoch,
        touchedAt: now,
      };
    entry.epoch = epoch;
    this.opened.set(key, entry);
    if (entry.touchedAt === now) void touchConnection(this.ctx.store.db, row.id).catch(() => undefined);
    return entry.token;
  }

  /** One refresh per connection in this process; across instances, the row's hold. */
  private refresh(row: ConnectionRecord, tokens: UpstreamTokens, auth: PerUserAuth, force: boolean) {
    let running = this.refreshing.get(row.id);
    if (!running) {
      running = this.refreshOnce(row, tokens, auth, force).finally(() => this.refreshing.delete(row.id));
      this.refreshing.set(row.id, running);
    }
    return running;
  }

  private async refreshOnce(
    row: ConnectionRecord,
    tokens: UpstreamTokens,
    auth: PerUserAuth,
    force: boolean,
  ): Promise<OpenedToken> {
    const db = this.ctx.store.db;
    if (auth.type !== 'oauth2-authorization-code' || !tokens.refresh_token) {
      const reason = force ? 'the upstream refused the token' : 'the token expired';
      await markNeedsConsent(db, row.id, reason);
      await this.publish(row);
      throw new ConsentNeeded(reason);
    }
    const until = new Date(Date.now() + REFRESH_HOLD_MS).toISOString();
    if (!(await holdRefresh(db, row.id, until))) return this.awaitOtherRefresh(row, auth);
    let fresh: UpstreamTokens;
    try {
      fresh = await refreshTokens(auth, tokens.refresh_token, this.ctx.config.upstreamAllowPrivate);
    } catch (err) {
      if (err instanceof ProviderRefusal && err.error !== 'unreachable') {
        await markNeedsConsent(db, row.id, `refresh refused: ${err.error}`);
        await this.publish(row);
        throw new ConsentNeeded(err.message);
      }
      // The provider is unreachable: the tokens stay; the hold lapses by itself.
      throw err;
    }
    const expires_at = expiryOf(fresh);
    await storeRefreshedTokens(db, row.id, {
      tokens: sealTokens(this.ctx, row.user_uuid, row.server_uuid, row.provider, fresh),
      scope: fresh.scope ?? row.scope,
      expires_at,
    });
    await this.publish(row);
    return this.entryOf(row, fresh.access_token, expires_at);
  }

  /** Another instance refreshes: wait for its tokens (or its hold to lapse). */
  private async awaitOtherRefresh(row: ConnectionRecord, auth: PerUserAuth): Promise<OpenedToken> {
    const deadline = Date.now() + REFRESH_HOLD_MS;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
      const now = await findConnection(this.ctx.store.db, row.user_uuid, row.server_uuid);
      if (now?.status !== 'connected') throw new ConsentNeeded(now?.last_error ?? 'disconnected');
      if (now.updated_at !== row.updated_at) {
        const tokens = openTokens(this.ctx, now);
        if (!tokens) throw new ConsentNeeded('the stored tokens cannot be opened');
        return this.entryOf(now, tokens.access_token, now.expires_at);
      }
    }
    throw new ConsentNeeded(`no refresh of the ${auth.type} token finished in time`);
  }

  private entryOf(row: ConnectionRecord, token: string, expiresAt: string | null): OpenedToken {
    const at = expiresAt ? Date.parse(expiresAt) - REFRESH_EARLY_MS : Number.POSITIVE_INFINITY;
    return {
      token,
      refreshAt: at,
      provider: row.provider,
      connectionId: row.id,
      epoch: 0,
      touchedAt: Date.now(),
    };
  }

  /** Stores a person's new tokens (a finished consent, a typed personal token). */
  async connect(
    user: { id: number; uuid: string },
    server: { id: number; uuid: string },
    auth: PerUserAuth,
    tokens: UpstreamTokens,
  ): Promise<ConnectionRecord> {
    const provider = providerIdOf(auth);
    const saved = await saveConnection(this.ctx.store.db, {
      uuid: randomUUID(),
      user_id: user.id,
      server_id: server.id,
      user_uuid: user.uuid,
      server_uuid: server.uuid,
      provider,
      status: 'connected',
      tokens: sealTokens(this.ctx, user.uuid, server.uuid, provider, tokens),
      scope: tokens.scope ?? null,
      expires_at: expiryOf(tokens),
      last_error: null,
    });
    await this.publish(saved);
    return saved;
  }

  /** This instance forgets its opened copy (the next lookup reads the row). */
  forget(userUuid: string, serverUuid: string): void {
    this.opened.delete(`${userUuid}|${serverUuid}`);
  }

  /** Every instance forgets its opened copy of this connection. */
  async publish(row: Pick<ConnectionRecord, 'user_uuid' | 'server_uuid'>): Promise<void> {
    this.forget(row.user_uuid, row.server_uuid);
    await this.ctx.events.publish({
      type: 'connection_changed',
      userUuid: row.user_uuid,
      serverUuid: row.server_uuid,
    });
  }
}
