import type { CallLogEntry } from '../analytics/call-log-writer.ts';

/*
 * The one builder of call-log rows, for tool calls (executor), prompt and resource reads (MCP
 * methods): one redaction rule for arguments and one size rule that keeps `request_args` valid
 * JSON.
 */

const SECRET_KEY =
  /pass(word|wd)?|token|secret|api[-_]?key|apikey|authorization|credential|private[-_]?key|session|cookie/i;
const REDACTED = '[redacted]';
/** `request_args` longer than this (characters of JSON) are stored as a truncation marker. */
export const MAX_LOGGED_ARGS_CHARS = 10_000;
const MAX_NAME_CHARS = 500;

/** A deep copy with values under secret-looking keys replaced by "[redacted]". */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(v, depth + 1);
  return out;
}

/**
 * Arguments as stored: redacted JSON, or — past MAX_LOGGED_ARGS_CHARS — a valid JSON marker
 * `{"truncated":true,"original_length":N,"preview":"<start of the JSON text>"}` that fits the cap.
 */
export function serializeLoggedArgs(args: unknown): string | null {
  if (args === undefined) return null;
  const json = JSON.stringify(redactSecrets(args)) ?? null;
  if (json === null || json.length <= MAX_LOGGED_ARGS_CHARS) return json;
  // JSON text holds no raw control characters, so escaping it at most doubles its length.
  const preview = json.slice(0, (MAX_LOGGED_ARGS_CHARS - 100) >> 1);
  return JSON.stringify({ truncated: true, original_length: json.length, preview });
}

/** An upstream body cut to `maxBytes` of UTF-8 (a character split by the cut is dropped). */
export function capLoggedResponse(body: string, maxBytes: number): string | null {
  if (maxBytes <= 0) return null;
  // A UTF-16 unit is at most 3 bytes of UTF-8: short bodies skip the byte count.
  if (body.length * 3 <= maxBytes || Buffer.byteLength(body) <= maxBytes) return body;
  // A streaming decode holds back the bytes of a character the cut split instead of emitting U+FFFD.
  return new TextDecoder().decode(Buffer.from(body).subarray(0, maxBytes), { stream: true });
}

/** Who called what: the fields every call-log row names. */
export interface CallLogSubject {
  server: { id: number; uuid: string; name: string };
  /** The tool's id; null for prompts and resources. */
  toolId: number | null;
  /** The tool or prompt name, or the resource URI. */
  target: string;
  method: string;
  clientType: 'mcp' | 'admin_test';
  clientName: string | null;
  clientIp: string | null;
  sessionId: string | null;
}

export interface CallLogResult {
  ok: boolean;
  error: string | null;
  httpStatus: number | null;
  durationMs: number;
  /** Already capped (capLoggedResponse), or null when response data is not logged. */
  responseData: string | null;
}

/** The call-log row of one call (DESIGN §3). */
export function buildCallLogEntry(
  subject: CallLogSubject,
  args: unknown,
  result: CallLogResult,
): CallLogEntry {
  return {
    server_id: subject.server.id,
    server_uuid: subject.server.uuid,
    server_name: subject.server.name,
    tool_id: subject.toolId,
    tool_name: subject.target.slice(0, MAX_NAME_CHARS),
    method: subject.method,
    client_type: subject.clientType,
    client_name: subject.clientName,
    client_ip: subject.clientIp,
    session_id: subject.sessionId,
    request_args: serializeLoggedArgs(args),
    response_status: result.ok ? 'success' : 'error',
    http_status: result.httpStatus,
    response_time_ms: Math.round(result.durationMs),
    error_message: result.error,
    response_data: result.responseData,
  };
}
