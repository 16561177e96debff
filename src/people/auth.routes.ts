import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { clearedStateCookie, finishOidcSignIn, startOidcSignIn } from './oidc.ts';
import { authDocs } from './people.schema.ts';
import { describeProviders, describeSession, signInWithPassword, signOut } from './sign-in.service.ts';
import { clearedSessionCookie, sessionCookie } from './web-sessions.ts';

/** `/auth/*`: how people sign in to the admin UI and out again. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/auth/providers', { schema: authDocs.providers }, async () => describeProviders(ctx));

  app.post('/auth/sign-in', { schema: authDocs.signIn }, async (req, reply) => {
    const { answer, secret } = await signInWithPassword(
      ctx,
      req,
      req.body as { email: string; password: string },
    );
    reply.header('set-cookie', sessionCookie(ctx, req, secret)).header('Cache-Control', 'no-store');
    return answer;
  });

  app.post('/auth/sign-out', { schema: authDocs.signOut }, async (req, reply) => {
    await signOut(ctx, req);
    reply.header('set-cookie', clearedSessionCookie(ctx, req)).status(204);
  });

  app.get('/auth/session', { schema: authDocs.session }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    reply.header('Cache-Control', 'no-store');
    return describeSession(ctx, req, principal);
  });

  app.get('/auth/oidc/start', { schema: authDocs.oidcStart }, async (req, reply) => {
    const { location, cookie } = await startOidcSignIn(
      ctx,
      req,
      (req.query as { return_to?: string }).return_to,
    );
    return reply.header('set-cookie', cookie).header('Cache-Control', 'no-store').redirect(location, 302);
  });

  app.get('/auth/oidc/callback', { schema: authDocs.oidcCallback }, async (req, reply) => {
    let signedIn: Awaited<ReturnType<typeof finishOidcSignIn>>;
    try {
      signedIn = await finishOidcSignIn(ctx, req);
    } catch (err) {
      // A person's browser goes back to the sign-in page, which shows why; other clients get the error.
      if (!(err instanceof ApiError) || !prefersHtml(req.headers.accept)) throw err;
      return reply
        .header('set-cookie', clearedStateCookie(ctx, req))
        .header('Cache-Control', 'no-store')
        .redirect(`/admin/#/?sign_in_error=${encodeURIComponent(err.message)}`, 302);
    }
    const { secret, returnTo } = signedIn;
    return reply
      .header('set-cookie', [sessionCookie(ctx, req, secret), clearedStateCookie(ctx, req)])
      .header('Cache-Control', 'no-store')
      .redirect(returnTo, 302);
  });
}

/** A browser navigating (its Accept names text/html), not an API client. */
function prefersHtml(accept: string | undefined): boolean {
  return typeof accept === 'string' && accept.includes('text/html');
}
