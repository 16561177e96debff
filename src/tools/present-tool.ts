import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';

/** The tool object of the spec's Tool table (plus `output_schema` and `annotations`). */
export function presentTool(
  tool: ToolRecord,
  server: Pick<ServerRecord, 'uuid' | 'server_id'>,
): Record<string, unknown> {
  return {
    id: tool.id,
    uuid: tool.uuid,
    server_id: tool.server_id,
    name: tool.name,
    slug: tool.slug,
    description: tool.description,
    endpoint_url: tool.endpoint_url,
    http_method: tool.http_method,
    input_schema: tool.input_schema,
    output_schema: tool.output_schema,
    parameter_mapping: tool.parameter_mapping,
    response_mapping: tool.response_mapping,
    headers: tool.headers,
    body_template: tool.body_template ?? null,
    annotations: tool.annotations,
    cache_ttl: tool.cache_ttl,
    timeout: tool.timeout,
    rate_limit_per_min: tool.rate_limit_per_min,
    retry_count: tool.retry_count,
    retry_backoff: tool.retry_backoff,
    sort_order: tool.sort_order,
    status: tool.status,
    tags: tool.tags,
    last_tested_at: tool.last_tested_at,
    last_test_response_ms: tool.last_test_response_ms,
    server_uuid: server.uuid,
    server_hex: server.server_id,
    created_at: tool.created_at,
    updated_at: tool.updated_at,
  };
}
