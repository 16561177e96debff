import { describeRoute } from '../http/route-docs.ts';
import { DEFAULT_SETTINGS } from './settings.service.ts';

/** JSON Schemas of the settings routes (validation and the API reference). */

const positive = (max: number, description: string, value: number) => ({
  type: 'integer',
  minimum: 1,
  maximum: max,
  default: value,
  description,
});

const settingsFields = {
  default_rate_limit: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    default: 60,
    description: 'MCP calls a minute for new servers (0 = unlimited)',
  },
  default_timeout: positive(600, 'seconds, for new tools', 30),
  log_retention_days: positive(36_500, 'days call logs are kept', 30),
  analytics_retention_days: positive(36_500, 'days hourly aggregates are kept', 90),
  audit_retention_days: {
    type: 'integer',
    minimum: 0,
    maximum: 36_500,
    default: 365,
    description:
      'days audit rows are kept (0 = forever); the audit trail is retained separately from call logs',
  },
  log_response_data: {
    type: 'boolean',
    default: false,
    description: 'store upstream response bodies in call logs',
  },
  enable_health_checks: { type: 'boolean', default: true, description: 'run the background health checks' },
  health_check_interval: positive(10_080, 'minutes between background health checks', 60),
  notification_email: {
    type: 'string',
    maxLength: 320,
    default: '',
    pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    'x-reason': 'must be empty or an e-mail address',
    description: 'address of usage alerts (empty: none)',
  },
  enable_email_alerts: { type: 'boolean', default: false, description: 'send usage alerts by e-mail' },
  usage_alert_threshold: positive(100_000_000, 'calls per hour that trigger an alert', 1000),
  keep_data_on_uninstall: {
    type: 'boolean',
    default: false,
    description: '`toolgate uninstall` keeps tables, options and keys',
  },
  timezone: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    default: 'UTC',
    description: 'IANA time zone of the site, e.g. Europe/Paris (analytics days)',
  },
  approval_timeout_minutes: positive(10_080, 'minutes a call waits for an approver before it is refused', 60),
  approval_webhook_url: {
    type: 'string',
    maxLength: 2000,
    default: '',
    pattern: '^$|^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+[^\\s]*$',
    'x-reason': 'must be empty or an http(s) URL',
    description:
      'URL that receives a JSON POST for each approval request and decision (empty: none); answers show only its origin followed by /…',
  },
} as const;

/** Every writable setting; unknown fields are refused by name. */
export const settingsBody = {
  type: 'object',
  description: 'Partial update: only the settings sent change.',
  properties: settingsFields,
  examples: [{ log_retention_days: 14, timezone: 'Europe/Paris' }],
} as const;

const settingsRecord = {
  type: 'object',
  additionalProperties: true,
  description: 'Every setting, with the defaults filled in.',
  required: Object.keys(settingsFields),
  properties: Object.fromEntries(
    Object.entries(settingsFields).map(([name, { type, description }]) => [name, { type, description }]),
  ),
  examples: [DEFAULT_SETTINGS],
};

const tags = ['settings'];

export const settingsDocs = {
  get: describeRoute(tags, {
    summary: 'Read settings',
    description: 'The gateway settings, defaults included.',
    response: { 200: settingsRecord },
  }),
  update: describeRoute(tags, {
    summary: 'Update settings',
    description:
      'Validated partial update (PATCH; POST is an alias). Answers the full settings. Lowering `log_retention_days`, `analytics_retention_days` or `audit_retention_days` below its current value (for audit rows, 0 is forever, so any other value is lower) deletes rows and needs `manage_options` (403 `rest_forbidden` otherwise); keeping or raising them needs only `svc_manage_settings`.',
    body: settingsBody,
    response: { 200: settingsRecord },
  }),
};
