import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type * as OidcClient from 'openid-client';
import { type AppContext, apiBase } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { egressFetch } from '../shared/egress-fetch.ts';
import { isUniqueViolation } from '../store/rows.ts';
import {
  findUserByEmail,
  findUserBySubject,
  insertUser,
  listMappedGroups,
  syncUserGroups,
  type UserRecord,
  updateUser,
} from '../store/users.repo.ts';
import { readCookie, serializeCookie } from './cookies.ts';
import { startSignedIn } from './sign-in.service.ts';
import { isSecureSite } from './web-sessions.ts';

/*
 * Federated sign-in through OpenID Connect (`openid-client` v6): authorization code with PKCE,
 * state and nonce kept in a short-lived signed cookie. The IdP is reached through the egress
 * client. A person is found by the IdP's `sub`, else linked by a verified e-mail, else created;
 * the groups whose `idp_group` is a value of the groups claim follow the claim at every sign-in.
 */

/** The cookie that carries state, nonce, PKCE verifier and return path between start and callback. */
export const OIDC_STATE_COOKIE = 'tg_oidc';
const STATE_TTL_SECONDS = 600;

type Oidc = typeof OidcClient;
const configs = new WeakMap<object, Promise<{ oidc: Oidc; config: OidcClient.Configuration }>>();

export function oidcEnabled(ctx: Pick<AppContext, 'config'>): boolean {
  return Boolean(ctx.config.oidcIssuer && ctx.config.oidcClientId);
}

/** openid-client's HTTP requests, sent through the egress client (the IdP is the operator's own). */
const idpFetch = egressFetch(true) as OidcClient.CustomFetch;

/** The IdP's configuration, discovered once per context (again after a failure). */
async function loadConfig(ctx: Pick<AppContext, 'config'>) {
  let loading = configs.get(ctx.config);
  if (!loading) {
    loading = (async () => {
      const oidc = await import('openid-client');
      const issuer = new URL(ctx.config.oidcIssuer!);
      const config = await oidc.discovery(
        issuer,
        ctx.config.oidcClientId!,
        ctx.config.oidcClientSecret,
        undefined,
        {
          [oidc.customFetch]: idpFetch,
          // Plain http only for an http issuer (a local IdP in development and tests).
          ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      return { oidc, config };
    })();
    configs.set(ctx.config, loading);
    loading.catch(() => configs.delete(ctx.config));
  }
  return loading;
}

/** A same-origin path to come back to; anything else is `/admin/`. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/admin/';
  if (/[\\\u0000-\u001f]/.test(value)) return '/admin/';
  return value;
}

function callbackUrl(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}${apiBase(ctx.config)}/auth/oidc/callback`;
}

function cookiePath(ctx: Pick<AppContext, 'config'>): string {
  return `${apiBase(ctx.config)}/auth/oidc`;
}

interface StateCookie {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  exp: number;
}

function sealState(ctx: Pick<AppContext, 'secrets'>, value: StateCookie): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${ctx.secrets.mac(`oidc-state:${body}`)}`;
}

function openState(ctx: Pick<AppContext, 'secrets'>, sealed: string | undefined): StateCookie | null {
  if (!sealed) return null;
  const [body, mac] = sealed.split('.');
  if (!body || !mac || ctx.secrets.mac(`oidc-state:${body}`) !== mac) return null;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString()) as StateCookie;
    return value.exp > Date.now() / 1000 ? value : null;
  } catch {
    return null;
  }
}

/** `GET /auth/oidc/start`: the IdP's authorization URL and the state cookie to set. */
export async function startOidcSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  returnTo: unknown,
): Promise<{ location: string; cookie: string }> {
  if (!oidcEnabled(ctx)) throw notFound('identity provider');
  const { oidc, config } = await loadConfig(ctx);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const location = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: ctx.config.oidcScopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const sealed = sealState(ctx, {
    state,
    nonce,
    verifier,
    returnTo: safeReturnPath(returnTo),
    exp: Math.floor(Date.now() / 1000) + STATE_TTL_SECONDS,
  });
  const cookie = serializeCookie(OIDC_STATE_COOKIE, sealed, {
    path: cookiePath(ctx),
    secure: isSecureSite(ctx, request),
    maxAge: STATE_TTL_SECONDS,
  });
  return { location: location.href, cookie };
}

/** The cookie that removes the state cookie. */
export function clearedStateCookie(ctx: AppContext, request: FastifyRequest): string {
  return serializeCookie(OIDC_STATE_COOKIE, '', {
    path: cookiePath(ctx),
    secure: isSecureSite(ctx, request),
    maxAge: 0,
  });
}

function refused(message: string): ApiError {
  return new ApiError('rest_invalid_credentials', message);
}

/** The claim's values as strings (a list or one value). */
function claimValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

/**
 * `GET /auth/oidc/callback`: redeems the code (state, nonce and PKCE checked by openid-client),
 * finds, links or creates the person, syncs their mapped groups and starts a session.
 */
export async function finishOidcSignIn(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ secret: string; returnTo: string }> {
  if (!oidcEnabled(ctx)) throw notFound('identity provider');
  const saved = openState(ctx, readCookie(request.headers.cookie, OIDC_STATE_COOKIE));
  if (!saved)
    throw new ApiError('rest_bad_request', 'The sign-in took too long or did not start here: start again.');
  const { oidc, config } = await loadConfig(ctx);
  const current = new URL(request.url, ctx.config.publicUrl);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: saved.verifier,
      expectedState: saved.state,
      expectedNonce: saved.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    // Scope claims (e-mail, groups) often come only from the UserInfo endpoint.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub).catch(() => ({}));
    claims = { ...info, ...idClaims };
  } catch (err) {
    request.log.warn({ err: (err as Error).message }, 'federated sign-in refused');
    throw refused('The identity provider did not sign you in.');
  }
  const user = await findOrCreatePerson(ctx, claims);
  if (user.disabled_at) throw refused('This account is disabled.');
  await syncMappedGroups(ctx, user, claimValues(claims[ctx.config.oidcGroupsClaim]));
  const { secret } = await startSignedIn(ctx, request, user);
  return { secret, returnTo: saved.returnTo };
}

/** By `sub`; else the person with this verified e-mail, linked now; else a new person (no role). */
async function findOrCreatePerson(ctx: AppContext, claims: Record<string, unknown>): Promise<UserRecord> {
  const sub = String(claims.sub);
  const bySub = await findUserBySubject(ctx.store.db, sub);
  if (bySub) return bySub;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (email && verified) {
    const byEmail = await findUserByEmail(ctx.store.db, email);
    if (byEmail) {
      if (byEmail.external_subject)
        throw refused('This e-mail belongs to another identity provider account.');
      return (await updateUser(ctx.store.db, byEmail.id, { external_subject: sub })) ?? byEmail;
    }
  }
  if (!email) throw refused('The identity provider sent no e-mail address.');
  if (!verified && (await findUserByEmail(ctx.store.db, email)))
    throw refused('The identity provider did not verify this e-mail address.');
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0]!;
  try {
    return await insertUser(ctx.store.db, {
      uuid: randomUUID(),
      email,
      display_name: name.slice(0, 200),
      external_subject: sub,
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const raced = await findUserBySubject(ctx.store.db, sub);
      if (raced) return raced;
    }
    throw err;
  }
}

/** The groups that map an IdP value follow the claim; other memberships stay. */
async function syncMappedGroups(ctx: AppContext, user: UserRecord, values: string[]): Promise<void> {
  const mapped = await listMappedGroups(ctx.store.db);
  if (mapped.length === 0) return;
  const wanted = new Set(values);
  await syncUserGroups(
    ctx.store.db,
    user.id,
    mapped.map((g) => g.id),
    mapped.filter((g) => wanted.has(g.idp_group!)).map((g) => g.id),
  );
}
