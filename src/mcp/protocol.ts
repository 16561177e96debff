/** MCP protocol revisions this endpoint speaks, newest first. */
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export type ProtocolVersion = (typeof SUPPORTED_VERSIONS)[number];

export const LATEST_VERSION: ProtocolVersion = '2025-11-25';

/** The stateless 2026-07-28 revision, answered on the same endpoint (mcp/transport/era.ts). */
export const MODERN_VERSIONS = ['2026-07-28'] as const;
/** What `server/discover` and -32022 list: every revision this endpoint serves, newest first. */
export const ALL_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...SUPPORTED_VERSIONS];

/** `_meta` keys of the 2026-07-28 revision. */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

export function isSupportedVersion(v: unknown): v is ProtocolVersion {
  return typeof v === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(v);
}

/** Echo the client's version when supported, else answer the newest (basic/lifecycle). */
export function negotiateVersion(requested: unknown): ProtocolVersion {
  return isSupportedVersion(requested) ? requested : LATEST_VERSION;
}

/** JSON-RPC batches exist only in 2025-03-26. */
export function allowsBatches(version: string): boolean {
  return version === '2025-03-26';
}

/** SSE priming events (an id, empty data, `retry`) came with 2025-11-25; older clients choke on them. */
export function wantsPrimingEvent(version: string): boolean {
  return version >= '2025-11-25';
}

export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The stored log level of a session that never sent `logging/setLevel`: no log lines. A client
 * asks for them, as a 2026-07-28 request names `_meta` logLevel; a tools/call that wants neither
 * log lines nor progress is then answered as plain JSON (DECISIONS: JSON answers).
 */
export const NO_LOG_LINES = '';

export function isLogLevel(v: unknown): v is LogLevel {
  return typeof v === 'string' && (LOG_LEVELS as readonly string[]).includes(v);
}

/** True when a message at `level` passes the session's threshold. */
export function logLevelPasses(level: string, threshold: string): boolean {
  return LOG_LEVELS.indexOf(level as LogLevel) >= Math.max(0, LOG_LEVELS.indexOf(threshold as LogLevel));
}
