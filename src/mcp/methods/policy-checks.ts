import { recordAudit } from '../../audit/audit.service.ts';
import {
  decideServerAction,
  keptPolicies,
  type PolicyOutcome,
  type ServerAction,
} from '../../policies/policy-gate.ts';
import type { CallContext } from '../call-context.ts';
import { RpcError, SERVER_ERROR } from '../errors.ts';

/** What the policies know of a call besides its tool and arguments. */
export function factsOf(call: CallContext) {
  return {
    caller: call.caller,
    clientIp: call.clientIp,
    era: call.modern ? '2026-07-28' : (call.session?.protocol_version ?? '2025-11-25'),
  };
}

/** Whether the policies let this caller do a server-wide action (no await without policies). */
export async function mayByPolicy(call: CallContext, action: ServerAction, extra: Record<string, string>) {
  if (keptPolicies(call.ctx, call.server) === null) return { kind: 'permit' as const, policyIds: [] };
  return decideServerAction(call.ctx, call.server, action, extra, factsOf(call));
}

/** A refused `resources/read` or `prompts/get`: a JSON-RPC error with the policy's reason. */
export async function refuseByPolicy(call: CallContext, action: ServerAction, extra: Record<string, string>) {
  const outcome = await mayByPolicy(call, action, extra);
  if (outcome.kind === 'permit') return;
  await auditDecision(call, { action }, outcome, extra);
  const by = outcome.policyIds.length > 0 ? ` (policy ${outcome.policyIds.join(', ')})` : '';
  throw new RpcError(SERVER_ERROR, `Refused${by}: ${outcome.reason}.`, { policies: outcome.policyIds });
}

/** A forbid or an ask goes to the audit trail: who, which tool, the (redacted) arguments, which policies. */
export async function auditDecision(
  call: CallContext,
  target: { tool?: string; action: string },
  outcome: Exclude<PolicyOutcome, { kind: 'approve' }>,
  args: unknown,
): Promise<void> {
  if (outcome.kind === 'permit') return;
  await recordAudit(call.ctx, {
    actor: {
      kind: 'mcp',
      id: call.caller?.userUuid ?? null,
      name: call.caller ? `user ${call.caller.userUuid}` : `shared identity of ${call.server.slug}`,
    },
    action: `policy.${outcome.kind}`,
    target_kind: target.action,
    target_id: target.tool ?? null,
    server_uuid: call.server.uuid,
    tool: target.tool ?? null,
    arguments: args,
    decision: outcome.kind,
    policy_ids: outcome.policyIds,
    detail: { reason: outcome.reason, client_ip: call.clientIp },
  });
}
