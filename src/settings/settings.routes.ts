import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import { hasCapability } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { settingsDocs } from './settings.schema.ts';
import { getSettings, presentSettings, type Settings, updateSettings } from './settings.service.ts';

/** `/settings`: read (spec defaults) and validated partial update (PATCH, POST as an alias). */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = requireCapability(ctx, 'svc_manage_settings');

  app.get('/settings', { preHandler: manage, schema: settingsDocs.get }, async () =>
    presentSettings(await getSettings(ctx)),
  );

  const update = async (req: FastifyRequest) => {
    const mayDeleteLogs = req.principal ? hasCapability(req.principal, 'manage_options') : false;
    return presentSettings(await updateSettings(ctx, (req.body ?? {}) as Partial<Settings>, mayDeleteLogs));
  };
  app.patch('/settings', { preHandler: manage, schema: settingsDocs.update }, update);
  app.post('/settings', { preHandler: manage, schema: settingsDocs.update }, update);
}
