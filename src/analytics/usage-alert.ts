import type { AppContext } from '../context.ts';
import { getSettings } from '../settings/settings.service.ts';
import { breakdownByTool, claimOption } from '../store/analytics.repo.ts';
import { sumCallLogs } from '../store/call-logs-read.repo.ts';
import { deleteOption, readOption, writeOption } from '../store/options.repo.ts';

const HOUR = 3_600_000;
/** Option holding the ISO time of the last alert sent; shared by every instance. */
const ALERT_OPTION = 'usage_alert_last_sent_at';

export type AlertOutcome =
  | { sent: true; calls: number; to: string }
  | {
      sent: false;
      calls: number;
      reason: 'disabled' | 'not_configured' | 'below_threshold' | 'already_sent';
    };

/**
 * The hourly usage alert: when e-mail alerts are on and the calls of the last hour
 * exceed `usage_alert_threshold`, mails `notification_email` over `SMTP_URL` — at most once per
 * hour across all instances (the send is claimed through an option first).
 */
export async function checkUsageAlert(ctx: AppContext, now = Date.now()): Promise<AlertOutcome> {
  const settings = await getSettings(ctx);
  if (!settings.enable_email_alerts) return { sent: false, calls: 0, reason: 'disabled' };
  if (!settings.notification_email || !ctx.config.smtpUrl)
    return { sent: false, calls: 0, reason: 'not_configured' };
  const from = new Date(now - HOUR).toISOString();
  const { calls } = await sumCallLogs(ctx.store.db, from, new Date(now + 1).toISOString());
  if (calls <= settings.usage_alert_threshold) return { sent: false, calls, reason: 'below_threshold' };

  const last = await readOption<string>(ctx.store.db, ALERT_OPTION);
  if (last && now - Date.parse(last) < HOUR) return { sent: false, calls, reason: 'already_sent' };
  if (!(await claimOption(ctx.store.db, ALERT_OPTION, last, new Date(now).toISOString())))
    return { sent: false, calls, reason: 'already_sent' };

  try {
    const top = await breakdownByTool(ctx.store.db, from, new Date(now + 1).toISOString(), 5);
    await sendAlertMail(ctx, settings.notification_email, {
      calls,
      threshold: settings.usage_alert_threshold,
      top,
    });
  } catch (err) {
    // Give the slot back so the next check retries instead of staying silent for an hour.
    if (last) await writeOption(ctx.store.db, ALERT_OPTION, last);
    else await deleteOption(ctx.store.db, ALERT_OPTION);
    throw err;
  }
  return { sent: true, calls, to: settings.notification_email };
}

async function sendAlertMail(
  ctx: AppContext,
  to: string,
  facts: {
    calls: number;
    threshold: number;
    top: Array<{ server_name: string; tool_name: string; calls: number }>;
  },
): Promise<void> {
  // Loaded when a mail is due: most installs never send one.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(ctx.config.smtpUrl);
  try {
    const lines = facts.top.map((t) => `  ${t.calls}\t${t.server_name} / ${t.tool_name}`);
    await transport.sendMail({
      from: ctx.config.smtpFrom,
      to,
      subject: `[Toolgate] Usage alert: ${facts.calls} calls in the last hour`,
      text: [
        `Toolgate at ${ctx.config.publicUrl} handled ${facts.calls} tool calls in the last hour,`,
        `above the usage alert threshold of ${facts.threshold} calls per hour.`,
        '',
        'Busiest tools:',
        ...lines,
        '',
        'You will get at most one such alert per hour. Change the threshold or turn alerts off',
        'in the settings (usage_alert_threshold, enable_email_alerts).',
      ].join('\n'),
    });
  } finally {
    transport.close();
  }
}
