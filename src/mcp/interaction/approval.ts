import {
  type ApprovalState,
  approvedArguments,
  requestApproval,
  waitForDecision,
} from '../../approvals/approvals.service.ts';
import { queueUrl } from '../../approvals/notify.ts';
import type { AppContext } from '../../context.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import type { CallContext } from '../call-context.ts';

/*
 * A call a policy sends to an approver group (`@ask("group:<name>")`). The call is held open for
 * up to TOOLGATE_APPROVAL_HOLD_SECONDS (progress says what it waits for); approved in that time,
 * it runs and the client never knows it waited. Otherwise the answer says it is pending and that
 * the same call made again runs once approved — the approval is in the store, so the retry may
 * reach any instance, after a restart too. A denial or expiry is a tool error; nothing is sent.
 */

export type ApprovalOutcome = { args: Record<string, unknown> } | { result: Record<string, unknown> };

export async function awaitApprover(
  call: CallContext,
  tool: ToolRecord,
  args: Record<string, unknown>,
  policy: { policyIds: string[]; reason: string; group: string },
  progress: ((value: number, message?: string) => void) | undefined,
): Promise<ApprovalOutcome> {
  const ask = { server: call.server, tool, args, policy, caller: call.caller, clientIp: call.clientIp };
  let state = await requestApproval(call.ctx, ask);
  if (state.state === 'pending') {
    progress?.(0, `Waiting for a member of "${state.group}" to approve: ${policy.reason}`);
    const until = Date.now() + call.ctx.config.approvalHoldSeconds * 1000;
    state = await waitForDecision(call.ctx, state, until, call.cancel?.signal);
  }
  return approvalOutcome(call.ctx, state, policy.reason);
}

/** What a call does with its approval's standing: runs with the approved arguments, or answers why not. */
export function approvalOutcome(ctx: AppContext, state: ApprovalState, reason: string): ApprovalOutcome {
  switch (state.state) {
    case 'approved':
      return { args: approvedArguments(ctx, state.approval) };
    case 'refused':
      return toolError(`Refused: ${state.message}. No request was sent.`);
    case 'denied': {
      const by = state.approval.decided_by_name ?? 'an approver';
      const note = state.approval.note ? `: ${state.approval.note}` : '';
      return toolError(`Denied by ${by} (group "${state.group}")${note}. No request was sent.`);
    }
    case 'expired':
      return toolError(
        `No member of "${state.group}" approved this call before ${state.approval.expires_at}; it was not sent. Calling again asks again.`,
      );
    case 'pending':
      return toolError(
        [
          `Waiting for approval: ${reason}. A member of "${state.group}" must approve this call (approval ${state.approval.uuid}, until ${state.approval.expires_at}); nothing was sent yet.`,
          'Tell the user, and call this tool again with the same arguments later: once approved, it runs once.',
          `Approvers decide at ${queueUrl(ctx)}.`,
        ].join(' '),
      );
  }
}

function toolError(text: string): { result: Record<string, unknown> } {
  return { result: { content: [{ type: 'text', text }], isError: true } };
}
