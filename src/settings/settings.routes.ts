import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { getSettings, type Settings, updateSettings } from './settings.service.ts';

const positive = (max: number) => ({ type: 'integer', minimum: 1, maximum: max });

/** Every writable setting; unknown fields are refused by name. */
const settingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    default_rate_limit: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    default_timeout: positive(600),
    log_retention_days: positive(36_500),
    analytics_retention_days: positive(36_500),
    log_response_data: { type: 'boolean' },
    enable_health_checks: { type: 'boolean' },
    health_check_interval: positive(10_080),
    notification_email: { type: 'string', maxLength: 320 },
    enable_email_alerts: { type: 'boolean' },
    usage_alert_threshold: positive(100_000_000),
    keep_data_on_uninstall: { type: 'boolean' },
    timezone: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The checks a JSON Schema cannot express: e-mail shape and a real IANA zone. */
function checkSettings(patch: Partial<Settings>): void {
  const params: Record<string, string> = {};
  if (patch.notification_email !== undefined && patch.notification_email !== '') {
    if (!EMAIL.test(patch.notification_email))
      params.notification_email = 'must be empty or an e-mail address';
  }
  if (patch.timezone !== undefined && !isTimeZone(patch.timezone))
    params.timezone = 'must be an IANA time zone such as Europe/Paris';
  if (Object.keys(params).length > 0) throw invalidParams(params);
}

/** `/settings`: read (spec defaults) and validated partial update (PATCH, POST as an alias). */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_settings');
  const tags = ['settings'];

  app.get('/settings', { preHandler: manage, schema: { tags } }, async () => getSettings(ctx));

  const update = async (req: { body: unknown }) => {
    const patch = (req.body ?? {}) as Partial<Settings>;
    checkSettings(patch);
    return updateSettings(ctx, patch);
  };
  app.patch('/settings', { preHandler: manage, schema: { tags, body: settingsBody } }, update);
  app.post('/settings', { preHandler: manage, schema: { tags, body: settingsBody } }, update);
}
