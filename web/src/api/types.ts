/** Records as the management API returns them (the fields the UI reads). */

export type Capability =
  | 'manage_options'
  | 'svc_manage_servers'
  | 'svc_manage_settings'
  | 'svc_view_analytics';

export interface Me {
  name: string;
  role: string;
  capabilities: Capability[];
  prefix: string;
}

export type ServerStatus = 'active' | 'paused' | 'draft';
export type InboundAuth = 'none' | 'bearer' | 'api-key' | 'basic' | 'oauth';
export type OutboundAuth = 'none' | 'bearer' | 'api-key' | 'basic' | 'oauth2-client-credentials';

export type ToolExposure = 'all' | 'discovery' | 'auto';

export interface Server {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  status: ServerStatus;
  auth_type: InboundAuth;
  auth_config: Record<string, unknown> | null;
  outbound_auth_type: OutboundAuth;
  outbound_auth_config: Record<string, unknown> | null;
  cors_origins: string | null;
  rate_limit_per_min: number;
  settings: { description?: string } & Record<string, unknown>;
  tool_exposure?: ToolExposure;
  /** Estimated tokens of tools/list: every tool listed, and in the mode served now. */
  tools_list_tokens?: { all: number; current: number; mode: 'all' | 'discovery' };
  endpoint_url: string;
  tool_count: number;
  prompt_count: number;
  resource_count: number;
  has_auth_credentials?: boolean;
  has_test_credentials?: boolean;
  /** Origins each credential set may be sent to; null while unbound (sent nowhere). */
  auth_credentials_origins?: string[] | null;
  test_auth_credentials_origins?: string[] | null;
  created_at: string;
  updated_at: string;
}

export type ToolStatus = 'draft' | 'active' | 'inactive';

export interface MappingEntry {
  target: string;
  key: string;
  style?: string;
}

export interface JsonSchemaProperty {
  type?: string | string[];
  description?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  items?: JsonSchemaProperty;
  minimum?: number;
  maximum?: number;
}

export interface InputSchema {
  type: 'object';
  properties?: Record<string, JsonSchemaProperty>;
  required?: string[];
}

export interface Tool {
  /** Estimated tokens of the definition tools/list serves. */
  token_estimate?: number;
  id: number;
  uuid: string;
  server_id: number;
  name: string;
  slug: string;
  description: string;
  endpoint_url: string;
  http_method: string;
  input_schema: InputSchema;
  parameter_mapping: Record<string, MappingEntry>;
  response_mapping: {
    selector?: string;
    format?: string;
    template?: string;
    /** JSONPath expressions of the parts of the answer kept (projection). */
    fields?: string[];
    /** How the operation pages (set by the importers). */
    pagination?: { param?: string; kind?: string; limit_param?: string };
  };
  /** Token budget of a result; null = the server's `settings.max_output_tokens`. */
  max_output_tokens?: number | null;
  headers: Record<string, string> | null;
  body_template?: string | null;
  output_schema?: Record<string, unknown> | null;
  annotations?: ({ title?: string } & Record<string, boolean | string | undefined>) | null;
  cache_ttl: number;
  timeout: number;
  rate_limit_per_min: number;
  retry_count: number;
  retry_backoff: string;
  sort_order: number;
  status: ToolStatus;
  tags: string[];
  last_tested_at: string | null;
  last_test_response_ms: number | null;
  server_uuid: string;
  created_at: string;
  updated_at: string;
  _notice?: string;
  _warnings?: string[];
}

export interface TestResult {
  outbound_request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: string | null;
  } | null;
  raw_response: { status_code: number; headers: Record<string, string>; body: string } | null;
  mcp_output: { content: Array<{ type: string; text?: string }>; isError: boolean };
  timing: { total_ms: number };
}

export interface Candidate {
  temp_id: string;
  name: string;
  slug: string;
  description: string;
  endpoint_url: string;
  http_method: string;
  input_schema: InputSchema;
  headers: Record<string, string> | null;
  tags: string[];
  security?: string[];
  /** Estimated tokens the tool would add to tools/list. */
  token_estimate?: number;
}

export interface ParseResponse {
  candidates: Candidate[];
  info: { title?: string; version?: string };
  warnings?: string[];
  _raw_spec?: string;
  auth_hint?: { type: string } | null;
  security_schemes?: Array<{ scheme: string; type: string; maps_to: string | null; note?: string }>;
  detected_credentials?: Array<{ type: string; source: string }>;
}

export interface CommitResponse {
  created: Array<{ tool_id: number; uuid: string; name: string; slug: string }>;
  skipped: Array<{ temp_id?: string; name: string; reason: string }>;
  failed: Array<{ temp_id?: string; name?: string; reason?: string; error?: string }>;
  auth_hint?: { type: string } | null;
  outbound_auth_type_set?: boolean;
  _notice?: string;
}

export interface Prompt {
  id: number;
  server_id: number;
  name: string;
  description: string;
  arguments: Array<{ name: string; description: string; required: boolean }>;
  template_content: string;
  created_at: string;
  updated_at: string;
}

export interface Resource {
  id: number;
  server_id: number;
  uri: string;
  name: string;
  description: string;
  mime_type: string;
  data_source_type: string;
  data_source_config: Record<string, unknown>;
  template_uri: string | null;
}

export interface CallLog {
  id: number;
  server_uuid: string | null;
  server_name: string | null;
  tool_name: string | null;
  method: string;
  /** MCP clientInfo.name, when the client sent one */
  client_name?: string | null;
  /** the client's family (claude, cursor, vscode, …) */
  client?: string | null;
  client_type: string;
  client_ip: string | null;
  session_id: string | null;
  request_args: unknown;
  response_status: 'success' | 'error';
  http_status: number | null;
  response_time_ms: number;
  error_message: string | null;
  response_data?: unknown;
  created_at: string;
}

export interface Settings {
  default_rate_limit: number;
  default_timeout: number;
  log_retention_days: number;
  analytics_retention_days: number;
  log_response_data: boolean;
  enable_health_checks: boolean;
  health_check_interval: number;
  notification_email: string;
  enable_email_alerts: boolean;
  usage_alert_threshold: number;
  keep_data_on_uninstall: boolean;
  timezone?: string;
}

export interface ApiKey {
  id: number;
  uuid: string;
  name: string;
  prefix: string;
  role: string;
  capabilities: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}
