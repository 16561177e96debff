import type { MethodHandler } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { negotiateVersion } from '../protocol.ts';
import { createSession, jsonLongerThan, MAX_CLIENT_CAPABILITIES_CHARS } from '../sessions.ts';

/** What every Toolgate server offers (the spec's initialize section, and docs/MCP.md). */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  logging: {},
  completions: {},
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const initialize: MethodHandler = async (params, call) => {
  if (typeof params.protocolVersion !== 'string')
    throw invalidParams('params.protocolVersion is required and must be a string');
  if (params.capabilities !== undefined && !isObject(params.capabilities))
    throw invalidParams('params.capabilities must be an object');
  if (params.capabilities !== undefined && jsonLongerThan(params.capabilities, MAX_CLIENT_CAPABILITIES_CHARS))
    throw invalidParams(
      `params.capabilities is too large: at most ${MAX_CLIENT_CAPABILITIES_CHARS} characters of JSON`,
    );
  if (params.clientInfo !== undefined && !isObject(params.clientInfo))
    throw invalidParams('params.clientInfo must be an object');
  const protocolVersion = negotiateVersion(params.protocolVersion);
  const info = (params.clientInfo ?? {}) as Record<string, unknown>;
  call.createdSession = await createSession(call.ctx, call.server, {
    protocolVersion,
    clientName: typeof info.name === 'string' ? info.name : null,
    clientVersion: typeof info.version === 'string' ? info.version : null,
    capabilities: (params.capabilities as Record<string, unknown> | undefined) ?? null,
    userUuid: call.caller?.userUuid ?? null,
  });
  return {
    protocolVersion,
    capabilities: SERVER_CAPABILITIES,
    serverInfo: { name: call.server.name, version: call.ctx.version },
  };
};

export const lifecycleMethods: Record<string, MethodHandler> = {
  initialize,
  ping: async () => ({}),
};
