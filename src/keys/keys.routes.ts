import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/audit.service.ts';
import { authenticate, requireCapability } from '../auth/authorize.ts';
import { CAPABILITIES, hasCapability } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { keyDocs } from './keys.schema.ts';
import { createKey, type KeyInput, listKeys, revokeKey } from './keys.service.ts';

/** `/keys`: management API keys, administrators only. Secrets are shown once, at creation. */
export async function keysRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');

  app.get('/keys', { preHandler: admin, schema: keyDocs.list }, async (_req, reply) => {
    const keys = await listKeys(ctx);
    reply.header('X-Svc-Total', String(keys.length)).header('X-Svc-TotalPages', '1');
    return keys;
  });

  // Any valid key may read what it itself may do (the admin UI hides what the role does not allow).
  // `capabilities` is the effective list (`manage_options` implies every other); `prefix` is the
  // secret's first 12 characters, as `/keys` lists it.
  app.get('/keys/me', { schema: keyDocs.me }, async (req, reply) => {
    const principal = await authenticate(ctx, req, reply);
    const secret = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return {
      name: principal.name,
      role: principal.role,
      capabilities: CAPABILITIES.filter((c) => hasCapability(principal, c)),
      prefix: secret.slice(0, 12),
    };
  });

  app.post('/keys', { preHandler: admin, schema: keyDocs.create }, async (req, reply) => {
    const created = await createKey(ctx, req.body as KeyInput, req.principal?.userId ?? null);
    // The key's id and name only: never its secret.
    await recordAudit(ctx, {
      actor: req.principal,
      action: 'key.created',
      target_kind: 'key',
      target_id: String(created.id),
      detail: { name: created.name, role: created.role },
    });
    reply.status(201).header('Cache-Control', 'no-store');
    return created;
  });

  app.delete('/keys/:id', { preHandler: admin, schema: keyDocs.revoke }, async (req) => {
    const revoked = await revokeKey(ctx, (req.params as { id: string }).id);
    await recordAudit(ctx, {
      actor: req.principal,
      action: 'key.revoked',
      target_kind: 'key',
      target_id: String(revoked.id),
    });
    return revoked;
  });
}
