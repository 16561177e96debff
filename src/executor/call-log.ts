import type { CallLogEntry } from '../analytics/call-log-writer.ts';
import type { AppContext } from '../context.ts';
import { getSettings, type Settings } from '../settings/settings.service.ts';
import type { ExecuteRequest, ExecutionOutcome } from './types.ts';

const SECRET_KEY =
  /pass(word|wd)?|token|secret|api[-_]?key|apikey|authorization|credential|private[-_]?key|session|cookie/i;
const REDACTED = '[redacted]';

/** A deep copy with values under secret-looking keys replaced by "[redacted]". */
function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(v, depth + 1);
  return out;
}

/**
 * Settings the hot path needs, read at most once per `ttlMs` (the first call waits; later ones
 * use the last value while a refresh runs), so a tool call never waits on a settings query.
 */
export function createSettingsCache(ctx: Pick<AppContext, 'store'>, ttlMs: number) {
  let value: Settings | undefined;
  let loadedAt = 0;
  let loading: Promise<Settings> | undefined;
  const load = () => {
    loading ??= getSettings(ctx)
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
    async get(): Promise<Settings> {
      return this.current() ?? load();
    },
    /** The loaded settings without an await (undefined before the first load), refreshing stale ones. */
    current(): Settings | undefined {
      if (value && Date.now() - loadedAt > ttlMs) void load().catch(() => undefined);
      return value;
    },
  };
}

/** The call-log row of one execution (DESIGN §3). */
export function buildCallLogEntry(
  req: ExecuteRequest,
  outcome: ExecutionOutcome,
  settings: Pick<Settings, 'log_response_data'>,
  maxLoggedResponseBytes: number,
): CallLogEntry {
  let responseData: string | null = null;
  if (settings.log_response_data && outcome.response && maxLoggedResponseBytes > 0) {
    const body = outcome.response.body;
    responseData =
      Buffer.byteLength(body) > maxLoggedResponseBytes
        ? Buffer.from(body).subarray(0, maxLoggedResponseBytes).toString('utf8')
        : body;
  }
  return {
    server_id: req.server.id,
    server_uuid: req.server.uuid,
    server_name: req.server.name,
    tool_id: req.tool.id,
    tool_name: req.tool.name,
    method: req.method ?? 'tools/call',
    client_type: req.clientType,
    client_name: req.clientName ?? null,
    client_ip: req.clientIp ?? null,
    session_id: req.sessionId ?? null,
    request_args: JSON.stringify(redactSecrets(req.args ?? {})),
    response_status: outcome.ok ? 'success' : 'error',
    http_status: outcome.response?.status_code ?? null,
    response_time_ms: Math.round(outcome.durationMs),
    error_message: outcome.ok ? null : outcome.message,
    response_data: responseData,
  };
}
