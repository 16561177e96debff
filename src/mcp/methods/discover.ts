import type { MethodHandler } from '../call-context.ts';
import { ALL_VERSIONS, META_SERVER_INFO } from '../protocol.ts';
import { TASKS_EXTENSION } from '../tasks/wire.ts';
import { SERVER_CAPABILITIES } from './lifecycle.ts';

/** 2026-07-28 adds the extensions served: Tasks (SEP-2663). */
const MODERN_CAPABILITIES = { ...SERVER_CAPABILITIES, extensions: { [TASKS_EXTENSION]: {} } };

/** `server/discover` (2026-07-28): versions, capabilities and identity; caching hints added by the caller. */
const discover: MethodHandler = async (_params, call) => ({
  supportedVersions: ALL_VERSIONS,
  capabilities: MODERN_CAPABILITIES,
  ...(call.server.settings.instructions && typeof call.server.settings.instructions === 'string'
    ? { instructions: call.server.settings.instructions }
    : {}),
  _meta: { [META_SERVER_INFO]: { name: call.server.name, version: call.ctx.version } },
});

export const discoverMethods: Record<string, MethodHandler> = {
  'server/discover': discover,
};
