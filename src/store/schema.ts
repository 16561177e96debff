import type { Generated } from 'kysely';

/*
 * Column types as both databases store them. JSON columns are TEXT on both (parsed in the
 * repositories), booleans are 0/1 integers, timestamps are ISO 8601 UTC strings with `Z`
 * (they sort and compare as text on both). Counts coming back from PostgreSQL as strings are
 * turned into numbers by `toInt` in rows.ts.
 */

export interface ServersTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  name: string;
  slug: string;
  server_id: string;
  status: string;
  transport_type: string;
  auth_type: string;
  auth_config: string | null;
  outbound_auth_type: string;
  outbound_auth_config: string | null;
  auth_credentials: string | null;
  test_auth_credentials: string | null;
  /** JSON array of the origins each credential set may be sent to (migration 008); null = unbound. */
  auth_credentials_origins: string | null;
  test_auth_credentials_origins: string | null;
  cors_origins: string | null;
  rate_limit_per_min: number;
  settings: string;
  /** `all` | `discovery` | `auto` (migration 005). */
  tool_exposure: string;
  /** JSON `{ users: uuid[], groups: uuid[] }`: who may use the server when it signs people in; null = everyone signed in (migration 010). */
  access_list: string | null;
  created_at: string;
  updated_at: string;
}

export interface ToolsTable {
  id: Generated<number>;
  uuid: string;
  server_id: number;
  name: string;
  slug: string;
  description: string;
  endpoint_url: string;
  http_method: string;
  input_schema: string;
  output_schema: string | null;
  parameter_mapping: string;
  response_mapping: string;
  headers: string | null;
  /** Request body with `{{var}}` placeholders; null = body built from mappings. */
  body_template: string | null;
  /** JSON: multi-round settings (migration 004); null = defaults. */
  interaction: string | null;
  /** Token budget of a result (migration 006); null = the server's `settings.max_output_tokens`. */
  max_output_tokens: number | null;
  /** `read`, `write` or `destructive` when an operator set it; null: from method and annotations (migration 012). */
  risk: string | null;
  /** JSON: long-running settings (migration 017, src/tools/execution.ts); null = an ordinary call. */
  execution: string | null;
  annotations: string | null;
  cache_ttl: number;
  timeout: number;
  rate_limit_per_min: number;
  retry_count: number;
  retry_backoff: string;
  sort_order: number;
  status: string;
  tags: string;
  last_tested_at: string | null;
  last_test_response_ms: number | null;
  created_at: string;
  updated_at: string;
}

export interface PromptsTable {
  id: Generated<number>;
  server_id: number;
  name: string;
  description: string;
  arguments: string;
  template_content: string;
  created_at: string;
  updated_at: string;
}

export interface ResourcesTable {
  id: Generated<number>;
  server_id: number;
  uri: string;
  name: string;
  description: string;
  mime_type: string;
  data_source_type: string;
  data_source_config: string;
  template_uri: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  prefix: string;
  key_hash: string;
  role: string;
  capabilities: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  /** The owner (migration 009); null = a key of no person (its own capabilities only). */
  user_id: number | null;
}

/** People who sign in (migration 009). `email` is stored lower-case. */
export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  email: string;
  display_name: string;
  /** `scrypt$15$8$1$<salt>$<hash>`; null = signs in only through the IdP. */
  password_hash: string | null;
  /** administrator | editor | analyst | settings, or null (capabilities from groups only). */
  role: string | null;
  /** The IdP's `sub`, unique. */
  external_subject: string | null;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserGroupsTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  role: string | null;
  /** The IdP claim value that makes a user a member. */
  idp_group: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserGroupMembersTable {
  group_id: number;
  user_id: number;
}

/** Admin UI sessions: the cookie secret and CSRF token are stored only as SHA-256 hashes. */
export interface WebSessionsTable {
  id: Generated<number>;
  uuid: string;
  token_hash: string;
  csrf_token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  revoked_at: string | null;
}

/** oidc-provider's adapter records (models by `kind`), JSON payloads. */
export interface OauthRecordsTable {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface OptionsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface CallLogsTable {
  id: Generated<number>;
  server_id: number | null;
  server_uuid: string | null;
  server_name: string;
  tool_id: number | null;
  tool_name: string;
  method: string;
  client_type: string;
  client_name: string | null;
  client_ip: string | null;
  session_id: string | null;
  /** The signed-in person (users.uuid, kept after the user is deleted) and OAuth client (migration 010). */
  user_uuid: string | null;
  oauth_client_id: string | null;
  /** JSON array of the policies that permitted the call (migration 014); null when none applied. */
  policy_ids: string | null;
  /** The code-mode run an `api` call was made by (migration 016): the run's own row and its calls share it. */
  run_id: string | null;
  request_args: string | null;
  response_status: string;
  http_status: number | null;
  response_time_ms: number;
  error_message: string | null;
  response_data: string | null;
  /** Estimated tokens of the arguments and of the returned content (migration 005). */
  args_tokens: number | null;
  result_tokens: number | null;
  created_at: string;
}

export interface AnalyticsDailyTable {
  day: string;
  server_id: number;
  tool_id: number;
  calls: number;
  errors: number;
  total_ms: number;
  updated_at: string;
}

/** The site-wide hourly rollup with its latency histogram (migration 007); `b00` … `b63` are bucket counts. */
export type AnalyticsHourlyTable = {
  hour: string;
  calls: number;
  errors: number;
  total_ms: number;
  min_ms: number | null;
  max_ms: number | null;
  updated_at: string;
} & { [bucket: `b${number}`]: number };

export interface McpSessionsTable {
  id: string;
  server_id: number;
  protocol_version: string;
  client_name: string | null;
  client_version: string | null;
  client_capabilities: string | null;
  log_level: string;
  subscriptions: string;
  /** The signed-in person who opened the session (migration 010); only they may use it. */
  user_uuid: string | null;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
}

/** Redeemed `requestState` nonces (migration 004): a second redemption is a replay. */
export interface McpRequestStatesTable {
  nonce: string;
  expires_at: string;
}

/** The token vault (migration 011): one person's connection to one server's upstream provider. */
export interface ConnectionsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  server_id: number;
  user_uuid: string;
  server_uuid: string;
  /** Identity of the provider configuration the tokens were issued under (a hash, no secret). */
  provider: string;
  /** `connected` or `needs_consent`. */
  status: string;
  /** Sealed JSON `{access_token, refresh_token?, token_type?}`; null once they are dropped. */
  tokens: string | null;
  scope: string | null;
  expires_at: string | null;
  /** Held by the one instance refreshing the tokens now. */
  refreshing_until: string | null;
  last_error: string | null;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Single-use consent links (migration 011): only the link secret's hash is kept. */
export interface ConnectLinksTable {
  token_hash: string;
  user_id: number;
  server_id: number;
  /** `issued` → `started` (sent to the provider) → `done`. */
  stage: string;
  /** The OAuth `state` sent to the provider, once started. */
  state: string | null;
  /** Sealed JSON of the started flow (PKCE verifier, nonce). */
  flow: string | null;
  created_at: string;
  expires_at: string;
}

/** Cedar policies per server (null: global), migration 012. */
export interface PoliciesTable {
  id: Generated<number>;
  uuid: string;
  server_id: number | null;
  name: string;
  description: string;
  text: string;
  /** 1 or 0 (SQLite has no boolean). */
  enabled: number;
  version: number;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Every saved state of a policy (migration 012): who changed what, when. */
export interface PolicyVersionsTable {
  policy_uuid: string;
  version: number;
  /** `created`, `updated` or `deleted`. */
  change: string;
  name: string;
  text: string;
  enabled: number;
  changed_by: string | null;
  changed_at: string;
}

/** The hash-chained audit trail (migration 013); JSON columns are text. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** `user` | `key` | `system` | `mcp`. */
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  server_uuid: string | null;
  tool: string | null;
  arguments: string | null;
  /** `permit` | `forbid` | `ask` | `approved` | `denied`, or null. */
  decision: string | null;
  policy_ids: string | null;
  detail: string | null;
  prev_hash: string;
  hash: string;
}

export interface ApprovalsTable {
  id: Generated<number>;
  uuid: string;
  server_id: number;
  tool_id: number;
  /** `user:<uuid>`, or `shared` when the server has no sign-in. */
  principal: string;
  user_uuid: string | null;
  group_uuid: string;
  /** sha256 of server, tool, principal and the canonical arguments: a retry finds its approval. */
  call_hash: string;
  arguments_sealed: string;
  arguments_shown: string;
  reason: string;
  policy_ids: string;
  /** `pending` | `approved` | `denied` | `expired`. */
  status: string;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  note: string | null;
  used_at: string | null;
}

/**
 * MCP tasks (issue 38, the Tasks extension): a long-running tool call any instance can answer for.
 * `phase` is where its work stands (src/tasks/README.md); `lease_*` which instance works on it.
 */
export interface TasksTable {
  id: Generated<number>;
  task_id: string;
  server_id: number;
  tool_id: number | null;
  tool_slug: string;
  /** The signed-in person who created it (their UUID); null when the server knows no person. */
  owner: string | null;
  /** `working` | `input_required` | `completed` | `failed` | `cancelled` (the wire's status). */
  status: string;
  status_message: string | null;
  /** `asking` | `ready` | `calling` | `polling` | `done`. */
  phase: string;
  /** Sealed JSON: the call (arguments, caller, client) — arguments may be personal. */
  request_sealed: string;
  /** JSON: outstanding input requests by key (status input_required). */
  input_requests: string | null;
  /** Sealed JSON: the answers received so far, by key. */
  input_responses_sealed: string | null;
  /** The URL the upstream named to poll (202 + Location), same origin as the call. */
  poll_url: string | null;
  /** Sealed JSON: the CallToolResult (completed) — an answer may hold personal data. */
  result_sealed: string | null;
  /** JSON: the JSON-RPC error (failed). */
  error: string | null;
  cancel_requested: number;
  ttl_ms: number;
  poll_interval_ms: number;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** A tracked import source (issue 39, migration 018): where an import's document comes from. */
export interface SourcesTable {
  id: Generated<number>;
  uuid: string;
  server_id: number;
  /** `openapi` | `postman` | `manifest`. */
  kind: string;
  /** `url` (fetched again on each check) | `text` (the stored `document`). */
  origin: string;
  url: string | null;
  /** The document as last applied, for `text` sources; null for `url` ones. */
  document: string | null;
  /** The import's `base_url`, used again on every re-read. */
  base_url: string | null;
  /** Status of tools a sync adds: `draft` | `active`. */
  imported_status: string;
  title: string;
  doc_version: string;
  /** sha256 of the document as last applied. */
  content_hash: string;
  /** Validators of the document as last applied (conditional GET). */
  etag: string | null;
  last_modified: string | null;
  /** Minutes between scheduled checks; null = off. */
  schedule_minutes: number | null;
  /** Bumped by every apply: a plan computed against an older version is stale. */
  version: number;
  last_checked_at: string | null;
  /** `unchanged` | `not_modified` | `changed` | `error`. */
  last_check_status: string | null;
  last_check_error: string | null;
  last_applied_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One operation of a tracked source: its stable key and the candidate as last applied. */
export interface SourceOperationsTable {
  id: Generated<number>;
  source_id: number;
  /** The tool it became; null when excluded or the tool was deleted. */
  tool_id: number | null;
  /** `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path with {}>`. */
  op_key: string;
  operation_id: string | null;
  method: string;
  /** The path template with parameter names normalised to `{}`. */
  path: string;
  /** JSON: the synced fields as last applied (the merge base); null when excluded. */
  base: string | null;
  /** 1 when deselected at import (or skipped): never proposed as new. */
  excluded: number;
  /** Set when the operation left the document and the operator kept (flagged or deactivated) the tool. */
  removed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A plan a re-read of a source produced, with the versions it was computed against. */
export interface SourcePlansTable {
  id: Generated<number>;
  uuid: string;
  source_id: number;
  source_version: number;
  /** `open` | `applied` | `superseded`. */
  status: string;
  /** `manual` | `scheduled`. */
  trigger: string;
  /** JSON: the plan (entries, per-field base/ours/theirs, the candidates it applies). */
  plan: string;
  /** The new document text for `text` sources (stored on apply); null for `url` ones. */
  document: string | null;
  content_hash: string;
  etag: string | null;
  last_modified: string | null;
  created_at: string;
  applied_at: string | null;
  applied_by: string | null;
}

export interface Database {
  servers: ServersTable;
  tools: ToolsTable;
  prompts: PromptsTable;
  resources: ResourcesTable;
  api_keys: ApiKeysTable;
  options: OptionsTable;
  call_logs: CallLogsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_hourly: AnalyticsHourlyTable;
  mcp_sessions: McpSessionsTable;
  mcp_request_states: McpRequestStatesTable;
  users: UsersTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  web_sessions: WebSessionsTable;
  oauth_records: OauthRecordsTable;
  connections: ConnectionsTable;
  connect_links: ConnectLinksTable;
  policies: PoliciesTable;
  policy_versions: PolicyVersionsTable;
  audit_log: AuditLogTable;
  approvals: ApprovalsTable;
  tasks: TasksTable;
  sources: SourcesTable;
  source_operations: SourceOperationsTable;
  source_plans: SourcePlansTable;
}
