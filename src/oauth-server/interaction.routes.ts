import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../auth/hash.ts';
import { type AppContext, apiBase } from '../context.ts';
import { ApiError } from '../errors.ts';
import { rawExchange } from '../http/node-handler.ts';
import { describeProviders, signInWithPassword } from '../people/sign-in.service.ts';
import { findSignedInUser, sessionCookie } from '../people/web-sessions.ts';
import { authorizationServerOf } from './authorization-server.ts';
import { describeConsent, grantConsent } from './consent.service.ts';
import type { InteractionDetails } from './oidc-provider-types.ts';
import { type Page, pageHeaders, renderConsent, renderError, renderSignIn } from './pages.ts';
import { OAUTH_MOUNT } from './provider.ts';

/*
 * The pages a person sees while a client asks for access: sign-in (when the browser has no
 * Toolgate session) and consent (the client, where it sends the answer, the server, the scopes;
 * Allow or Deny behind a CSRF token bound to this interaction and this session). The provider's
 * interaction cookie ties each page to the browser that started the request.
 */

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

const HIDE = { schema: { hide: true } };

function send(reply: FastifyReply, page: Page, status = 200): FastifyReply {
  return reply.code(status).headers(pageHeaders(page)).send(page.html);
}

/** The consent form's CSRF token: a keyed hash of the interaction and the web session. */
function consentToken(ctx: AppContext, uid: string, sessionUuid: string): string {
  return ctx.secrets.mac(`oauth-consent:${uid}:${sessionUuid}`);
}

export async function interactionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const server = authorizationServerOf(ctx);
  const base = `${OAUTH_MOUNT}/interaction/:uid`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseQuery(String(body)));
  });

  /** The interaction the browser is in, or an error page when it has none (expired, another browser). */
  async function detailsOf(request: UidRequest, reply: FastifyReply): Promise<InteractionDetails | null> {
    const provider = await server.provider();
    const { req, res } = rawExchange(request, reply);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid === request.params.uid) return details;
    } catch {
      // no or expired interaction cookie
    }
    send(
      reply,
      renderError('This request has expired', 'Start the connection again from your application.'),
      400,
    );
    return null;
  }

  async function finish(request: UidRequest, reply: FastifyReply, result: Record<string, unknown>) {
    const provider = await server.provider();
    const { req, res } = rawExchange(request, reply);
    const to = await provider.interactionResult(req, res, result, { mergeWithLastSubmission: false });
    return reply.code(303).header('cache-control', 'no-store').redirect(to);
  }

  async function showSignIn(
    reply: FastifyReply,
    details: InteractionDetails,
    error?: string,
    email?: string,
  ) {
    const { clientName, redirectTarget } = await describeConsent(ctx, details);
    const providers = describeProviders(ctx);
    const returnTo = `${OAUTH_MOUNT}/interaction/${details.uid}`;
    return send(
      reply,
      renderSignIn({
        action: `${returnTo}/sign-in`,
        clientName,
        ...(redirectTarget ? { redirectTarget } : {}),
        localSignIn: providers.local,
        oidc: providers.oidc
          ? {
              name: providers.oidc.name,
              href: `${apiBase(ctx.config)}/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`,
            }
          : null,
        ...(error ? { error } : {}),
        ...(email ? { email } : {}),
      }),
      error ? 401 : 200,
    );
  }

  app.get(base, HIDE, async (request: UidRequest, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const signed = await findSignedInUser(ctx, request);
    if (!signed) return showSignIn(reply, details);
    // The provider's session follows the Toolgate one: a different person signed in is a new login.
    if (details.prompt.name === 'login' || details.session?.accountId !== signed.user.uuid)
      return finish(request, reply, { login: { accountId: signed.user.uuid } });
    const consent = await describeConsent(ctx, details);
    return send(
      reply,
      renderConsent({
        action: `${OAUTH_MOUNT}/interaction/${details.uid}/consent`,
        csrfToken: consentToken(ctx, details.uid, signed.session.uuid),
        userName: signed.user.display_name || signed.user.email,
        ...consent,
      }),
    );
  });

  app.post(`${base}/sign-in`, HIDE, async (request: UidRequest, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password : '';
    try {
      const { answer, secret } = await signInWithPassword(ctx, request, { email, password });
      reply.header('set-cookie', sessionCookie(ctx, request, secret));
      return finish(request, reply, { login: { accountId: answer.user.id } });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return showSignIn(reply, details, err.message, email);
    }
  });

  app.post(`${base}/consent`, HIDE, async (request: UidRequest, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const signed = await findSignedInUser(ctx, request);
    if (!signed || details.session?.accountId !== signed.user.uuid) return showSignIn(reply, details);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.csrf_token === 'string' ? body.csrf_token : '';
    if (!safeEqual(token, consentToken(ctx, details.uid, signed.session.uuid)))
      return send(reply, renderError('This form has expired', 'Reload the page and choose again.'), 403);
    if (body.decision !== 'allow')
      return finish(request, reply, {
        error: 'access_denied',
        error_description: 'The person denied access.',
      });
    const grantId = await grantConsent(ctx, details, signed.user.uuid);
    return finish(request, reply, { consent: { grantId } });
  });
}
