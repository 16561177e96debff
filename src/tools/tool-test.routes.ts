import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../auth/authorize.ts';
import { hasCapability, type Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden, invalidParams } from '../errors.ts';
import { findRefusedArguments } from '../executor/declared-args.ts';
import type { ExecutionOutcome } from '../executor/types.ts';
import { suggestField, unknownFieldMessage } from '../http/validation.ts';
import { personOf } from '../people/me.service.ts';
import { PER_USER_AUTH_TYPES } from '../servers/credentials.ts';
import { getServerItemOrThrow } from '../servers/servers.service.ts';
import { clientIp } from '../shared/client-ip.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { upstreamParent } from '../tracing/request-spans.ts';
import { testToolBody, toolDocs } from './tool-routes.schema.ts';
import { getToolOrThrow, recordToolTest } from './tools.service.ts';

const PER_USER_KINDS: Record<string, true> = Object.fromEntries(PER_USER_AUTH_TYPES.map((k) => [k, true]));

type Body = { arguments?: Record<string, unknown>; use_test_credentials?: boolean } | undefined;

/** `POST /servers/{server_id}/tools/{id}/test`: runs an active tool live through the executor. */
export async function toolTestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/servers/:server_id/tools/:id/test',
    {
      preHandler: requireCapability(ctx, 'svc_manage_servers'),
      schema: toolDocs.test,
    },
    async (req) => {
      const body = (req.body ?? {}) as NonNullable<Body> & Record<string, unknown>;
      const [server, tool] = await getServerItemOrThrow(ctx, req.params, getToolOrThrow);
      const useTestCredentials = body.use_test_credentials ?? true;
      refuseProductionCredentials(server, useTestCredentials, req.principal);
      rejectUnwrappedArguments(tool, body);
      if (tool.status !== 'active')
        throw new ApiError(
          'svc_tool_not_testable',
          `The tool is ${tool.status}; only active tools can be tested.`,
        );
      const args = body.arguments ?? {};
      rejectUnknownArguments(tool, args);
      // A per-user server's tools are tested with the tester's own connection, never anyone else's.
      const tester =
        server.outbound_auth_type in PER_USER_KINDS && req.principal?.userId
          ? { userUuid: (await personOf(ctx, req.principal)).uuid, clientId: null }
          : null;
      const outcome = await ctx.executor.execute({
        server,
        tool,
        args,
        useTestCredentials,
        caller: tester,
        clientType: 'admin_test',
        clientIp: clientIp(req.raw, ctx.config.trustProxy),
        skipCacheRead: true,
        traceHeaders: upstreamParent(req.raw, undefined),
      });
      if (outcome.ok) await recordToolTest(ctx, tool, outcome.durationMs);
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
    raw_response: answered && outcome.response ? outcome.response.toJSON() : null,
    mcp_output: {
      content: outcome.result.content,
      ...(outcome.result.structuredContent ? { structuredContent: outcome.result.structuredContent } : {}),
      isError: outcome.result.isError,
    },
    timing: { total_ms: answered ? Math.round(outcome.durationMs) : 0 },
  };
}

const BODY_FIELDS = new Set(Object.keys(testToolBody.properties));

/**
 * Fields beside `arguments` and `use_test_credentials` are 400 naming each. When they look like the
 * tool's arguments (properties of its input_schema, or any field while `arguments` is absent), the
 * message shows the wrapper they belong in: `{"id": 3}` → send `{"arguments": {"id": 3}}`.
 */
function rejectUnwrappedArguments(tool: ToolRecord, body: Record<string, unknown>): void {
  const extra = Object.keys(body).filter((key) => !BODY_FIELDS.has(key));
  if (extra.length === 0) return;
  const properties = (tool.input_schema as { properties?: unknown }).properties;
  const known = properties && typeof properties === 'object' ? (properties as Record<string, unknown>) : {};
  const fields = [...BODY_FIELDS];
  const misspelt = extra.filter((key) => !Object.hasOwn(known, key) && suggestField(key, fields));
  if (misspelt.length > 0)
    throw invalidParams(Object.fromEntries(extra.map((key) => [key, unknownFieldMessage(key, fields)])));
  const looksLikeArguments = body.arguments === undefined || extra.some((key) => Object.hasOwn(known, key));
  if (!looksLikeArguments)
    throw invalidParams(
      Object.fromEntries(
        extra.map((key) => [key, 'is not a field of the Test body (arguments, use_test_credentials)']),
      ),
    );
  // Key names only: a value could be a credential the caller meant to pass as an argument.
  const shown = extra.slice(0, 5).map((key) => `${JSON.stringify(key)}: …`);
  if (extra.length > 5) shown.push('…');
  throw invalidParams(
    Object.fromEntries(
      extra.map((key) => [key, `is not a field of the Test body; did you mean arguments.${key}?`]),
    ),
    `The tool's arguments go inside "arguments": send {"arguments": {${shown.join(', ')}}}.`,
  );
}

/**
 * The spec's "keys must match input_schema.properties", as the executor holds it on every path
 * (executor/declared-args.ts): 400 naming each refused argument rather than a tool error.
 */
function rejectUnknownArguments(tool: ToolRecord, args: Record<string, unknown>): void {
  const refused = findRefusedArguments(tool, args);
  if (!refused) return;
  throw invalidParams(
    Object.fromEntries(Object.entries(refused).map(([key, reason]) => [`arguments.${key}`, reason])),
  );
}

/**
 * A Test run that would send the server's production credentials (`use_test_credentials: false`,
 * or no test credentials to fall back from) is for keys that may read them (manage_options):
 * its raw response shows whatever the upstream echoes, the credentials included.
 */
function refuseProductionCredentials(
  server: ServerRecord,
  useTestCredentials: boolean,
  principal: Principal | undefined,
): void {
  if (principal && hasCapability(principal, 'manage_options')) return;
  if (server.auth_credentials === null) return;
  if (useTestCredentials && server.test_auth_credentials !== null) return;
  throw forbidden(
    useTestCredentials
      ? 'This server has no test credentials, so the Test would send its production credentials, which needs the manage_options capability; set test_auth_credentials to test with them.'
      : 'A Test with production credentials (use_test_credentials: false) needs the manage_options capability.',
  );
}
