import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { auditDocs } from './audit.schema.ts';
import { listAudit, verifyAuditChain, walkAudit } from './audit.service.ts';
import { parseAuditFilter } from './audit-filter.ts';

type Query = Record<string, unknown>;

/** `/audit`: the audit trail's list, JSON-lines export and chain check (administrators). */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = requireCapability(ctx, 'manage_options');

  app.get('/audit', { preHandler: admin, schema: auditDocs.list }, async (req, reply) => {
    const query = req.query as Query;
    const filter = parseAuditFilter(query);
    const page = parsePage(query);
    const { items, total } = await listAudit(ctx, filter, page);
    setPageHeaders(reply, total, page.per_page);
    return items;
  });

  app.get('/audit/export', { preHandler: admin, schema: auditDocs.export }, async (req, reply) => {
    // Parsed before the first byte: a bad filter is still a clean 400.
    const filter = parseAuditFilter(req.query as Query);
    async function* render(): AsyncGenerator<string> {
      let chunk = '';
      for await (const row of walkAudit(ctx, filter)) {
        chunk += `${JSON.stringify(row)}\n`;
        if (chunk.length >= 65_536) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    const stamp = new Date().toISOString().slice(0, 10);
    reply
      .header('Content-Type', 'application/x-ndjson; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="toolgate-audit-${stamp}.jsonl"`)
      .header('Cache-Control', 'no-store');
    return reply.send(Readable.from(render(), { objectMode: false }));
  });

  app.get('/audit/verify', { preHandler: admin, schema: auditDocs.verify }, async () =>
    verifyAuditChain(ctx),
  );
}
