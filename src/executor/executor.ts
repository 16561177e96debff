import { performance } from 'node:perf_hooks';
import type { AppContext } from '../context.ts';
import type { OutboundCredentials, PerUserAuth } from '../servers/credentials.ts';
import { BuildError, buildRequest, type PreparedRequest } from './build-request.ts';
import { createMemoryResponseCache, responseCacheKey } from './cache.ts';
import { buildToolCallLogEntry, createSettingsCache, type LoggedSettings } from './call-log.ts';
import { describeRefusedArguments, findRefusedArguments } from './declared-args.ts';
import { readOutputBudget } from './fit-output.ts';
import { followAccepted } from './follow-accepted.ts';
import { mapResponse } from './map-response.ts';
import { createOAuthTokenSource, PipelineFailure } from './outbound-auth.ts';
import { servedOutputSchema } from './output-schema.ts';
import { checkRateLimits } from './rate-limit.ts';
import { BodyText, viewResponse } from './request-view.ts';
import { type Attempt, type RetryPolicy, runWithRetries } from './retry.ts';
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
import { authenticate, createCredentialCache, refuseOrigin, UpstreamCall } from './upstream-call.ts';
import { createSchemaValidator, type SchemaValidator } from './validate-args.ts';

const NO_RESPONSE_DATA = { log_response_data: false };

type ExecutorContext = Pick<AppContext, 'config' | 'limiter' | 'callLogs' | 'metrics'>;

/**
 * The tool pipeline: validate → build → rate limit → cache → authenticate → send
 * with retries → map → call log. `execute` never throws: every failure is an outcome with a
 * reason, and every execution writes one call-log row through the batched writer.
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

  /**
   * The call itself, one async function awaiting only real waits: the send, and the OAuth token,
   * the rate limit or the cache only when they are remote. (Node 20 allocates a frame and promises
   * per async function and per await; awaiting answers that are already there made a tools/call
   * allocate 21 % more than the earlier continuation style, measured with bench/alloc-probe.ts.)
   */
  async function run(req: ExecuteRequest, started: number): Promise<ExecutionOutcome> {
    const { tool, server } = req;
    // Undeclared arguments first: they could replace values the tool fixes (declared-args.ts).
    const refused = req.args ? findRefusedArguments(tool, req.args) : null;
    if (refused) return failure(started, 'invalid_arguments', describeRefusedArguments(refused));
    const checked = validator.check(validatorKey(tool), tool.input_schema, req.args ?? {});
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
    const checking = checkRateLimits(ctx.limiter, tool, perPerson(req));
    const limited = checking instanceof Promise ? await checking : checking;
    if (limited) {
      ctx.metrics?.recordRateLimitRejection({ server: server.name, tool: tool.name }, limited.scope);
      return failure(started, 'rate_limited', limited.message, { retryAfterMs: limited.retryAfterMs });
    }
    const opened = credentials.open(server, req.useTestCredentials);
    let { creds, identity } = opened;
    // Credentials go only to the origins they are bound to: checked before the cache, the OAuth
    // token and the send (docs/DECISIONS.md, credential origins).
    if (creds) {
      const refusal = refuseOrigin(opened, prepared.url.origin);
      if (refusal !== null) return failure(started, 'origin_not_allowed', refusal);
    }
    // A per-user server: this person's own credential, and a cache of their own.
    let renew: (() => Promise<OutboundCredentials>) | undefined;
    if (opened.perUser) {
      const perUser = creds as PerUserAuth;
      if (!ports.userCredential)
        return failure(started, 'credential_refused', 'Per-user credentials are not available here.');
      try {
        ({ creds, identity } = await ports.userCredential(req, perUser, false));
      } catch (err) {
        return failFromError(err, started);
      }
      renew = async () => (await ports.userCredential!(req, perUser, true)).creds;
    }
    const cacheKey =
      prepared.method === 'GET' && tool.cache_ttl > 0 ? responseCacheKey(prepared, identity) : null;
    if (cacheKey !== null && !req.skipCacheRead) {
      const hit = cache.get(cacheKey);
      if (hit) {
        ctx.metrics?.recordCacheHit({ server: server.name, tool: tool.name });
        return finish(req, hit, authenticate(prepared, creds, '').view, 0, true, started);
      }
    }

    const timeoutMs = (tool.timeout > 0 ? tool.timeout : 30) * 1000;
    const upstream = new UpstreamCall(prepared, creds, sender, tokens, req, timeoutMs, renew);
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
    let last: Attempt | undefined;
    let attempts = 0;
    // A task resuming an accepted call polls where it left off: the request is not sent again.
    if (!(req.resumeAt && req.poll)) {
      try {
        // Most tools have no retries: one attempt, no policy object and no loop.
        if (tool.retry_count > 0)
          ({ last, attempts } = await runWithRetries((n) => upstream.attempt(n), retryPolicy(upstream, req)));
        else [last, attempts] = [await upstream.attempt(1), 1];
      } catch (err) {
        return failFromError(err, started, upstream.view);
      }
      attempts += upstream.extraSends;
    }
    let followed = false;
    if (req.poll && (last === undefined || ('response' in last && last.response.status === 202))) {
      const polled = await followAccepted(upstream, req, last?.response, req.poll);
      attempts += polled.polls;
      followed = true;
      const known = { outbound: upstream.view, attempts };
      if ('protocol' in polled) return failure(started, 'async_protocol', polled.protocol, known);
      if ('cancelled' in polled) return failure(started, 'cancelled', 'The call was cancelled.', known);
      last = polled;
    }
    if (last === undefined) return failure(started, 'network', 'No request was sent.');
    req.onProgress?.(1, 1, 'Upstream answered');
    if ('error' in last)
      return failure(started, last.error.reason, last.error.message, { outbound: upstream.view, attempts });
    const response = last.response;
    if (
      cacheKey !== null &&
      !followed &&
      response.status >= 200 &&
      response.status <= 299 &&
      !response.truncated
    )
      cache.set(cacheKey, response, tool.cache_ttl * 1000);
    return finish(req, response, upstream.view, attempts, false, started);
  }

  function retryPolicy(upstream: UpstreamCall, req: ExecuteRequest): RetryPolicy {
    const policy: RetryPolicy = {
      retries: req.tool.retry_count,
      backoff: req.tool.retry_backoff ?? 'none',
      method: upstream.request.method,
      baseMs: retryTimes.baseMs,
      maxDelayMs: retryTimes.maxDelayMs,
      maxRetryAfterMs: retryTimes.maxRetryAfterMs,
    };
    // The AbortSignal (made on demand) wakes a retry's sleep.
    if (req.cancel) policy.signal = req.cancel.signal;
    return policy;
  }

  /**
   * Writes the call-log row: nothing to wait for when the settings are kept and the writer
   * batches; a promise when the settings must be read first or in durable mode.
   */
  function record(req: ExecuteRequest, outcome: ExecutionOutcome): undefined | Promise<unknown> {
    const kept = settings.current();
    if (kept === undefined)
      // Unreadable settings (database restarting) must not lose the row: it is written without response data then.
      return settings.load().then(
        (s) => writeRow(req, outcome, s),
        () => writeRow(req, outcome, NO_RESPONSE_DATA),
      );
    return writeRow(req, outcome, kept);
  }

  function writeRow(req: ExecuteRequest, outcome: ExecutionOutcome, s: LoggedSettings) {
    try {
      // Durable mode (TOOLGATE_CALL_LOG_DURABILITY=sync): the row is committed before the answer.
      const committed = ctx.callLogs.write(
        buildToolCallLogEntry(req, outcome, s, ctx.config.maxLoggedResponseBytes),
      );
      // Logging must never turn a finished call into a failure (a failed batch is reported by the writer).
      return committed?.catch(() => undefined);
    } catch {
      return undefined;
    }
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
    const text = new BodyText(res.body);
    const mapped = mapResponse(tool, res, {
      maxOutputBytes: ctx.config.maxOutputBytes,
      maxOutputTokens: req.outputTokens ?? readOutputBudget(tool, req.server.settings),
      args: req.args,
      checkOutput: tool.output_schema ? outputChecker(validator, tool) : NO_OUTPUT_CHECK,
      text,
    });
    const response = viewResponse(res, text);
    const durationMs = Math.round(performance.now() - started);
    const result = mapped.result;
    const httpFailure = res.status < 200 || res.status > 299;
    if (httpFailure || mapped.invalid)
      return {
        ok: false,
        reason: httpFailure ? 'http_status' : 'invalid_response',
        message: httpFailure ? `Upstream answered HTTP ${res.status}` : (mapped.invalid as string),
        outbound,
        response,
        durationMs,
        attempts,
        cached,
        result,
      };
    return { ok: true, outbound, response, durationMs, attempts, cached, result };
  }

  return {
    async execute(req) {
      const started = performance.now();
      let outcome: ExecutionOutcome;
      try {
        outcome = await run(req, started);
      } catch (err) {
        outcome = failedUnexpectedly(err, started);
      }
      const writing = record(req, outcome);
      if (writing) await writing;
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

/** The person a tool's limit counts for: set when the server counts tool limits per user. */
function perPerson(req: ExecuteRequest): string | undefined {
  if (!req.caller || req.server.settings.tool_limit_scope !== 'user') return undefined;
  return req.caller.userUuid;
}

/** A bug or an unreadable credential must still be an outcome, and must not leak secrets. */
function failedUnexpectedly(err: unknown, started: number): ExecutionOutcome {
  return failure(
    started,
    'network',
    `Tool execution failed: ${(err as Error)?.message ?? 'unexpected error'}`,
  );
}

/**
 * The validator cache key of a tool version, kept per tool record rather than built (and hashed
 * by the Map) on every call; checked against the record's id and updated_at in case it changed.
 */
const validatorKeys = new WeakMap<ExecutableTool, { id: number; updatedAt: string; key: string }>();

function validatorKey(tool: ExecutableTool): string {
  const kept = validatorKeys.get(tool);
  if (kept && kept.id === tool.id && kept.updatedAt === tool.updated_at) return kept.key;
  const key = `tool:${tool.id}:${tool.updated_at}`;
  validatorKeys.set(tool, { id: tool.id, updatedAt: tool.updated_at, key });
  return key;
}

function failFromError(err: unknown, started: number, outbound?: OutboundRequestView): ExecutionOutcome {
  const extra = outbound ? { outbound, attempts: 1 } : {};
  if (err instanceof SendError) return failure(started, err.reason, err.message, extra);
  if (err instanceof PipelineFailure) return failure(started, err.reason, err.message, extra);
  throw err;
}

/** The output check of a tool without output_schema (everything conforms). */
const NO_OUTPUT_CHECK = (): string | null => null;

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
