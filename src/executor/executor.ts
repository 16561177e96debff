import { performance } from 'node:perf_hooks';
import type { AppContext } from '../context.ts';
import { type OutboundCredentials, resolveCredentials } from '../servers/credentials.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { BuildError, buildRequest, type PreparedRequest } from './build-request.ts';
import { createMemoryResponseCache, responseCacheKey } from './cache.ts';
import { buildCallLogEntry, createSettingsCache } from './call-log.ts';
import { mapResponse } from './map-response.ts';
import {
  applyCredentials,
  createOAuthTokenSource,
  credentialIdentity,
  PipelineFailure,
} from './outbound-auth.ts';
import { checkRateLimits } from './rate-limit.ts';
import { viewRequest, viewResponse } from './request-view.ts';
import { type Attempt, runWithRetries } from './retry.ts';
import { createSender, SendError, type UpstreamResponse } from './send.ts';
import type {
  ExecuteRequest,
  ExecutionOutcome,
  Executor,
  ExecutorOptions,
  FailureReason,
  OutboundRequestView,
  ToolResult,
} from './types.ts';
import { createSchemaValidator } from './validate-args.ts';

type ExecutorContext = Pick<AppContext, 'config' | 'store' | 'secrets' | 'limiter' | 'callLogs' | 'metrics'>;

/**
 * The tool pipeline (DESIGN §7): validate → build → rate limit → cache → authenticate → send
 * with retries → map → call log. `execute` never throws: every failure is an outcome with a
 * reason, and every execution writes one call-log row through the batched writer.
 */
export function createExecutor(ctx: ExecutorContext, options: ExecutorOptions = {}): Executor {
  const validator = createSchemaValidator();
  const sender = createSender({
    allowPrivate: ctx.config.upstreamAllowPrivate,
    maxResponseBytes: options.maxResponseBytes ?? 10 * 1024 * 1024,
    connectionsPerOrigin: options.connectionsPerOrigin ?? 64,
  });
  const tokens = createOAuthTokenSource(sender);
  const cache = createMemoryResponseCache(options.cacheMaxBytes ?? 64 * 1024 * 1024);
  const settings = createSettingsCache(ctx, options.settingsTtlMs ?? 5_000);
  // Decrypting and hashing credentials on every call is measurable; the sealed envelopes are the
  // key, so changed credentials are picked up at once.
  const opened = new Map<string, { creds: OutboundCredentials | null; identity: string }>();

  function credentialsFor(server: ServerRecord, useTest: boolean) {
    const key = `${useTest ? 't' : 'p'}|${server.uuid}|${server.auth_credentials}|${useTest ? server.test_auth_credentials : ''}`;
    let hit = opened.get(key);
    if (!hit) {
      const creds = resolveCredentials(ctx.secrets, server, useTest);
      hit = { creds, identity: credentialIdentity(creds) };
      if (opened.size >= 1_000) opened.delete(opened.keys().next().value as string);
      opened.set(key, hit);
    }
    return hit;
  }

  async function run(req: ExecuteRequest, started: number): Promise<ExecutionOutcome> {
    const { tool, server } = req;
    const elapsed = () => Math.round(performance.now() - started);
    const fail = (
      reason: FailureReason,
      message: string,
      extra: Partial<ExecutionOutcome> & { retryAfterMs?: number } = {},
    ): ExecutionOutcome => ({
      ok: false,
      reason,
      message,
      outbound: null,
      response: null,
      durationMs: elapsed(),
      attempts: 0,
      cached: false,
      result: { content: [{ type: 'text', text: message }], isError: true },
      ...extra,
    });

    const checked = validator.check(`tool:${tool.id}:${tool.updated_at}`, tool.input_schema, req.args ?? {});
    if (!checked.ok) return fail('invalid_arguments', checked.message);
    let prepared: PreparedRequest;
    try {
      prepared = buildRequest(tool, checked.args);
    } catch (err) {
      if (err instanceof BuildError)
        return fail('invalid_arguments', `Cannot build the request: ${err.message}`);
      throw err;
    }

    const refused = await checkRateLimits(ctx.limiter, server, tool);
    const labels = { server: server.name, tool: tool.name };
    if (refused) ctx.metrics?.recordRateLimitRejection(labels, refused.scope);
    if (refused) return fail('rate_limited', refused.message, { retryAfterMs: refused.retryAfterMs });

    const { creds, identity } = credentialsFor(server, req.useTestCredentials);
    const cacheable = prepared.method === 'GET' && tool.cache_ttl > 0;
    const cacheKey = cacheable ? responseCacheKey(prepared, identity) : '';
    const timeoutMs = (tool.timeout > 0 ? tool.timeout : 30) * 1000;

    if (cacheable && !req.skipCacheRead) {
      const hit = await cache.get(cacheKey);
      if (hit) {
        ctx.metrics?.recordCacheHit(labels);
        const view = viewRequest(prepared, applyCredentials(cloneRequest(prepared), creds, ''));
        return finish(hit, view, 0, true);
      }
    }

    let authed = cloneRequest(prepared);
    let token: string | undefined;
    let view: OutboundRequestView;
    let extraSends = 0;
    const authorize = async () => {
      if (creds?.type === 'oauth2-client-credentials')
        token = await tokens.token(creds, timeoutMs, req.signal);
      authed = cloneRequest(prepared);
      view = viewRequest(authed, applyCredentials(authed, creds, token));
    };
    try {
      await authorize();
    } catch (err) {
      return failFromError(err, fail);
    }
    req.onLog?.('debug', { message: 'calling upstream', method: view!.method, url: view!.url });
    req.onProgress?.(0, 1, 'Calling upstream');

    const attempt = async (n: number): Promise<Attempt> => {
      if (n > 1) req.onLog?.('warning', { message: 'retrying upstream call', attempt: n });
      try {
        let response = await sender.send(authed, timeoutMs, req.signal);
        // A refused OAuth token is refreshed once (it may have been revoked before its expiry).
        if (
          response.status === 401 &&
          creds?.type === 'oauth2-client-credentials' &&
          token &&
          extraSends === 0
        ) {
          tokens.invalidate(creds, token);
          await authorize();
          extraSends++;
          response = await sender.send(authed, timeoutMs, req.signal);
        }
        return { response };
      } catch (err) {
        if (err instanceof SendError) return { error: err };
        throw err;
      }
    };
    let final: { last: Attempt; attempts: number };
    try {
      final = await runWithRetries(attempt, {
        retries: Math.max(0, tool.retry_count),
        backoff: tool.retry_backoff ?? 'none',
        method: prepared.method,
        baseMs: options.retryBaseMs ?? 500,
        maxDelayMs: options.maxRetryDelayMs ?? 30_000,
        maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
        ...(req.signal ? { signal: req.signal } : {}),
      });
    } catch (err) {
      return failFromError(err, fail, view!);
    }
    const attempts = final.attempts + extraSends;
    req.onProgress?.(1, 1, 'Upstream answered');
    if ('error' in final.last)
      return fail(final.last.error.reason, final.last.error.message, { outbound: view!, attempts });
    const response = final.last.response;
    if (cacheable && response.status >= 200 && response.status <= 299)
      await cache.set(cacheKey, response, tool.cache_ttl * 1000);
    return finish(response, view!, attempts, false);

    function finish(
      res: UpstreamResponse,
      outbound: OutboundRequestView,
      attempts: number,
      cached: boolean,
    ): ExecutionOutcome {
      const mapped = mapResponse(tool, res, {
        maxOutputBytes: ctx.config.maxOutputBytes,
        checkOutput: (value) => checkOutput(tool.id, tool.updated_at, tool.output_schema, value),
      });
      const base = {
        outbound,
        response: viewResponse(res),
        durationMs: elapsed(),
        attempts,
        cached,
        result: mapped.result,
      };
      if (res.status < 200 || res.status > 299)
        return { ...base, ok: false, reason: 'http_status', message: `Upstream answered HTTP ${res.status}` };
      if (mapped.invalid) return { ...base, ok: false, reason: 'invalid_response', message: mapped.invalid };
      return { ...base, ok: true };
    }
  }

  function checkOutput(
    toolId: number,
    updatedAt: string,
    schema: Record<string, unknown> | null,
    value: Record<string, unknown>,
  ): string | null {
    if (!schema) return null;
    const r = validator.check(`output:${toolId}:${updatedAt}`, schema, value, 'structured output');
    return r.ok ? null : r.message;
  }

  function failFromError(
    err: unknown,
    fail: (reason: FailureReason, message: string, extra?: Partial<ExecutionOutcome>) => ExecutionOutcome,
    outbound?: OutboundRequestView,
  ): ExecutionOutcome {
    const extra = outbound ? { outbound, attempts: 1 } : {};
    if (err instanceof SendError) return fail(err.reason, err.message, extra);
    if (err instanceof PipelineFailure) return fail(err.reason, err.message, extra);
    throw err;
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
        const result: ToolResult = { content: [{ type: 'text', text: message }], isError: true };
        outcome = {
          ok: false,
          reason: 'network',
          message,
          outbound: null,
          response: null,
          durationMs: Math.round(performance.now() - started),
          attempts: 0,
          cached: false,
          result,
        };
      }
      try {
        const s = await settings.get();
        ctx.callLogs.write(buildCallLogEntry(req, outcome, s, ctx.config.maxLoggedResponseBytes));
      } catch {
        // Logging must never turn a finished call into a failure.
      }
      return outcome;
    },
    invalidate(toolId) {
      if (toolId === undefined) {
        validator.forget();
        tokens.clear();
        opened.clear();
        void cache.clear();
        return;
      }
      validator.forget(`tool:${toolId}:`);
      validator.forget(`output:${toolId}:`);
    },
    close: () => sender.close(),
  };
}

function cloneRequest(req: PreparedRequest): PreparedRequest {
  return { method: req.method, url: new URL(req.url.href), headers: { ...req.headers }, body: req.body };
}
