/** Every setting with its meaning (spec's Settings object, DESIGN §10) and its bounds. */
import type { Settings } from '../api/types.ts';
import { checkWholeNumber } from './whole-number.ts';

export interface SettingSpec {
  name: keyof Settings & string;
  label: string;
  help: string;
  kind: 'int' | 'bool' | 'email' | 'text' | 'url';
  min?: number;
  max?: number;
}

export const SETTINGS: SettingSpec[] = [
  {
    name: 'default_rate_limit',
    label: 'Default rate limit',
    help: 'requests per minute for new servers (0 = unlimited)',
    kind: 'int',
    min: 0,
    max: 1_000_000,
  },
  {
    name: 'default_timeout',
    label: 'Default timeout',
    help: 'seconds, for new tools',
    kind: 'int',
    min: 1,
    max: 600,
  },
  {
    name: 'log_retention_days',
    label: 'Call-log retention',
    help: 'days call logs are kept',
    kind: 'int',
    min: 1,
    max: 36_500,
  },
  {
    name: 'analytics_retention_days',
    label: 'Analytics retention',
    help: 'days the per-day aggregates are kept',
    kind: 'int',
    min: 1,
    max: 36_500,
  },
  {
    name: 'audit_retention_days',
    label: 'Audit retention',
    help: 'days audit rows are kept, separately from call logs (0 = forever)',
    kind: 'int',
    min: 0,
    max: 36_500,
  },
  {
    name: 'log_response_data',
    label: 'Log response data',
    help: 'store upstream response bodies in call logs (size-capped)',
    kind: 'bool',
  },
  {
    name: 'enable_health_checks',
    label: 'Background health checks',
    help: 'check every active server on a schedule',
    kind: 'bool',
  },
  {
    name: 'health_check_interval',
    label: 'Health-check interval',
    help: 'minutes between background checks',
    kind: 'int',
    min: 1,
    max: 10_080,
  },
  {
    name: 'notification_email',
    label: 'Notification e-mail',
    help: 'where usage alerts go (SMTP_URL must be configured)',
    kind: 'email',
  },
  {
    name: 'enable_email_alerts',
    label: 'E-mail alerts',
    help: 'send an alert when calls in an hour pass the threshold',
    kind: 'bool',
  },
  {
    name: 'usage_alert_threshold',
    label: 'Usage alert threshold',
    help: 'calls per hour that trigger an alert',
    kind: 'int',
    min: 1,
    max: 100_000_000,
  },
  {
    name: 'keep_data_on_uninstall',
    label: 'Keep data on uninstall',
    help: 'toolgate uninstall keeps the tables, the SQLite file and the secret key',
    kind: 'bool',
  },
  {
    name: 'timezone',
    label: 'Site time zone',
    help: 'IANA zone for days in analytics and call-log date filters, e.g. Europe/Paris',
    kind: 'text',
  },
  {
    name: 'approval_timeout_minutes',
    label: 'Approval timeout',
    help: 'minutes a call waits for an approver before it is refused',
    kind: 'int',
    min: 1,
    max: 10_080,
  },
  {
    name: 'approval_webhook_url',
    label: 'Approval webhook',
    help: 'URL that receives a JSON POST for each approval request and decision (empty: none). Once saved only its origin is shown: enter the whole URL to change it.',
    kind: 'url',
  },
];

export type SettingsDraft = Record<string, string | boolean>;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(text);
  } catch {
    return false;
  }
}

export function settingsToDraft(s: Settings): SettingsDraft {
  const out: SettingsDraft = {};
  for (const f of SETTINGS) {
    const v = s[f.name];
    if (v === undefined) continue;
    out[f.name] = f.kind === 'bool' ? Boolean(v) : String(v);
  }
  return out;
}

export function validateSettings(d: SettingsDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of SETTINGS) {
    const v = d[f.name];
    if (v === undefined) continue;
    if (f.kind === 'int') {
      const reason = checkWholeNumber(String(v), f.min, f.max);
      if (reason) errors[f.name] = reason;
    }
    if (f.kind === 'email' && String(v).trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(v).trim()))
      errors[f.name] = 'empty or an e-mail address';
    if (f.kind === 'text' && !String(v).trim()) errors[f.name] = 'required';
    if (f.kind === 'url' && String(v).trim() && !isHttpUrl(String(v).trim()))
      errors[f.name] = 'empty or an http(s) URL';
  }
  return errors;
}

/** Only the settings that changed, typed. */
export function settingsPatch(d: SettingsDraft, before: Settings): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const f of SETTINGS) {
    const v = d[f.name];
    if (v === undefined) continue;
    const typed = f.kind === 'int' ? Number(v) : f.kind === 'bool' ? v : String(v).trim();
    if (typed !== before[f.name]) patch[f.name] = typed;
  }
  return patch;
}
