import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import type { AppContext } from '../context.ts';
import { ApiError, invalidParams } from '../errors.ts';
import type { ExecutionOutcome } from '../executor/types.ts';
import { getServerItemOrThrow } from '../servers/servers.service.ts';
import { nowIso } from '../store/rows.ts';
import { type ToolRecord, updateToolRow } from '../store/tools.repo.ts';
import { toolParams } from './tools.schema.ts';
import { getToolOrThrow } from './tools.service.ts';

type Body = { arguments?: Record<string, unknown>; use_test_credentials?: boolean } | undefined;

const testToolBody = {
  type: ['object', 'null'],
  properties: {
    arguments: { type: 'object', description: 'tool arguments; keys must match input_schema.properties' },
    use_test_credentials: {
      type: 'boolean',
      description: 'true (default): test credentials, falling back to production ones; false: production',
    },
  },
} as const;

/** `POST /servers/{server_id}/tools/{id}/test`: runs an active tool live through the executor. */
export async function toolTestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/servers/:server_id/tools/:id/test',
    {
      preHandler: requireCapability(ctx, 'svc_manage_servers'),
      schema: { tags: ['tools'], params: toolParams, body: testToolBody },
    },
    async (req) => {
      const body = (req.body ?? {}) as NonNullable<Body>;
      const [server, tool] = await getServerItemOrThrow(ctx, req.params, getToolOrThrow);
      if (tool.status !== 'active')
        throw new ApiError(
          422,
          'svc_tool_not_testable',
          `The tool is ${tool.status}; only active tools can be tested.`,
        );
      const args = body.arguments ?? {};
      rejectUnknownArguments(tool, args);
      const outcome = await ctx.executor.execute({
        server,
        tool,
        args,
        useTestCredentials: body.use_test_credentials ?? true,
        clientType: 'admin_test',
        clientIp: req.ip,
        skipCacheRead: true,
      });
      if (outcome.ok)
        await updateToolRow(ctx.store.db, tool.id, {
          last_tested_at: nowIso(),
          last_test_response_ms: outcome.durationMs,
        });
      return presentTestResult(outcome);
    },
  );
}

/**
 * The spec's answer. A transport failure (timeout, network) and a call that never left
 * (invalid arguments, rate limit) show `outbound_request` and `raw_response` as null and
 * `total_ms` 0; the reason is in `mcp_output`.
 */
export function presentTestResult(outcome: ExecutionOutcome): Record<string, unknown> {
  const transportFailed = !outcome.ok && (outcome.reason === 'timeout' || outcome.reason === 'network');
  const answered = outcome.response !== null && !transportFailed;
  return {
    outbound_request: answered ? outcome.outbound : null,
    raw_response: answered ? outcome.response : null,
    mcp_output: {
      content: outcome.result.content,
      ...(outcome.result.structuredContent ? { structuredContent: outcome.result.structuredContent } : {}),
      isError: outcome.result.isError,
    },
    timing: { total_ms: answered ? Math.round(outcome.durationMs) : 0 },
  };
}

/** "keys must match input_schema.properties" unless the schema explicitly allows others. */
function rejectUnknownArguments(tool: ToolRecord, args: Record<string, unknown>): void {
  const schema = tool.input_schema as { properties?: unknown; additionalProperties?: unknown };
  if (!schema.properties || typeof schema.properties !== 'object') return;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return;
  const known = schema.properties as Record<string, unknown>;
  const unknown = Object.keys(args).filter((key) => !(key in known));
  if (unknown.length === 0) return;
  throw invalidParams(
    Object.fromEntries(unknown.map((key) => [`arguments.${key}`, 'is not a property of the input_schema'])),
  );
}
