import type { CallLogEntry } from '../analytics/call-log-writer.ts';
import { estimateContentTokens, estimateTokens } from '../discovery/tokens.ts';
import type { Settings } from '../settings/settings.service.ts';
import {
  buildCallLogRow,
  type CallLogSubject,
  capLoggedArgs,
  capLoggedResponse,
  redactSecrets,
} from '../shared/call-log-entry.ts';
import type { ExecuteRequest, ExecutionOutcome, ExecutorPorts } from './types.ts';

export type LoggedSettings = Pick<Settings, 'log_response_data'>;

/**
 * Settings the hot path needs, read at most once per `ttlMs`: the first call waits; later ones
 * get the last value while a refresh runs, so a tool call never waits on a settings query.
 * With `ttlMs` 0 every call waits for a fresh read.
 */
export function createSettingsCache(loadSettings: ExecutorPorts['loadSettings'], ttlMs: number) {
  let value: LoggedSettings | undefined;
  let loadedAt = 0;
  let loading: Promise<LoggedSettings> | undefined;
  const load = () => {
    loading ??= loadSettings()
      .then((s) => {
        value = s;
        loadedAt = Date.now();
        return s;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return {
    /** The kept settings (a stale value starts a refresh), or undefined when a call must wait. */
    current(): LoggedSettings | undefined {
      // ttlMs 0 turns the cache off: every call reads the settings it runs under.
      if (!value || ttlMs <= 0) return undefined;
      if (Date.now() - loadedAt > ttlMs) void load().catch(() => undefined);
      return value;
    },
    load,
  };
}

/** The call-log row of one execution, through the shared builder. */
export function buildToolCallLogEntry(
  req: ExecuteRequest,
  outcome: ExecutionOutcome,
  settings: LoggedSettings,
  maxLoggedResponseBytes: number,
): CallLogEntry {
  const subject: CallLogSubject = {
    server: req.server,
    toolId: req.tool.id,
    target: req.tool.name,
    method: req.method ?? 'tools/call',
    clientType: req.clientType,
    clientName: req.clientName ?? null,
    clientIp: req.clientIp ?? null,
    sessionId: req.sessionId ?? null,
    caller: req.caller ?? null,
    ...(req.policyIds ? { policyIds: req.policyIds } : {}),
    ...(req.runId ? { runId: req.runId } : {}),
  };
  const args = req.args ?? {};
  const redacted = redactSecrets(args);
  const json = JSON.stringify(redacted) ?? null;
  const result = {
    ok: outcome.ok,
    error: outcome.ok ? null : outcome.message,
    httpStatus: outcome.response?.status_code ?? null,
    durationMs: outcome.durationMs,
    responseData:
      settings.log_response_data && outcome.response
        ? capLoggedResponse(outcome.response.body, maxLoggedResponseBytes)
        : null,
  };
  // Token metering (issue 16): what the model sent and what it was given back. With nothing
  // redacted, the logged JSON is the arguments' own, so it is measured rather than made again.
  const argsTokens = estimateTokens(redacted === args ? json : args);
  return buildCallLogRow(
    subject,
    capLoggedArgs(json),
    result,
    argsTokens,
    estimateContentTokens(outcome.result.content),
  );
}
