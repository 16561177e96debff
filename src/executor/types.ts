import type { OutboundCredentials, PerUserAuth, ResolvedCredentials } from '../servers/credentials.ts';
import type { Settings } from '../settings/settings.service.ts';
import type { Caller } from '../shared/caller.ts';
import type { Cancellation } from '../shared/cancellation.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import type { TraceHeaders } from '../tracing/trace-context.ts';

/** One MCP content block as tools/call returns it. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string; description?: string };

/** The MCP CallToolResult the pipeline produces (also the test endpoint's `mcp_output`). */
export interface ToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

/**
 * Why an execution failed. `invalid_response`: the upstream answered 2xx but the selected JSON
 * does not conform to the tool's `output_schema` (MCP requires conforming structuredContent).
 * `origin_not_allowed`: the server's credentials may not be sent to the tool's URL origin, so
 * nothing was sent. `async_protocol`: an upstream that answered `202 Accepted` could not be
 * followed (no `Location`, one on another origin): Toolgate cannot finish the call.
 * `cancelled`: the call was cancelled while it waited for an asynchronous upstream.
 */
export type FailureReason =
  | 'timeout'
  | 'network'
  | 'http_status'
  | 'rate_limited'
  | 'invalid_arguments'
  | 'invalid_response'
  | 'origin_not_allowed'
  /** A per-user server: the person must connect (or reconnect) their account; nothing was sent. */
  | 'connection_required'
  /** A per-user server without a person's credential to be had (no signed-in caller, exchange refused). */
  | 'credential_refused'
  | 'async_protocol'
  | 'cancelled';

export interface OutboundRequestView {
  method: string;
  url: string;
  /** Credential values masked. */
  headers: Record<string, string>;
  body: string | null;
}

export interface UpstreamResponseView {
  status_code: number;
  headers: Record<string, string>;
  /** Always a string (binary bodies base64). */
  body: string;
}

/** The answer as the executor hands it on: `body` decoded when first read. */
export interface UpstreamResponseReader extends UpstreamResponseView {
  /** The three fields as a plain object (the body decoded). */
  toJSON(): UpstreamResponseView;
}

/**
 * A tool as the executor takes it. `body_template` (column since migration 003) is a request
 * body with `{{var}}` placeholders; see build-request.ts.
 */
export type ExecutableTool = ToolRecord & { body_template?: string | null };

export interface ExecuteRequest {
  server: ServerRecord;
  tool: ExecutableTool;
  args: Record<string, unknown>;
  /** true: test credentials falling back to production ones; false: production (MCP path). */
  useTestCredentials: boolean;
  clientType: 'mcp' | 'admin_test';
  /** JSON-RPC method recorded in the call log (default `tools/call`). */
  method?: string;
  clientIp?: string;
  clientName?: string;
  sessionId?: string;
  /** The signed-in person behind an MCP call (a Toolgate-issued token); absent otherwise. */
  caller?: Caller | null;
  /** Log lines about the upstream call (MCP `notifications/message`). */
  onLog?: (level: 'debug' | 'info' | 'notice' | 'warning' | 'error', data: unknown) => void;
  /** Progress (MCP `notifications/progress`): called with progress/total as the call advances. */
  onProgress?: (progress: number, total?: number, message?: string) => void;
  /** Cancels the call (MCP `notifications/cancelled`, a closed request stream). */
  cancel?: Cancellation;
  /**
   * W3C trace context the upstream call continues (tracing/request-spans.ts `upstreamParent`): the
   * request's span when tracing is on, else the client's own from its headers or `_meta`.
   */
  traceHeaders?: TraceHeaders | null;
  /**
   * The bearer token the caller presented, for servers that exchange it (RFC 8693) for an
   * upstream token; never logged, never sent upstream as it is.
   */
  subjectToken?: string;
  /** The policies that permitted the call (recorded on its call-log row). */
  policyIds?: readonly string[];
  /** The code-mode run making this call (recorded on its call-log row). */
  runId?: string;
  /**
   * Estimated tokens the result may take, instead of the tool's budget: 0 for a program's `api`
   * call, whose answer stays inside the run (bounded in bytes there) unless the program returns it.
   */
  outputTokens?: number;
  /**
   * A long-running tool (tools/execution.ts): a `202 Accepted` answer is followed by polling its
   * `Location` until the upstream answers otherwise, within `maxWaitMs` (follow-accepted.ts).
   */
  poll?: { intervalMs: number; maxWaitMs: number };
  /** Called with the URL to poll as soon as it is known (a task keeps it to resume elsewhere). */
  onAccepted?: (pollUrl: string) => void | Promise<void>;
  /** Resume a call already accepted upstream: poll this URL instead of sending the request. */
  resumeAt?: string;
  /** Skip the cache lookup (the admin Test action always calls the upstream live). */
  skipCacheRead?: boolean;
}

interface OutcomeBase {
  /** null when no request was issued (validation failure, rate limit). */
  outbound: OutboundRequestView | null;
  response: UpstreamResponseReader | null;
  durationMs: number;
  attempts: number;
  cached: boolean;
  result: ToolResult;
}

export type ExecutionOutcome =
  | (OutcomeBase & { ok: true })
  | (OutcomeBase & { ok: false; reason: FailureReason; message: string; retryAfterMs?: number });

/** The tool pipeline shared by the test endpoint and MCP tools/call. */
export interface Executor {
  execute(request: ExecuteRequest): Promise<ExecutionOutcome>;
  close(): Promise<void>;
}

/** Tunables of one executor; defaults suit production, tests shrink the delays. */
export interface ExecutorOptions {
  /** Base delay of fixed/linear/exponential backoff (default 500 ms). */
  retryBaseMs?: number;
  /** Longest single backoff delay (default 30 s). */
  maxRetryDelayMs?: number;
  /** A `Retry-After` longer than this ends the retries instead of waiting (default 30 s). */
  maxRetryAfterMs?: number;
  /** Largest upstream body read (default 10 MiB); a larger one fails the call. */
  maxResponseBytes?: number;
  /** Byte cap of the in-memory response cache (default 64 MiB). */
  cacheMaxBytes?: number;
  /** How long settings read for the call log stay cached (default 5 s). */
  settingsTtlMs?: number;
  /** Keep-alive connections per upstream origin (default 64). */
  connectionsPerOrigin?: number;
}

/**
 * What the executor reads from the rest of the gateway, passed in (bootstrap.ts wires them) so
 * the executor never touches the store: the settings the call log needs, and a server's opened
 * outbound credentials.
 */
export interface ExecutorPorts {
  loadSettings(): Promise<Pick<Settings, 'log_response_data'>>;
  /**
   * Production credentials, or (`useTest`) test credentials falling back to production ones, with
   * the origins they may be sent to.
   */
  openCredentials(server: ServerRecord, useTest: boolean): ResolvedCredentials | null;
  /**
   * The credential of the person behind a call to a per-user server (connections/), fresh when
   * `force` (the upstream refused the last one). Throws a PipelineFailure (`connection_required`,
   * `credential_refused`) when there is none to be had. Absent: per-user servers are refused.
   */
  userCredential?(req: ExecuteRequest, auth: PerUserAuth, force: boolean): Promise<UserCredential>;
}

/** One person's credential for one call, and its identity (cache keys never cross people). */
export interface UserCredential {
  creds: OutboundCredentials;
  identity: string;
}
