import type { FastifyInstance } from 'fastify';
import { requireSignedIn } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { parsePage, setPageHeaders } from '../http/pagination.ts';
import { approvalDocs } from './approvals.schema.ts';
import { type ApprovalListQuery, decideCall, getApproval, listApprovals } from './approvals.service.ts';

type IdParams = { id: string };
type DecisionBody = { note?: string } | null | undefined;

/** `/approvals`: the queue of calls waiting for an approver, and the decisions. */
export async function approvalsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const signedIn = requireSignedIn(ctx);

  app.get('/approvals', { preHandler: signedIn, schema: approvalDocs.list }, async (req, reply) => {
    const query = req.query as ApprovalListQuery & Record<string, unknown>;
    const page = parsePage(query);
    const { items, total } = await listApprovals(ctx, req.principal!, query, page);
    setPageHeaders(reply, total, page.per_page);
    return items;
  });
  app.get('/approvals/:id', { preHandler: signedIn, schema: approvalDocs.get }, async (req) =>
    getApproval(ctx, req.principal!, (req.params as IdParams).id),
  );
  app.post('/approvals/:id/approve', { preHandler: signedIn, schema: approvalDocs.approve }, async (req) =>
    decideCall(
      ctx,
      req.principal!,
      (req.params as IdParams).id,
      'approved',
      (req.body as DecisionBody)?.note,
    ),
  );
  app.post('/approvals/:id/deny', { preHandler: signedIn, schema: approvalDocs.deny }, async (req) =>
    decideCall(ctx, req.principal!, (req.params as IdParams).id, 'denied', (req.body as DecisionBody)?.note),
  );
}
