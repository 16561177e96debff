import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { PipelineFailure } from '../executor/outbound-auth.ts';
import type { ExecuteRequest, UserCredential } from '../executor/types.ts';
import type { OutboundCredentials, PerUserAuth } from '../servers/credentials.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import { exchangeToken, ProviderRefusal } from './upstream-oauth.ts';
import { ConsentNeeded, vaultOf } from './vault.ts';

/*
 * The executor's port for per-user servers: the credential of the person behind this call, or
 * a refusal the executor turns into an outcome. Never another person's, never the server's:
 * each lookup is keyed by the caller (its Toolgate user, or for token exchange the presented
 * token itself), and there is no fallback.
 */

/** Exchanged tokens are reused until a minute before they expire (at most this long). */
const EXCHANGE_REUSE_MAX_MS = 10 * 60_000;

export function createUserCredentials(ctx: Pick<AppContext, 'store' | 'secrets' | 'config' | 'events'>) {
  const exchanged = new BoundedCache<{ token: string; until: number }>({ maxEntries: 10_000 });

  async function viaExchange(
    req: ExecuteRequest,
    auth: Extract<PerUserAuth, { type: 'token-exchange' }>,
    force: boolean,
  ): Promise<UserCredential> {
    const subject = req.subjectToken;
    if (!subject)
      throw new PipelineFailure(
        'credential_refused',
        "This server exchanges the caller's own token for an upstream one, and this call carried no bearer token. No request was sent.",
      );
    const id = createHash('sha256').update(subject).digest('base64url');
    const key = `${req.server.uuid}|${id}`;
    const kept = exchanged.get(key);
    if (kept && !force && kept.until > Date.now())
      return { creds: { type: 'bearer', token: kept.token }, identity: `subject:${id}` };
    try {
      const tokens = await exchangeToken(auth, subject, ctx.config.upstreamAllowPrivate);
      const lifetime = (tokens.expires_in ?? 300) * 1000 - 60_000;
      exchanged.set(key, {
        token: tokens.access_token,
        until: Date.now() + Math.min(lifetime, EXCHANGE_REUSE_MAX_MS),
      });
      return { creds: { type: 'bearer', token: tokens.access_token }, identity: `subject:${id}` };
    } catch (err) {
      if (err instanceof ProviderRefusal)
        throw new PipelineFailure(
          'credential_refused',
          `Token exchange failed: ${err.message}. No request was sent.`,
        );
      throw err;
    }
  }

  return async function userCredential(
    req: ExecuteRequest,
    auth: PerUserAuth,
    force: boolean,
  ): Promise<UserCredential> {
    if (auth.type === 'token-exchange') return viaExchange(req, auth, force);
    const userUuid = req.caller?.userUuid;
    if (!userUuid)
      throw new PipelineFailure(
        'credential_refused',
        req.clientType === 'admin_test'
          ? "This server acts with each person's own upstream account: the Test action uses the tester's own connection, and this key belongs to no person. No request was sent."
          : "This server acts with each person's own upstream account, and this call has no signed-in person (the server's inbound auth must be Toolgate sign-in). No request was sent.",
      );
    let token: string;
    try {
      token = await vaultOf(ctx).accessToken(userUuid, req.server.uuid, auth, force);
    } catch (err) {
      if (err instanceof ConsentNeeded)
        throw new PipelineFailure(
          'connection_required',
          `Your account for "${req.server.name}" is not connected (${err.message}); connect it under My connections. No request was sent.`,
        );
      if (err instanceof ProviderRefusal)
        throw new PipelineFailure('network', `The provider could not refresh your token: ${err.message}`);
      throw err;
    }
    return { creds: placeToken(auth, token), identity: `user:${userUuid}` };
  };
}

/** A person's token as the request carries it. */
function placeToken(auth: PerUserAuth, token: string): OutboundCredentials {
  if (auth.type !== 'personal-token' || auth.location === 'bearer') return { type: 'bearer', token };
  return { type: 'api-key', name: auth.name!, value: token, location: auth.location };
}
