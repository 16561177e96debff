import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { describeRoute, NO_BODY } from '../http/route-docs.ts';
import { authorizationServerOf } from './authorization-server.ts';

/*
 * `/authorization-server/keys`: the signing keys' public view and their rotation, for
 * administrators. A private key never leaves the store except sealed.
 */

const key = {
  type: 'object',
  properties: {
    kid: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    signing: { type: 'boolean', description: 'the key new tokens are signed with' },
  },
};
const keyList = { type: 'array', items: key, description: 'the published keys, the signer first' };

const docs = {
  list: describeRoute(['authorization-server'], {
    summary: "The authorization server's signing keys",
    description: 'Published at `{PUBLIC_URL}/oauth/jwks`; the first signs new access tokens.',
    response: { 200: keyList },
  }),
  rotate: describeRoute(['authorization-server'], {
    summary: 'Rotate the signing keys',
    description:
      'A new key signs from now on; the previous ones stay published until the tokens they signed have expired.',
    body: NO_BODY,
    response: { 200: keyList },
  }),
};

export async function signingKeysRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');
  const present = (keys: Array<{ kid: string; createdAt: string }>) =>
    keys.map((k, i) => ({ kid: k.kid, created_at: k.createdAt, signing: i === 0 }));

  app.get('/authorization-server/keys', { preHandler: admin, schema: docs.list }, async () =>
    present(await authorizationServerOf(ctx).keys()),
  );

  app.post('/authorization-server/keys/rotate', { preHandler: admin, schema: docs.rotate }, async () =>
    present(await authorizationServerOf(ctx).rotateKeys()),
  );
}
