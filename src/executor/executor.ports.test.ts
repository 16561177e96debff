import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import type { CallLogEntry, CallLogWriter } from '../analytics/call-log-writer.ts';
import { executorPorts } from '../bootstrap.ts';
import type { RateLimiter } from '../shared/rate-limiter.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { createExecutor } from './executor.ts';
import type { ExecutorPorts } from './types.ts';

/** A call-log writer that keeps rows in memory; `commit` is what a durable write settles as. */
function keepRows(commit?: () => Promise<void>): CallLogWriter & { rows: CallLogEntry[] } {
  const rows: CallLogEntry[] = [];
  return {
    rows,
    write(entry) {
      rows.push(entry);
      return commit?.();
    },
    flush: async () => undefined,
    close: async () => undefined,
    failure: () => null,
  };
}

describe('executor: ports that answer later or fail', () => {
  let t: TestApp;
  let up: Upstream;
  let server: ServerRecord;
  useExecutorHarness({ server: { rate_limit_per_min: 0 } }, (h) => {
    ({ t, up, server } = h);
  });

  function executorWith(
    parts: { limiter?: RateLimiter; callLogs?: CallLogWriter },
    ports: Partial<ExecutorPorts> = {},
  ) {
    return createExecutor({ ...t.ctx, ...parts }, { ...executorPorts(t.ctx), ...ports }, { retryBaseMs: 1 });
  }

  test('a remote rate limiter that refuses later refuses the call with its Retry-After and sends nothing', async () => {
    const limiter: RateLimiter = {
      hit: async () => {
        await new Promise((r) => setTimeout(r, 5));
        return { allowed: false, remaining: 0, retryAfterMs: 12_500 };
      },
    };
    const callLogs = keepRows();
    const ex = executorWith({ limiter, callLogs });
    const tool = makeTool({ endpoint_url: `${up.origin}/limited`, rate_limit_per_min: 3 });
    const out = await ex.execute(call(server, tool));
    await ex.close();
    assert.equal(out.ok, false);
    assert.equal(out.ok ? '' : out.reason, 'rate_limited');
    assert.equal(out.ok ? 0 : out.retryAfterMs, 12_500);
    assert.match(out.ok ? '' : out.message, /allows 3 calls per minute; retry in 13 s/);
    assert.equal(up.received.length, 0);
    assert.equal(callLogs.rows.length, 1);
  });

  test('unreadable settings still log the call, without response data', async () => {
    const callLogs = keepRows();
    const ex = executorWith({ callLogs }, { loadSettings: () => Promise.reject(new Error('db restarting')) });
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/settings` })));
    await ex.close();
    assert.equal(out.ok, true);
    assert.equal(callLogs.rows.length, 1);
    assert.equal(callLogs.rows[0]!.response_data, null);
    assert.equal(callLogs.rows[0]!.http_status, 200);
  });

  test('a durable call-log write is awaited, and its failure does not turn the answer into one', async () => {
    let committed = false;
    const ok = keepRows(async () => {
      await new Promise((r) => setTimeout(r, 5));
      committed = true;
    });
    const ex = executorWith({ callLogs: ok });
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/durable` })));
    assert.equal(out.ok, true);
    assert.equal(committed, true, 'the answer comes after the commit');
    await ex.close();

    const failing = keepRows(() => Promise.reject(new Error('disk full')));
    const ex2 = executorWith({ callLogs: failing });
    const out2 = await ex2.execute(call(server, makeTool({ endpoint_url: `${up.origin}/durable` })));
    await ex2.close();
    assert.equal(out2.ok, true);
    assert.equal(failing.rows.length, 1);
  });

  test('a stage that throws unexpectedly gives a network outcome naming the error, and one call-log row', async () => {
    const callLogs = keepRows();
    const ex = executorWith(
      { callLogs },
      {
        openCredentials: () => {
          throw new Error('vault sealed');
        },
      },
    );
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/bug` })));
    await ex.close();
    assert.equal(out.ok ? '' : out.reason, 'network');
    assert.equal(out.ok ? '' : out.message, 'Tool execution failed: vault sealed');
    assert.equal(up.received.length, 0);
    assert.equal(callLogs.rows.length, 1);
    assert.equal(callLogs.rows[0]!.error_message, 'Tool execution failed: vault sealed');
  });
});
