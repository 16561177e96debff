import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext, apiBase } from '../context.ts';
import { handOver } from '../http/node-handler.ts';
import { clientIp } from '../shared/client-ip.ts';
import { authorizationServerOf } from './authorization-server.ts';
import { grantsRoutes } from './grants.routes.ts';
import { interactionRoutes } from './interaction.routes.ts';
import { OAUTH_MOUNT } from './provider.ts';
import { DEFAULT_SCOPE } from './resources.ts';
import { signingKeysRoutes } from './signing-keys.routes.ts';

/*
 * Toolgate's authorization server on the site root: oidc-provider's endpoints under `/oauth`
 * (handed the raw request; fastify leaves the body unread for it), the RFC 8414 document at
 * `/.well-known/oauth-authorization-server/oauth` and the OIDC one at both of its places, the
 * sign-in and consent pages, and the grants API under the management prefix.
 */

/** Dynamic registrations per client address (a client registers again on each fresh connection). */
export const REGISTRATIONS_PER_WINDOW = 30;
const REGISTRATION_WINDOW_MS = 10 * 60_000;

const HIDE = { schema: { hide: true } };

/** An authorization request without `scope` asks for the default one (the provider needs one granted). */
function withDefaultScope(url: string): string {
  if (!url.startsWith('/auth?')) return url;
  const query = new URLSearchParams(url.slice('/auth?'.length));
  if (query.get('scope')) return url;
  query.set('scope', DEFAULT_SCOPE);
  return `/auth?${query.toString()}`;
}

export async function oauthServerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const publicOrigin = new URL(ctx.config.publicUrl);

  async function toProvider(request: FastifyRequest, reply: FastifyReply, innerUrl?: string): Promise<void> {
    const provider = await authorizationServerOf(ctx).provider();
    const original = request.raw.url ?? '/';
    const url = withDefaultScope(innerUrl ?? (original.slice(OAUTH_MOUNT.length) || '/'));
    handOver(request, reply, provider.callback(), {
      url,
      originalUrl: `${OAUTH_MOUNT}${url}`,
      publicOrigin,
    });
  }

  await app.register(async (scope) => {
    // The provider reads its own bodies: nothing here consumes them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const discovery = async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.raw.url?.includes('?') ? request.raw.url.slice(request.raw.url.indexOf('?')) : '';
      await toProvider(request, reply, `/.well-known/openid-configuration${query}`);
    };
    // RFC 8414 §3.1 inserts the well-known segment before the issuer's path; OIDC appends it
    // (served by the provider itself below) and some clients insert that one too.
    for (const path of [
      '/.well-known/oauth-authorization-server/oauth',
      '/.well-known/openid-configuration/oauth',
    ])
      scope.route({ method: ['GET', 'OPTIONS'], url: path, ...HIDE, handler: discovery });

    scope.post(`${OAUTH_MOUNT}/reg`, HIDE, async (request, reply) => {
      const decision = await ctx.limiter.hit(
        `oauth-registration:${clientIp(request.raw, ctx.config.trustProxy)}`,
        REGISTRATIONS_PER_WINDOW,
        REGISTRATION_WINDOW_MS,
      );
      if (!decision.allowed)
        return reply
          .code(429)
          .header('retry-after', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))))
          .send({
            error: 'too_many_requests',
            error_description: 'Too many client registrations from this address.',
          });
      return toProvider(request, reply);
    });

    scope.all(`${OAUTH_MOUNT}`, HIDE, (request, reply) => toProvider(request, reply));
    scope.all(`${OAUTH_MOUNT}/*`, HIDE, (request, reply) => toProvider(request, reply));
  });

  await app.register(async (pages) => interactionRoutes(pages, ctx));
  await app.register(
    async (api) => {
      await grantsRoutes(api, ctx);
      await signingKeysRoutes(api, ctx);
    },
    { prefix: apiBase(ctx.config) },
  );
}
