import type { FastifyInstance } from 'fastify';
import { createApiKey, KeyInputError } from '../auth/api-keys.ts';
import { requireCapability } from '../auth/authorize.ts';
import { CAPABILITIES, ROLES } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { invalidParams, notFound } from '../errors.ts';
import { listApiKeys, revokeApiKey } from '../store/keys.repo.ts';

const createKeyBody = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    role: { type: 'string', enum: Object.keys(ROLES) },
    capabilities: { type: 'array', items: { type: 'string', enum: [...CAPABILITIES] }, minItems: 1 },
    expires_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** `/keys`: management API keys, administrators only. Secrets are shown once, at creation. */
export async function keysRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');
  const tags = ['keys'];

  app.get('/keys', { preHandler: admin, schema: { tags } }, async (_req, reply) => {
    const keys = await listApiKeys(ctx.store.db);
    reply.header('X-Svc-Total', String(keys.length)).header('X-Svc-TotalPages', '1');
    return keys;
  });

  app.post('/keys', { preHandler: admin, schema: { tags, body: createKeyBody } }, async (req, reply) => {
    const body = req.body as { name: string; role?: string; capabilities?: string[]; expires_at?: string };
    try {
      const { key, secret } = await createApiKey(ctx.store, body);
      reply.status(201).header('Cache-Control', 'no-store');
      return { ...key, secret };
    } catch (err) {
      if (err instanceof KeyInputError) throw invalidParams({ role: err.message });
      throw err;
    }
  });

  app.delete('/keys/:id', { preHandler: admin, schema: { tags } }, async (req) => {
    const revoked = await revokeApiKey(ctx.store.db, (req.params as { id: string }).id);
    if (!revoked) throw notFound('key');
    return { revoked: true, id: revoked.id, uuid: revoked.uuid };
  });
}
