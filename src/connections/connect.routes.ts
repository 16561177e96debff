import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../auth/hash.ts';
import { type AppContext, apiBase } from '../context.ts';
import { ApiError } from '../errors.ts';
import { type Page, pageHeaders } from '../oauth-server/pages.ts';
import { describeProviders, signInWithPassword } from '../people/sign-in.service.ts';
import { findSignedInUser, sessionCookie } from '../people/web-sessions.ts';
import type { ConnectLinkRecord } from '../store/connections.repo.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { advanceLink, CONNECT_PATH, callbackUrl, connectionsPageUrl, findLiveLink } from './connect-links.ts';
import {
  renderConnectConsent,
  renderConnectDone,
  renderConnectProblem,
  renderConnectSignIn,
} from './connect-pages.ts';
import { perUserAuthOf } from './connections.service.ts';
import { ProviderRefusal, redeemAuthorization, startAuthorization } from './upstream-oauth.ts';
import { vaultOf } from './vault.ts';

/*
 * `/connect/{link}`: the page a consent link opens. The browser must be signed in to Toolgate
 * as the person the link was made for (anyone else gets a refusal, and the link stays theirs);
 * then Toolgate's own consent page, then the provider (authorization code + PKCE, state bound
 * to this link) and back to `/connect/callback`, or a form for a personal token. Each step moves
 * the link forward once, atomically: a link works once.
 */

type LinkRequest = FastifyRequest<{ Params: { token: string } }>;
const HIDE = { schema: { hide: true } };
const MAX_TOKEN_CHARS = 8192;

function send(reply: FastifyReply, page: Page, status = 200): FastifyReply {
  return reply.code(status).headers(pageHeaders(page)).send(page.html);
}

export async function connectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseQuery(String(body)));
  });
  const connections = connectionsPageUrl(ctx);
  const problem = (reply: FastifyReply, status: number, title: string, message: string) =>
    send(reply, renderConnectProblem(title, message, connections), status);
  const csrfFor = (tokenHash: string, sessionUuid: string) =>
    ctx.secrets.mac(`connect:${tokenHash}:${sessionUuid}`);

  /** The live link of this request, with its server and configuration; null after answering a problem page. */
  async function openLink(request: LinkRequest, reply: FastifyReply) {
    const found = await findLiveLink(ctx, { token: request.params.token }, 'issued');
    if (!found) {
      problem(
        reply,
        410,
        'This link has expired',
        'Connect links work once, for ten minutes. Ask again in your conversation, or connect from My connections.',
      );
      return null;
    }
    const { link, server } = found;
    const tokenHash = link.token_hash;
    const auth = server ? perUserAuthOf(ctx, server) : null;
    if (!server || !auth) {
      problem(reply, 404, 'Nothing to connect', 'This server no longer asks for personal connections.');
      return null;
    }
    return { link, tokenHash, server, auth };
  }

  function showSignIn(
    request: LinkRequest,
    reply: FastifyReply,
    server: ServerRecord,
    error?: string,
    email?: string,
  ) {
    const providers = describeProviders(ctx);
    const here = `${CONNECT_PATH}/${request.params.token}`;
    return send(
      reply,
      renderConnectSignIn({
        action: `${here}/sign-in`,
        serverName: server.name,
        localSignIn: providers.local,
        oidc: providers.oidc
          ? {
              name: providers.oidc.name,
              href: `${apiBase(ctx.config)}/auth/oidc/start?return_to=${encodeURIComponent(here)}`,
            }
          : null,
        ...(error ? { error } : {}),
        ...(email ? { email } : {}),
      }),
      error ? 401 : 200,
    );
  }

  /** The signed-in person, when they are the one the link was made for; else the page saying why not. */
  async function personOf(
    request: LinkRequest,
    reply: FastifyReply,
    link: ConnectLinkRecord,
    server: ServerRecord,
  ) {
    const signed = await findSignedInUser(ctx, request);
    if (!signed) {
      showSignIn(request, reply, server);
      return null;
    }
    if (signed.user.id !== link.user_id) {
      problem(
        reply,
        403,
        'This link is not yours',
        'It was made for another person. Each person connects their own account: ask in your own conversation.',
      );
      return null;
    }
    return signed;
  }

  app.get(`${CONNECT_PATH}/:token`, HIDE, async (request: LinkRequest, reply) => {
    if (request.params.token === 'callback') return callback(request, reply);
    const opened = await openLink(request, reply);
    if (!opened) return reply;
    const signed = await personOf(request, reply, opened.link, opened.server);
    if (!signed) return reply;
    return send(
      reply,
      renderConnectConsent({
        action: `${CONNECT_PATH}/${request.params.token}`,
        csrfToken: csrfFor(opened.tokenHash, signed.session.uuid),
        serverName: opened.server.name,
        userName: signed.user.display_name || signed.user.email,
        auth: opened.auth,
        ...redirectTargetOf(opened.auth),
      }),
    );
  });

  app.post(`${CONNECT_PATH}/:token/sign-in`, HIDE, async (request: LinkRequest, reply) => {
    const opened = await openLink(request, reply);
    if (!opened) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password : '';
    try {
      const { secret } = await signInWithPassword(ctx, request, { email, password });
      reply.header('set-cookie', sessionCookie(ctx, request, secret));
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .redirect(`${CONNECT_PATH}/${request.params.token}`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return showSignIn(request, reply, opened.server, err.message, email);
    }
  });

  app.post(`${CONNECT_PATH}/:token`, HIDE, async (request: LinkRequest, reply) => {
    const opened = await openLink(request, reply);
    if (!opened) return reply;
    const { link, tokenHash, server, auth } = opened;
    const signed = await personOf(request, reply, link, server);
    if (!signed) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const csrf = typeof body.csrf_token === 'string' ? body.csrf_token : '';
    if (!safeEqual(csrf, csrfFor(tokenHash, signed.session.uuid)))
      return problem(reply, 403, 'This form has expired', 'Reload the page and choose again.');
    if (body.decision !== 'connect') {
      await advanceLink(ctx, tokenHash, 'issued', 'done');
      return problem(
        reply,
        200,
        'Not connected',
        'Nothing was connected. The tool that asked will not run until you connect.',
      );
    }
    if (auth.type === 'personal-token') {
      const token = typeof body.token === 'string' ? body.token.trim() : '';
      if (token === '' || token.length > MAX_TOKEN_CHARS || /[\r\n]/.test(token))
        return send(
          reply,
          renderConnectConsent({
            action: `${CONNECT_PATH}/${request.params.token}`,
            csrfToken: csrfFor(tokenHash, signed.session.uuid),
            serverName: server.name,
            userName: signed.user.display_name || signed.user.email,
            auth,
            error: `Enter your token (one line, at most ${MAX_TOKEN_CHARS} characters).`,
          }),
          400,
        );
      if (!(await advanceLink(ctx, tokenHash, 'issued', 'done')))
        return problem(reply, 410, 'This link has expired', 'It was used already.');
      await vaultOf(ctx).connect(signed.user, server, auth, { access_token: token });
      return send(reply, renderConnectDone({ serverName: server.name, connectionsUrl: connections }));
    }
    if (auth.type !== 'oauth2-authorization-code')
      return problem(reply, 400, 'Nothing to connect', 'This server exchanges your sign-in token itself.');
    let started: Awaited<ReturnType<typeof startAuthorization>>;
    try {
      started = await startAuthorization(auth, callbackUrl(ctx), ctx.config.upstreamAllowPrivate);
    } catch (err) {
      return problem(reply, 502, 'The provider cannot be reached', (err as Error).message);
    }
    const flow = ctx.secrets.seal(JSON.stringify({ v: started.codeVerifier }), `connect-flow:${tokenHash}`);
    if (
      !(await advanceLink(ctx, tokenHash, 'issued', 'started', {
        state: started.state,
        flow,
      }))
    )
      return problem(reply, 410, 'This link has expired', 'It was used already.');
    return reply.code(303).header('cache-control', 'no-store').redirect(started.url);
  });

  /** The provider sends the browser back here with `code` and `state` (or an error). */
  async function callback(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    const found = state ? await findLiveLink(ctx, { state }, 'started') : null;
    if (!found)
      return problem(
        reply,
        410,
        'This sign-in has expired',
        'Start again from your conversation or from My connections.',
      );
    const { link, server } = found;
    const auth = server ? perUserAuthOf(ctx, server) : null;
    if (!server || auth?.type !== 'oauth2-authorization-code')
      return problem(
        reply,
        404,
        'Nothing to connect',
        'This server no longer asks for personal connections.',
      );
    // The browser that comes back must be the person's (a code sent to someone else's browser is refused).
    const signed = await findSignedInUser(ctx, request);
    if (!signed || signed.user.id !== link.user_id)
      return problem(
        reply,
        403,
        'This sign-in is not yours',
        'Finish the connection in the browser where you started it.',
      );
    if (!(await advanceLink(ctx, link.token_hash, 'started', 'done')))
      return problem(reply, 410, 'This sign-in has expired', 'It was finished already.');
    if (typeof query.error === 'string')
      return problem(
        reply,
        200,
        'Not connected',
        `The provider answered: ${query.error.slice(0, 100)}. Nothing was connected.`,
      );
    const flow = link.flow ? ctx.secrets.open(link.flow, `connect-flow:${link.token_hash}`) : null;
    if (flow === null) return problem(reply, 400, 'This sign-in has expired', 'Start again.');
    try {
      const current = new URL(request.url, callbackUrl(ctx));
      const tokens = await redeemAuthorization(
        auth,
        new URL(`${callbackUrl(ctx)}${current.search}`),
        { state, codeVerifier: (JSON.parse(flow) as { v: string | null }).v },
        ctx.config.upstreamAllowPrivate,
      );
      await vaultOf(ctx).connect(signed.user, server, auth, tokens);
    } catch (err) {
      if (err instanceof ProviderRefusal)
        return problem(reply, 502, 'Not connected', `The provider did not give a token: ${err.error}.`);
      throw err;
    }
    return send(reply, renderConnectDone({ serverName: server.name, connectionsUrl: connections }));
  }
}

/** The provider's origin, which the consent form's redirect may go to (CSP form-action). */
function redirectTargetOf(auth: ReturnType<typeof perUserAuthOf> & object): { redirectTarget?: string } {
  if (auth.type !== 'oauth2-authorization-code') return {};
  const url = auth.authorization_url ?? auth.issuer;
  try {
    return url ? { redirectTarget: new URL(url).origin } : {};
  } catch {
    return {};
  }
}
