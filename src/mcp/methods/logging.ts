import type { CallContext, MethodHandler } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { isLogLevel, LOG_LEVELS, logLevelPasses } from '../protocol.ts';
import { saveSessionLogLevel } from '../sessions.ts';

const setLevel: MethodHandler = async (params, call) => {
  if (!isLogLevel(params.level)) throw invalidParams(`level must be one of: ${LOG_LEVELS.join(', ')}`);
  if (call.session) {
    await saveSessionLogLevel(call.ctx, call.session.id, params.level);
    call.session.log_level = params.level;
  }
  return {};
};

/** The level a call's log lines must reach, or undefined when it gets none. */
export function logLevelOf(call: CallContext): string | undefined {
  // 2026-07-28: only requests that set `_meta` logLevel get log lines, at that level.
  return (call.modern ? call.modern.logLevel : call.session?.log_level) || undefined;
}

/** Sends `notifications/message` on the request's stream when the level passes the session's. */
export function sendLog(call: CallContext, level: string, data: unknown): void {
  const threshold = logLevelOf(call);
  if (!threshold || !logLevelPasses(level, threshold)) return;
  call.notify('notifications/message', { level, logger: 'toolgate', data });
}

export const loggingMethods: Record<string, MethodHandler> = {
  'logging/setLevel': setLevel,
};
