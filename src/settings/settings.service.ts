import type { AppContext } from '../context.ts';
import { readOption, writeOption } from '../store/options.repo.ts';

export interface Settings {
  default_rate_limit: number;
  default_timeout: number;
  log_retention_days: number;
  analytics_retention_days: number;
  log_response_data: boolean;
  enable_health_checks: boolean;
  health_check_interval: number;
  notification_email: string;
  enable_email_alerts: boolean;
  usage_alert_threshold: number;
  keep_data_on_uninstall: boolean;
  /** IANA time zone of the site ("site timezone" of the spec's analytics). */
  timezone: string;
}

/** The spec's defaults: 60, 30, 30, 90, false, true, 60, false, 1000, false; e-mail empty. */
const DEFAULT_SETTINGS: Settings = {
  default_rate_limit: 60,
  default_timeout: 30,
  log_retention_days: 30,
  analytics_retention_days: 90,
  log_response_data: false,
  enable_health_checks: true,
  health_check_interval: 60,
  notification_email: '',
  enable_email_alerts: false,
  usage_alert_threshold: 1000,
  keep_data_on_uninstall: false,
  timezone: 'UTC',
};

const OPTION = 'settings';

export async function getSettings(ctx: Pick<AppContext, 'store'>): Promise<Settings> {
  const stored = (await readOption<Partial<Settings>>(ctx.store.db, OPTION)) ?? {};
  return { ...DEFAULT_SETTINGS, ...stored };
}

/** Applies an already validated partial update and returns the full settings. */
export async function updateSettings(
  ctx: Pick<AppContext, 'store'>,
  patch: Partial<Settings>,
): Promise<Settings> {
  const next = { ...(await getSettings(ctx)), ...patch };
  await writeOption(ctx.store.db, OPTION, next);
  return next;
}
