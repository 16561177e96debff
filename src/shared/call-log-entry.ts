import type { CallLogEntry } from '../analytics/call-log-writer.ts';
import type { Caller } from './caller.ts';

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

/**
 * The value with values under secret-looking keys replaced by "[redacted]": a copy of what
 * changes, and the value itself when nothing does (most arguments hold no secret, and copying
 * them on every call was a measurable part of a tool call's allocation). Anything but plain
 * objects and arrays is copied as before, as is an object with a `__proto__` key.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const redacted = redactSecrets(item, depth + 1);
      if (copy) copy.push(redacted);
      else if (redacted !== item) {
        copy = value.slice(0, i);
        copy.push(redacted);
      }
    }
    return copy ?? value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null;
  const keys = Object.keys(value);
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined = plain ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = source[key];
    const redacted = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1);
    if (!copy && (redacted !== item || key === '__proto__')) {
      copy = {};
      for (let k = 0; k < i; k++) copy[keys[k]!] = source[keys[k]!];
    }
    // A `__proto__` key sets the copy's prototype, as the copy always did (JSON then drops it).
    if (copy) copy[key] = redacted;
  }
  return copy ?? value;
}

/**
 * Arguments as stored: redacted JSON, or — past MAX_LOGGED_ARGS_CHARS — a valid JSON marker
 * `{"truncated":true,"original_length":N,"preview":"<start of the JSON text>"}` that fits the cap.
 */
export function serializeLoggedArgs(args: unknown): string | null {
  if (args === undefined) return null;
  return capLoggedArgs(JSON.stringify(redactSecrets(args)) ?? null);
}

/** Redacted arguments' JSON text as stored (see serializeLoggedArgs). */
export function capLoggedArgs(json: string | null): string | null {
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
  /** The signed-in person and OAuth client, when the call carries one. */
  caller?: Caller | null;
  /** The policies that permitted the call (none applied: absent). */
  policyIds?: readonly string[];
  /** The code-mode run the call belongs to (its own row, or one of its `api` calls). */
  runId?: string;
}

export interface CallLogResult {
  ok: boolean;
  error: string | null;
  httpStatus: number | null;
  durationMs: number;
  /** Already capped (capLoggedResponse), or null when response data is not logged. */
  responseData: string | null;
}

/** The call-log row of one call. */
export function buildCallLogEntry(
  subject: CallLogSubject,
  args: unknown,
  result: CallLogResult,
): CallLogEntry {
  return buildCallLogRow(subject, serializeLoggedArgs(args), result, null, null);
}

/**
 * The call-log row with its arguments already as stored (serializeLoggedArgs or capLoggedArgs)
 * and its token estimates (null: not metered).
 */
export function buildCallLogRow(
  subject: CallLogSubject,
  requestArgs: string | null,
  result: CallLogResult,
  argsTokens: number | null,
  resultTokens: number | null,
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
    user_uuid: subject.caller?.userUuid ?? null,
    oauth_client_id: subject.caller?.clientId ?? null,
    policy_ids: subject.policyIds?.length ? JSON.stringify(subject.policyIds) : null,
    run_id: subject.runId ?? null,
    request_args: requestArgs,
    response_status: result.ok ? 'success' : 'error',
    http_status: result.httpStatus,
    response_time_ms: Math.round(result.durationMs),
    error_message: result.error,
    response_data: result.responseData,
    args_tokens: argsTokens,
    result_tokens: resultTokens,
  };
}
