import { performance } from 'node:perf_hooks';
import type { AppContext } from '../context.ts';
import { BuildError, buildRequest, type PreparedRequest } from './build-request.ts';
import { createMemoryResponseCache, responseCacheKey } from './cache.ts';
import { buildToolCallLogEntry, createSettingsCache } from './call-log.ts';
import { readOutputBudget } from './fit-output.ts';
import { isTextType, mapResponse } from './map-response.ts';
import { createOAuthTokenSource, PipelineFailure } from './outbound-auth.ts';
import { servedOutputSchema } from './output-schema.ts';
import { checkRateLimits } from './rate-limit.ts';
import { mediaType, viewResponse } from './request-view.ts';
import { type Attempt, runWithRetries } from './retry.ts';
import { createSender, SendError, type UpstreamResponse } from './send.ts';
import type {
  ExecutableTool,
  ExecuteRequest,
  ExecutionOutcome,
  Executor,
  ExecutorOptions,
  ExecutorPorts,
  FailureReason,
  OutboundRequestView,
} from './types.ts';
import { authenticate, createCredentialCache, UpstreamCall } from './upstream-call.ts';
import { createSchemaValidator, type SchemaValidator } from './validate-args.ts';

const NO_RESPONSE_DATA = { log_response_data: false };

type ExecutorContext = Pick<AppContext, 'config' | 'limiter' | 'callLogs' | 'metrics'>;

/**
 * The tool pipeline (DESIGN §7): validate → build → rate limit → cache → authenticate → send
 * with retries → map → call log. `execute` never throws: every failure is an outcome with a
 * reason, and every execution writes one call-log row through the batched writer.
 *
 * Hot-path note: tsx (how Toolgate runs) keeps function names by wrapping every named inner
 * function in `Object.defineProperty`, once per call of the outer function. The per-call code
 * below therefore uses module-level functions, class methods and unnamed arrows only.
 */
export function createExecutor(
  ctx: ExecutorContext,
  ports: ExecutorPorts,
  options: ExecutorOptions = {},
): Executor {
  const validator = createSchemaValidator();
  const sender = createSender({
    allowPrivate: ctx.config.upstreamAllowPrivate,
    maxResponseBytes: options.maxResponseBytes ?? 10 * 1024 * 1024,
    connectionsPerOrigin: options.connectionsPerOrigin ?? 64,
  });
  const tokens = createOAuthTokenSource(sender);
  const cache = createMemoryResponseCache(options.cacheMaxBytes ?? 64 * 1024 * 1024);
  const settings = createSettingsCache(ports.loadSettings, options.settingsTtlMs ?? 5_000);
  const credentials = createCredentialCache(ports.openCredentials);
  const retryTimes = {
    baseMs: options.retryBaseMs ?? 500,
    maxDelayMs: options.maxRetryDelayMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
  };

  async function run(req: ExecuteRequest, started: number): Promise<ExecutionOutcome> {
    const { tool, server } = req;
    const checked = validator.check(`tool:${tool.id}:${tool.updated_at}`, tool.input_schema, req.args ?? {});
    if (!checked.ok) return failure(started, 'invalid_arguments', checked.message);
    let prepared: PreparedRequest;
    try {
      prepared = buildRequest(tool, checked.args);
      if (req.traceHeaders) Object.assign(prepared.headers, req.traceHeaders);
    } catch (err) {
      if (err instanceof BuildError)
        return failure(started, 'invalid_arguments', `Cannot build the request: ${err.message}`);
      throw err;
    }

    // The memory limiter answers synchronously; only a remote one costs an await.
    const limited = checkRateLimits(ctx.limiter, tool);
    const refused = limited instanceof Promise ? await limited : limited;
    if (refused) {
      ctx.metrics?.recordRateLimitRejection({ server: server.name, tool: tool.name }, refused.scope);
      return failure(started, 'rate_limited', refused.message, { retryAfterMs: refused.retryAfterMs });
    }

    const { creds, identity } = credentials.open(server, req.useTestCredentials);
    const cacheable = prepared.method === 'GET' && tool.cache_ttl > 0;
    const cacheKey = cacheable ? responseCacheKey(prepared, identity) : '';
    const timeoutMs = (tool.timeout > 0 ? tool.timeout : 30) * 1000;

    if (cacheable && !req.skipCacheRead) {
      const hit = await cache.get(cacheKey);
      if (hit) {
        ctx.metrics?.recordCacheHit({ server: server.name, tool: tool.name });
        const { view } = authenticate(prepared, creds, '');
        return finish(req, hit, view, 0, true, started);
      }
    }

    const upstream = new UpstreamCall(prepared, creds, sender, tokens, req, timeoutMs);
    if (upstream.usesOAuth) {
      try {
        await upstream.authorize();
      } catch (err) {
        return failFromError(err, started);
      }
    }
    req.onLog?.('debug', {
      message: 'calling upstream',
      method: upstream.view.method,
      url: upstream.view.url,
    });
    req.onProgress?.(0, 1, 'Calling upstream');

    const retries = Math.max(0, tool.retry_count);
    let last: Attempt;
    let attempts: number;
    try {
      if (retries === 0) {
        // What runWithRetries does with no retries, without its policy object and loop.
        last = await upstream.attempt(1);
        attempts = 1;
      } else {
        ({ last, attempts } = await runWithRetries((n) => upstream.attempt(n), {
          retries,
          backoff: tool.retry_backoff ?? 'none',
          method: prepared.method,
          ...retryTimes,
          // The AbortSignal (made on demand) wakes a retry's sleep.
          ...(req.cancel ? { signal: req.cancel.signal } : {}),
        }));
      }
    } catch (err) {
      return failFromError(err, started, upstream.view);
    }
    attempts += upstream.extraSends;
    req.onProgress?.(1, 1, 'Upstream answered');
    if ('error' in last)
      return failure(started, last.error.reason, last.error.message, { outbound: upstream.view, attempts });
    const response = last.response;
    if (cacheable && response.status >= 200 && response.status <= 299 && !response.truncated)
      await cache.set(cacheKey, response, tool.cache_ttl * 1000);
    return finish(req, response, upstream.view, attempts, false, started);
  }

  function finish(
    req: ExecuteRequest,
    res: UpstreamResponse,
    outbound: OutboundRequestView,
    attempts: number,
    cached: boolean,
    started: number,
  ): ExecutionOutcome {
    const tool = req.tool;
    const bodyText = isTextType(mediaType(res)) ? res.body.toString('utf8') : undefined;
    const mapped = mapResponse(tool, res, {
      maxOutputBytes: ctx.config.maxOutputBytes,
      maxOutputTokens: readOutputBudget(tool, req.server.settings),
      args: req.args,
      checkOutput: outputChecker(validator, tool),
      bodyText,
    });
    const response = viewResponse(res, bodyText);
    const durationMs = Math.round(performance.now() - started);
    const done = { outbound, response, durationMs, attempts, cached, result: mapped.result };
    if (res.status < 200 || res.status > 299)
      return { ok: false, reason: 'http_status', message: `Upstream answered HTTP ${res.status}`, ...done };
    if (mapped.invalid) return { ok: false, reason: 'invalid_response', message: mapped.invalid, ...done };
    return { ok: true, ...done };
  }

  return {
    async execute(req) {
      const started = performance.now();
      let outcome: ExecutionOutcome;
      try {
        outcome = await run(req, started);
      } catch (err) {
        // A bug or an unreadable credential must still be an outcome, and must not leak secrets.
        const message = `Tool execution failed: ${(err as Error)?.message ?? 'unexpected error'}`;
        outcome = failure(started, 'network', message);
      }
      try {
        // Unreadable settings (database restarting) must not lose the row: it is written without response data then.
        const s = settings.current() ?? (await settings.get().catch(() => NO_RESPONSE_DATA));
        // Durable mode (TOOLGATE_CALL_LOG_DURABILITY=sync): the row is committed before the answer.
        const committed = ctx.callLogs.write(
          buildToolCallLogEntry(req, outcome, s, ctx.config.maxLoggedResponseBytes),
        );
        if (committed) await committed;
      } catch {
        // Logging must never turn a finished call into a failure (a failed batch is reported by the writer).
      }
      return outcome;
    },
    close: () => sender.close(),
  };
}

/** A failed outcome; `extra` adds what is known (the request sent, attempts, Retry-After). */
function failure(
  started: number,
  reason: FailureReason,
  message: string,
  extra: Partial<ExecutionOutcome> & { retryAfterMs?: number } = {},
): ExecutionOutcome {
  return {
    ok: false,
    reason,
    message,
    outbound: null,
    response: null,
    durationMs: Math.round(performance.now() - started),
    attempts: 0,
    cached: false,
    result: { content: [{ type: 'text', text: message }], isError: true },
    ...extra,
  };
}

function failFromError(err: unknown, started: number, outbound?: OutboundRequestView): ExecutionOutcome {
  const extra = outbound ? { outbound, attempts: 1 } : {};
  if (err instanceof SendError) return failure(started, err.reason, err.message, extra);
  if (err instanceof PipelineFailure) return failure(started, err.reason, err.message, extra);
  throw err;
}

/** Checks a value against the tool's output_schema: a reason, or null when it conforms. */
function outputChecker(
  validator: SchemaValidator,
  tool: ExecutableTool,
): (value: Record<string, unknown>) => string | null {
  return (value) => {
    if (!tool.output_schema) return null;
    const key = `output:${tool.id}:${tool.updated_at}`;
    // With `fields`, the answer is projected: so is the schema it is checked against (and served).
    const schema = tool.response_mapping?.fields?.length
      ? (servedOutputSchema(tool) ?? tool.output_schema)
      : tool.output_schema;
    const r = validator.check(key, schema, value, 'structured output');
    return r.ok ? null : r.message;
  };
}
