import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { getSettings } from '../settings/settings.service.ts';
import { sendOutbound } from '../shared/egress-client.ts';
import { createLogger } from '../shared/logger.ts';
import type { ApprovalListRow } from '../store/approvals.repo.ts';
import { findGroupByUuid, listMembersOfGroups } from '../store/users.repo.ts';

/*
 * Telling people a call waits: an e-mail to the approver group's members (over SMTP_URL, when set)
 * and a JSON POST to `approval_webhook_url` for every step. Neither carries the arguments — a
 * chat channel or a mailbox is not the place for them; the link leads to the queue, where a
 * signed-in approver sees them. A failed notification is logged, never the call's failure.
 */

type Ctx = Pick<AppContext, 'store' | 'config'>;

const loggers = new WeakMap<object, Logger>();
function logOf(ctx: Ctx): Logger {
  let log = loggers.get(ctx.config);
  if (!log) {
    log = createLogger(ctx.config, { module: 'approvals' });
    loggers.set(ctx.config, log);
  }
  return log;
}

export function queueUrl(ctx: Ctx): string {
  return `${ctx.config.publicUrl}/admin/#/approvals`;
}

function callerOf(row: ApprovalListRow): string {
  return (
    row.caller_email ??
    (row.user_uuid ? `user ${row.user_uuid}` : `the shared identity of ${row.server_slug}`)
  );
}

export async function notifyApprovers(ctx: Ctx, row: ApprovalListRow): Promise<void> {
  if (!ctx.config.smtpUrl) return;
  try {
    const group = await findGroupByUuid(ctx.store.db, row.group_uuid);
    if (!group) return;
    const members = (await listMembersOfGroups(ctx.store.db, [group.id])).get(group.id) ?? [];
    const to = members.filter((m) => !m.disabled_at && m.uuid !== row.user_uuid).map((m) => m.email);
    if (to.length === 0) return;
    // Loaded when a mail is due: most installs never send one.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(ctx.config.smtpUrl);
    try {
      await transport.sendMail({
        from: ctx.config.smtpFrom,
        to,
        subject: `[Toolgate] Approval needed: ${row.tool_name} on ${row.server_name}`,
        text: [
          `${callerOf(row)} asks to call ${row.tool_slug} on ${row.server_name}.`,
          `Why it needs an approver: ${row.reason}`,
          '',
          `Approve or deny it before ${row.expires_at} (UTC) at:`,
          queueUrl(ctx),
          '',
          `You get this because you are in the group "${group.name}".`,
        ].join('\n'),
      });
    } finally {
      transport.close();
    }
  } catch (err) {
    logOf(ctx).warn({ err, approval: row.uuid }, 'approval e-mail not sent');
  }
}

export async function notifyWebhook(
  ctx: Ctx,
  row: ApprovalListRow,
  event: 'requested' | 'approved' | 'denied' | 'expired',
): Promise<void> {
  try {
    const url = (await getSettings(ctx)).approval_webhook_url;
    if (!url) return;
    const body = JSON.stringify({
      type: `approval.${event}`,
      approval: {
        id: row.uuid,
        status: row.status,
        server: { uuid: row.server_uuid, slug: row.server_slug, name: row.server_name },
        tool: row.tool_slug,
        caller: callerOf(row),
        approver_group: row.group_name,
        reason: row.reason,
        created_at: row.created_at,
        expires_at: row.expires_at,
        decided_at: row.decided_at,
        decided_by: row.decided_by_name,
        note: row.note,
      },
      url: queueUrl(ctx),
    });
    const answer = await sendOutbound(url, {
      allowPrivate: ctx.config.upstreamAllowPrivate,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Toolgate approvals' },
      body,
    });
    if (answer.status >= 300)
      logOf(ctx).warn({ status: answer.status, approval: row.uuid }, 'approval webhook refused');
  } catch (err) {
    logOf(ctx).warn({ err, approval: row.uuid }, 'approval webhook not sent');
  }
}
