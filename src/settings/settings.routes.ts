import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { settingsDocs } from './settings.schema.ts';
import { getSettings, type Settings, updateSettings } from './settings.service.ts';

/** `/settings`: read (spec defaults) and validated partial update (PATCH, POST as an alias). */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_settings');

  app.get('/settings', { preHandler: manage, schema: settingsDocs.get }, async () => getSettings(ctx));

  const update = async (req: { body: unknown }) => updateSettings(ctx, (req.body ?? {}) as Partial<Settings>);
  app.patch('/settings', { preHandler: manage, schema: settingsDocs.update }, update);
  app.post('/settings', { preHandler: manage, schema: settingsDocs.update }, update);
}
