import type * as Jose from 'jose';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { lazyModule } from '../shared/lazy-module.ts';
import { createLogger } from '../shared/logger.ts';
import {
  createClientDocumentResolver,
  type DocumentFetcher,
  fetchThroughEgress,
} from './client-metadata-document.ts';
import {
  loadOrCreateSigningKeys,
  publicJwks,
  readSigningKeys,
  rotateSigningKeys,
  type SigningKey,
} from './keys.ts';
import type { ProviderLike } from './oidc-provider-types.ts';
import { ACCESS_TOKEN_TTL, createProvider } from './provider.ts';

const loadJose = lazyModule<typeof Jose>('jose');

/*
 * One authorization server per context: the provider, built on first use over the stored
 * signing keys, and the key set the MCP endpoint verifies tokens with. Rotating the keys (or
 * seeing a `kid` another instance made) rebuilds the provider over the new keys.
 */

export interface AuthorizationServer {
  provider(): Promise<ProviderLike>;
  /** The public keys' set, for local verification of access tokens. */
  keySet(): Promise<ReturnType<typeof Jose.createLocalJWKSet>>;
  /** Reads the keys again (a `kid` not known here); at most once per cooldown. */
  refreshKeys(): Promise<boolean>;
  rotateKeys(): Promise<SigningKey[]>;
  /** The keys in use, the signer first. */
  keys(): Promise<SigningKey[]>;
}

interface Options {
  fetchClientDocument: DocumentFetcher;
}

const servers = new WeakMap<AppContext, AuthorizationServer>();
const options = new WeakMap<AppContext, Options>();

const KEY_REFRESH_COOLDOWN_MS = 30_000;
/** How often the provider compares its keys with the stored ones. */
const KEY_RECHECK_MS = 60_000;

/**
 * Replaces how Client ID Metadata Documents are fetched for this context (tests serve them from
 * a local server the production egress policy refuses). Call before the first use.
 */
export function setClientDocumentFetcher(ctx: AppContext, fetcher: DocumentFetcher): void {
  options.set(ctx, { fetchClientDocument: fetcher });
  servers.delete(ctx);
}

export function authorizationServerOf(ctx: AppContext): AuthorizationServer {
  let server = servers.get(ctx);
  if (!server) {
    server = createAuthorizationServer(ctx, options.get(ctx) ?? { fetchClientDocument: fetchThroughEgress });
    servers.set(ctx, server);
  }
  return server;
}

function createAuthorizationServer(ctx: AppContext, opts: Options): AuthorizationServer {
  const resolveClientDocument = createClientDocumentResolver(opts.fetchClientDocument, () => undefined);
  let state: Promise<{
    provider: ProviderLike;
    keys: SigningKey[];
    set: ReturnType<typeof Jose.createLocalJWKSet>;
  }> | null = null;
  let refreshedAt = 0;

  // The provider answers its own 500s; without a listener their cause would be lost. Only the
  // error's name, message and stack are logged (never the request: it carries codes and tokens).
  let logger: Logger | undefined;
  const logServerError = (_koa: unknown, err: unknown) => {
    logger ??= createLogger(ctx.config, { component: 'authorization-server' });
    const e = err instanceof Error ? err : new Error(String(err));
    logger.error({ err: { type: e.name, message: e.message, stack: e.stack } }, 'authorization server error');
  };

  const build = (keys: SigningKey[]) =>
    createProvider(ctx, { keys, resolveClientDocument })
      .then((provider) => {
        provider.on('server_error', logServerError);
        return provider;
      })
      .then((provider) => ({
        provider,
        keys,
        set: loadJose().createLocalJWKSet(publicJwks(keys) as Jose.JSONWebKeySet),
      }));

  const current = () => {
    state ??= loadOrCreateSigningKeys(ctx).then(build);
    state.catch(() => {
      state = null;
    });
    return state;
  };

  // Another instance's rotation reaches this one's signer within a minute (its verifier at once,
  // through refreshKeys on the new kid).
  let checkedAt = Date.now();
  const reloadWhenStale = async (): Promise<void> => {
    if (Date.now() - checkedAt < KEY_RECHECK_MS) return;
    checkedAt = Date.now();
    const keys = await readSigningKeys(ctx);
    const known = (await current()).keys.map((k) => k.kid).join();
    if (keys.length > 0 && keys.map((k) => k.kid).join() !== known) {
      state = build(keys);
      await state;
    }
  };

  return {
    provider: async () => {
      await reloadWhenStale();
      return (await current()).provider;
    },
    keySet: async () => (await current()).set,
    async refreshKeys() {
      if (Date.now() - refreshedAt < KEY_REFRESH_COOLDOWN_MS) return false;
      refreshedAt = Date.now();
      const keys = await readSigningKeys(ctx);
      const known = (await current()).keys.map((k) => k.kid).join();
      if (keys.length === 0 || keys.map((k) => k.kid).join() === known) return false;
      state = build(keys);
      await state;
      return true;
    },
    keys: async () => (await current()).keys,
    async rotateKeys() {
      const keys = await rotateSigningKeys(ctx, ACCESS_TOKEN_TTL + 300);
      state = build(keys);
      await state;
      return keys;
    },
  };
}
