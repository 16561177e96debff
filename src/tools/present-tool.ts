import { estimateTokens } from '../discovery/tokens.ts';
import { presentItem } from '../servers/server-items.service.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { presentMcpTool } from './mcp-view.ts';

/** The tool object of the spec's Tool table (plus `output_schema`, `annotations`, `body_template`). */
export function presentTool(
  tool: ToolRecord,
  server: Pick<ServerRecord, 'uuid' | 'server_id'>,
): Record<string, unknown> {
  return {
    ...presentItem(tool, server),
    body_template: tool.body_template ?? null,
    interaction: tool.interaction ?? null,
    execution: tool.execution ?? null,
    max_output_tokens: tool.max_output_tokens ?? null,
    risk: tool.risk ?? null,
    server_hex: server.server_id,
    // Estimated tokens of the tool's definition as tools/list serves it (issue 16).
    token_estimate: estimateTokens(presentMcpTool(tool)),
  };
}
