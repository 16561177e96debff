import { createHash, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit.service.ts';
import type { Principal } from '../auth/capabilities.ts';
import { hasCapability } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { redactSecrets } from '../shared/call-log-entry.ts';
import type { Caller } from '../shared/caller.ts';
import {
  type ApprovalListRow,
  type ApprovalRow,
  type ApprovalStatus,
  closeApproval,
  countPending,
  decideApproval,
  findApproval,
  findApprovalListRow,
  findOpenApproval,
  insertApproval,
  listApprovals as listApprovalRows,
  listOverdue,
} from '../store/approvals.repo.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { findGroupByName, findUserById, listMemberships } from '../store/users.repo.ts';
import { notifyApprovers, notifyWebhook } from './notify.ts';

/*
 * The approval queue: a call a policy sends to an approver group (`@ask("group:<name>")`) waits
 * here until a member of that group approves or denies it, or it expires. Everything lives in the
 * store, so a restart loses nothing and any instance may hold the waiting call while another
 * takes the decision (`approval_decided` wakes the holder; a poll covers a lost event). An
 * approval runs its call once: the caller's retry with the same arguments finds it.
 */

type Ctx = Pick<AppContext, 'store' | 'events' | 'config' | 'secrets'>;

/** At most this many calls of one principal wait on one server (approvers are people: no flood). */
export const MAX_PENDING_PER_CALLER = 10;

export interface ApprovalAsk {
  server: ServerRecord;
  tool: ToolRecord;
  args: Record<string, unknown>;
  policy: { policyIds: string[]; reason: string; group: string };
  caller: Caller | null;
  clientIp: string;
}

/** Where a call stands with its approvers. `approved` means: claimed by this attempt, run it now. */
export type ApprovalState =
  | { state: 'approved' | 'pending' | 'denied' | 'expired'; approval: ApprovalRow; group: string }
  | { state: 'refused'; message: string };

/** The principal a call is waiting for: the person, or the server's shared identity. */
function principalOf(caller: Caller | null): string {
  return caller ? `user:${caller.userUuid}` : 'shared';
}

/** The same call again: same server, tool, principal and arguments (keys in any order). */
function hashCall(ask: ApprovalAsk): string {
  return createHash('sha256')
    .update(JSON.stringify([ask.server.uuid, ask.tool.slug, principalOf(ask.caller), canonical(ask.args)]))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

const aadOf = (uuid: string) => `approval:${uuid}`;

/**
 * The call's standing: an approval of this very call not used yet (approved → claimed for this
 * attempt; denied or expired → answered once, then forgotten), else a new request to the group.
 */
export async function requestApproval(ctx: Ctx, ask: ApprovalAsk): Promise<ApprovalState> {
  const group = await findGroupByName(ctx.store.db, ask.policy.group);
  if (!group)
    return {
      state: 'refused',
      message: `the approver group "${ask.policy.group}" no longer exists; an administrator must fix policy ${ask.policy.policyIds.join(', ')}`,
    };
  const callHash = hashCall(ask);
  const open = await findOpenApproval(ctx.store.db, ask.server.id, callHash);
  if (open) return settle(ctx, open, group.name);
  const principal = principalOf(ask.caller);
  if ((await countPending(ctx.store.db, ask.server.id, principal)) >= MAX_PENDING_PER_CALLER)
    return {
      state: 'refused',
      message: `${MAX_PENDING_PER_CALLER} of your calls on this server already wait for an approver; wait for their decisions`,
    };
  const minutes = (await getSettings(ctx)).approval_timeout_minutes;
  const uuid = randomUUID();
  const now = new Date();
  const approval = await insertApproval(ctx.store.db, {
    uuid,
    server_id: ask.server.id,
    tool_id: ask.tool.id,
    principal,
    user_uuid: ask.caller?.userUuid ?? null,
    group_uuid: group.uuid,
    call_hash: callHash,
    arguments_sealed: ctx.secrets.seal(JSON.stringify(ask.args), aadOf(uuid)),
    arguments_shown: JSON.stringify(redactSecrets(ask.args)),
    reason: ask.policy.reason,
    policy_ids: JSON.stringify(ask.policy.policyIds),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
  });
  await recordAudit(ctx, {
    actor: {
      kind: 'mcp',
      id: ask.caller?.userUuid ?? null,
      name: ask.caller ? `user ${ask.caller.userUuid}` : `shared identity of ${ask.server.slug}`,
    },
    action: 'approval.requested',
    target_kind: 'approval',
    target_id: uuid,
    server_uuid: ask.server.uuid,
    tool: ask.tool.slug,
    arguments: ask.args,
    decision: 'ask',
    policy_ids: ask.policy.policyIds,
    detail: {
      group: group.name,
      reason: ask.policy.reason,
      expires_at: approval.expires_at,
      client_ip: ask.clientIp,
    },
  });
  // People are told in the background: a slow mail server never holds the call.
  void announce(ctx, approval, 'requested');
  return { state: 'pending', approval, group: group.name };
}

/** An open approval's answer for this attempt (a decided one is answered once). */
async function settle(ctx: Ctx, row: ApprovalRow, group: string): Promise<ApprovalState> {
  const current = row.status === 'pending' && isOverdue(row) ? await expire(ctx, row) : row;
  if (current.status === 'pending') return { state: 'pending', approval: current, group };
  // Only one attempt runs an approved call, or hears a denial: the row is closed by that attempt.
  if (!(await closeApproval(ctx.store.db, current.uuid, current.status, new Date().toISOString())))
    return { state: 'refused', message: 'this approval was just used by another attempt of the same call' };
  return { state: current.status, approval: current, group };
}

function isOverdue(row: ApprovalRow, now = Date.now()): boolean {
  return Date.parse(row.expires_at) <= now;
}

/** A pending approval past its time becomes `expired` (once, whichever instance sees it first). */
async function expire(ctx: Ctx, row: ApprovalRow): Promise<ApprovalRow> {
  const decided = {
    status: 'expired' as const,
    decided_at: new Date().toISOString(),
    decided_by: null,
    decided_by_name: null,
    note: 'no approver answered in time',
  };
  if (await decideApproval(ctx.store.db, row.uuid, decided)) {
    await recordAudit(ctx, {
      action: 'approval.expired',
      target_kind: 'approval',
      target_id: row.uuid,
      decision: 'denied',
      policy_ids: JSON.parse(row.policy_ids) as string[],
      detail: { reason: decided.note },
    });
    await ctx.events.publish({ type: 'approval_decided', approvalId: row.uuid });
    void announce(ctx, { ...row, ...decided }, 'expired');
  }
  return (await findApproval(ctx.store.db, row.uuid)) ?? { ...row, ...decided };
}

/**
 * Waits until the approval is decided or `untilMs` (epoch ms) passes, then answers its standing
 * for this attempt. Woken by `approval_decided` from any instance; a poll every two seconds covers
 * an event lost with a Redis reconnect.
 */
export async function waitForDecision(
  ctx: Ctx,
  pending: { approval: ApprovalRow; group: string },
  untilMs: number,
  signal?: AbortSignal,
): Promise<ApprovalState> {
  const uuid = pending.approval.uuid;
  let wake: (() => void) | undefined;
  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.type === 'approval_decided' && event.approvalId === uuid) wake?.();
  });
  try {
    for (;;) {
      const row = await findApproval(ctx.store.db, uuid);
      if (!row)
        return { state: 'refused', message: 'the approval was removed (its server or tool was deleted)' };
      const deadline = Math.min(untilMs, Date.parse(row.expires_at));
      if (row.status !== 'pending' || isOverdue(row) || Date.now() >= untilMs || signal?.aborted)
        return settle(ctx, row, pending.group);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(2_000, deadline - Date.now())));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
  } finally {
    unsubscribe();
  }
}

/** The arguments the approver saw, as the call will run with them. */
export function approvedArguments(
  ctx: Pick<AppContext, 'secrets'>,
  row: ApprovalRow,
): Record<string, unknown> {
  const text = ctx.secrets.open(row.arguments_sealed, aadOf(row.uuid));
  if (text === null) throw new Error('the approved arguments could not be opened (secret key changed?)');
  return JSON.parse(text) as Record<string, unknown>;
}

// The management API: the queue and the decisions.

export interface ApprovalListQuery {
  status?: string;
  server_id?: string;
}

const STATUSES = new Set(['pending', 'approved', 'denied', 'expired', 'all']);

/** Who may see what: administrators everything; a person their own calls and their groups' queue. */
async function viewerOf(ctx: Ctx, principal: Principal) {
  const admin = hasCapability(principal, 'manage_options');
  const user = principal.userId === null ? undefined : await findUserById(ctx.store.db, principal.userId);
  const groups = user ? ((await listMemberships(ctx.store.db, [user.id])).get(user.id) ?? []) : [];
  return { admin, user, groupUuids: groups.map((g) => g.uuid) };
}

type Viewer = Awaited<ReturnType<typeof viewerOf>>;

export async function listApprovals(
  ctx: Ctx,
  principal: Principal,
  query: ApprovalListQuery,
  page: { page: number; per_page: number },
) {
  const status = query.status ?? 'pending';
  if (!STATUSES.has(status))
    throw new ApiError('rest_invalid_param', 'Invalid parameter(s): status', {
      params: { status: 'pending, approved, denied, expired or all' },
    });
  await expireOverdue(ctx);
  const viewer = await viewerOf(ctx, principal);
  if (!viewer.admin && !viewer.user) return { items: [], total: 0 };
  const { rows, total } = await listApprovalRows(ctx.store.db, {
    status: status as ApprovalStatus | 'all',
    visibleTo: viewer.admin ? null : { userUuid: viewer.user!.uuid, groupUuids: viewer.groupUuids },
    limit: page.per_page,
    offset: (page.page - 1) * page.per_page,
  });
  return { items: rows.map((r) => presentApproval(r, viewer)), total };
}

/** Overdue approvals are expired as the queue is read (and by the waiting call itself). */
async function expireOverdue(ctx: Ctx): Promise<void> {
  for (const row of await listOverdue(ctx.store.db, new Date().toISOString(), 100)) await expire(ctx, row);
}

export async function getApproval(ctx: Ctx, principal: Principal, uuid: string) {
  const viewer = await viewerOf(ctx, principal);
  const row = await visibleRow(ctx, viewer, uuid);
  return presentApproval(row, viewer);
}

async function visibleRow(ctx: Ctx, viewer: Viewer, uuid: string): Promise<ApprovalListRow> {
  const row = await findApprovalListRow(ctx.store.db, uuid);
  const mine = row && viewer.user && row.user_uuid === viewer.user.uuid;
  const approver = row && viewer.groupUuids.includes(row.group_uuid);
  // Someone else's call outside one's groups does not exist, as far as one can tell.
  if (!row || !(viewer.admin || mine || approver)) throw notFound('approval');
  return row;
}

/** Approve or deny: a member of the approver group, never the caller; the first decision wins. */
export async function decideCall(
  ctx: Ctx,
  principal: Principal,
  uuid: string,
  verdict: 'approved' | 'denied',
  note: string | undefined,
) {
  const viewer = await viewerOf(ctx, principal);
  let row = await visibleRow(ctx, viewer, uuid);
  if (!viewer.user)
    throw new ApiError('rest_forbidden', 'Only a person decides: this key belongs to no one.');
  if (row.user_uuid === viewer.user.uuid)
    throw new ApiError(
      'rest_forbidden',
      'You cannot decide your own call: another member of the group must.',
    );
  if (!viewer.groupUuids.includes(row.group_uuid))
    throw new ApiError(
      'rest_forbidden',
      `Only members of the group "${row.group_name ?? row.group_uuid}" decide this call.`,
    );
  if (row.status === 'pending' && isOverdue(row)) {
    await expire(ctx, row);
    throw new ApiError('rest_conflict', 'This approval has expired: no decision was taken in time.');
  }
  const decided = await decideApproval(ctx.store.db, uuid, {
    status: verdict,
    decided_at: new Date().toISOString(),
    decided_by: viewer.user.uuid,
    decided_by_name: viewer.user.display_name || viewer.user.email,
    note: note?.trim() ? note.trim() : null,
  });
  if (!decided) throw new ApiError('rest_conflict', `This approval is already ${row.status}.`);
  row = (await findApprovalListRow(ctx.store.db, uuid)) ?? row;
  await recordAudit(ctx, {
    actor: principal,
    action: `approval.${verdict}`,
    target_kind: 'approval',
    target_id: uuid,
    server_uuid: row.server_uuid,
    tool: row.tool_slug,
    arguments: JSON.parse(row.arguments_shown),
    decision: verdict,
    policy_ids: JSON.parse(row.policy_ids) as string[],
    detail: { note: row.note, caller: row.user_uuid, group: row.group_name },
  });
  await ctx.events.publish({ type: 'approval_decided', approvalId: uuid });
  void announce(ctx, row, verdict);
  return presentApproval(row, viewer);
}

function presentApproval(row: ApprovalListRow, viewer: Viewer) {
  const decidable =
    row.status === 'pending' &&
    !!viewer.user &&
    row.user_uuid !== viewer.user.uuid &&
    viewer.groupUuids.includes(row.group_uuid);
  return {
    id: row.uuid,
    status: row.status,
    server: { id: row.server_id, uuid: row.server_uuid, slug: row.server_slug, name: row.server_name },
    tool: { slug: row.tool_slug, name: row.tool_name },
    caller: row.user_uuid
      ? { uuid: row.user_uuid, email: row.caller_email ?? '', display_name: row.caller_name ?? '' }
      : null,
    approver_group: { uuid: row.group_uuid, name: row.group_name ?? '' },
    reason: row.reason,
    policy_ids: JSON.parse(row.policy_ids) as string[],
    arguments: JSON.parse(row.arguments_shown) as Record<string, unknown>,
    created_at: row.created_at,
    expires_at: row.expires_at,
    decided_at: row.decided_at,
    decided_by: row.decided_by
      ? { uuid: row.decided_by, email: row.decider_email ?? '', display_name: row.decided_by_name ?? '' }
      : null,
    note: row.note,
    used_at: row.used_at,
    can_decide: decidable,
  };
}

/** E-mail to the group when a call starts waiting; the webhook hears every step. Never throws. */
async function announce(ctx: Ctx, row: ApprovalRow, event: 'requested' | 'approved' | 'denied' | 'expired') {
  const full = await findApprovalListRow(ctx.store.db, row.uuid).catch(() => undefined);
  if (!full) return;
  if (event === 'requested') await notifyApprovers(ctx, full);
  await notifyWebhook(ctx, full, event);
}
