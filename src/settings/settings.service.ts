import type { AppContext } from '../context.ts';
import { forbidden, invalidParams } from '../errors.ts';
import { readOption, writeOption } from '../store/options.repo.ts';

export interface Settings {
  default_rate_limit: number;
  default_timeout: number;
  log_retention_days: number;
  analytics_retention_days: number;
  /** Days audit rows are kept; 0 keeps them forever. */
  audit_retention_days: number;
  log_response_data: boolean;
  enable_health_checks: boolean;
  health_check_interval: number;
  notification_email: string;
  enable_email_alerts: boolean;
  usage_alert_threshold: number;
  keep_data_on_uninstall: boolean;
  /** IANA time zone of the site ("site timezone" of the spec's analytics). */
  timezone: string;
  /** Minutes a call waits for an approver before it is refused. */
  approval_timeout_minutes: number;
  /** Receives a JSON POST for each approval request and decision; empty: none. */
  approval_webhook_url: string;
}

/**
 * The spec's defaults: 60, 30, 30, 90, false, true, 60, false, 1000, false; e-mail empty. Added
 * since: audit rows kept 365 days, approvals wait 60 minutes, no approval webhook.
 */
export const DEFAULT_SETTINGS: Settings = {
  default_rate_limit: 60,
  default_timeout: 30,
  log_retention_days: 30,
  analytics_retention_days: 90,
  audit_retention_days: 365,
  log_response_data: false,
  enable_health_checks: true,
  health_check_interval: 60,
  notification_email: '',
  enable_email_alerts: false,
  usage_alert_threshold: 1000,
  keep_data_on_uninstall: false,
  timezone: 'UTC',
  approval_timeout_minutes: 60,
  approval_webhook_url: '',
};

const OPTION = 'settings';

export async function getSettings(ctx: Pick<AppContext, 'store'>): Promise<Settings> {
  const stored = (await readOption<Partial<Settings>>(ctx.store.db, OPTION)) ?? {};
  return { ...DEFAULT_SETTINGS, ...stored };
}

/**
 * The settings as the API answers them: the approval webhook's path and query — where receivers
 * such as Slack keep their secret — are never sent back; only its origin shows that one is set.
 * The admin UI sends a setting only when it changed, so the masked value is never saved back.
 */
export function presentSettings(settings: Settings): Settings {
  const url = settings.approval_webhook_url;
  if (!url) return settings;
  let origin = '';
  try {
    origin = new URL(url).origin;
  } catch {
    // Saved values were checked: nothing to mask otherwise.
  }
  return { ...settings, approval_webhook_url: `${origin}/…` };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Lowering these makes the daily retention job delete rows, which only `manage_options` may do. */
const RETENTION_FIELDS = ['log_retention_days', 'analytics_retention_days', 'audit_retention_days'] as const;

/** A retention period in days for comparison: 0 keeps forever (only audit_retention_days allows it). */
function keptDays(days: number): number {
  return days === 0 ? Number.POSITIVE_INFINITY : days;
}

/**
 * Applies a partial update whose shape the route schema checked, and returns the full settings.
 * Checked here: what a schema cannot, that `timezone` is a zone this runtime knows, that
 * `approval_webhook_url` parses as an http(s) URL, and that a caller without `mayDeleteLogs`
 * (manage_options) only keeps or raises a retention period.
 */
export async function updateSettings(
  ctx: Pick<AppContext, 'store'>,
  patch: Partial<Settings>,
  mayDeleteLogs = true,
): Promise<Settings> {
  if (patch.timezone !== undefined && !isTimeZone(patch.timezone))
    throw invalidParams({ timezone: 'must be an IANA time zone such as Europe/Paris' });
  if (patch.approval_webhook_url && !isHttpUrl(patch.approval_webhook_url))
    throw invalidParams({ approval_webhook_url: 'must be empty or an http(s) URL' });
  const current = await getSettings(ctx);
  if (!mayDeleteLogs) {
    const lowered = RETENTION_FIELDS.find(
      (f) => patch[f] !== undefined && keptDays(patch[f]) < keptDays(current[f]),
    );
    if (lowered)
      throw forbidden(
        `Lowering ${lowered} below its current value (${current[lowered]}) deletes rows and needs the manage_options capability.`,
      );
  }
  const next = { ...current, ...patch };
  await writeOption(ctx.store.db, OPTION, next);
  return next;
}
