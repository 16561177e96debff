import type { OutboundCredentials } from '../servers/credentials.ts';
import type { ParameterMappingEntry, ResponseMapping, ToolRecord } from '../store/tools.repo.ts';
import type { DocumentSecurity } from './openapi-security.ts';

/** A JSON Schema fragment as the importers build it. */
export type JsonSchema = Record<string, unknown>;

/**
 * One tool an importer proposes. The spec's candidate fields plus what a commit needs
 * (`parameter_mapping`, and the optional manifest-only fields).
 */
export interface Candidate {
  temp_id: string;
  name: string;
  slug: string;
  description: string;
  endpoint_url: string;
  http_method: string;
  input_schema: JsonSchema;
  parameter_mapping: Record<string, ParameterMappingEntry>;
  headers: Record<string, string> | null;
  tags: string[];
  /**
   * The operation in its document (OpenAPI, Postman): its operationId or item id and its route (the
   * path template as written). A tracked source keys its tools by it (src/sources/operation-key.ts).
   */
  operation?: { id?: string; method: string; path: string };
  /** OpenAPI: the security schemes the operation accepts, in the document's order (absent when none). */
  security?: string[];
  /** A body sent verbatim (a cURL `--json '{   }'`); see the executor's body templates. */
  body_template?: string;
  /** Manifest imports carry the rest of the tool as exported. */
  response_mapping?: ResponseMapping;
  timeout?: number;
  cache_ttl?: number;
  retry_count?: number;
  retry_backoff?: ToolRecord['retry_backoff'];
  rate_limit_per_min?: number;
  status?: ToolRecord['status'];
  sort_order?: number;
  /** Multi-round settings (manifests only). */
  interaction?: Record<string, unknown> | null;
  /** Long-running settings (manifests; OpenAPI proposes them for operations answering 202). */
  execution?: Record<string, unknown> | null;
  /** Token budget of a result (manifests only); null = the server's setting. */
  max_output_tokens?: number | null;
  /** The risk an operator set (manifests only); absent = derived. */
  risk?: 'read' | 'write' | 'destructive' | null;
  /** Manifests only: the declared output and the behaviour hints, as exported. */
  output_schema?: JsonSchema | null;
  annotations?: Record<string, unknown> | null;
}

/** A credential found in the imported document, with where it came from (no secret in `source`). */
export interface DetectedCredential {
  credentials: OutboundCredentials;
  /** e.g. `header Authorization`, `-u`, `query key`, `collection auth`. */
  source: string;
}

export interface ParseResult {
  candidates: Candidate[];
  info: { title: string; version: string };
  credentials?: DetectedCredential[];
  /** Things the operator should know (ignored options, file uploads turned into text…). */
  warnings?: string[];
  /** OpenAPI: the document's security schemes and what they map to. */
  security?: DocumentSecurity;
}

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Parameter-mapping key meaning "this argument is the whole request body" (raw or non-object bodies). */
export const WHOLE_BODY_KEY = '$';
