import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { prepareProgram } from '../program.ts';
import { type RunOutcome, SandboxPool } from './pool.ts';
import type { RunLimits } from './protocol.ts';

/*
 * The sandbox against hostile programs (issue 37, point 5): escapes, loops, memory and stack
 * bombs, floods. Each ends in a limit error or harmless data, and the next run is healthy. The
 * host's secret is a sentinel the program must never see.
 */

const LIMITS: RunLimits = {
  cpuMs: 300,
  memoryMb: 64,
  maxCalls: 20,
  maxInflight: 4,
  logLines: 10,
  resultBytes: 100_000,
};
const HOST_SECRET = 'host-secret-sentinel-91c4';
process.env.TOOLGATE_TEST_SECRET = HOST_SECRET;

describe('the sandbox', () => {
  const pool = new SandboxPool({ workers: 2 });
  after(() => pool.close());

  async function run(
    source: string,
    opts: {
      limits?: Partial<RunLimits>;
      wallMs?: number;
      onCall?: (op: string, args: string) => Promise<string>;
    } = {},
  ): Promise<RunOutcome> {
    const prepared = prepareProgram(source);
    assert.ok('code' in prepared, JSON.stringify(prepared));
    return pool.run({
      code: prepared.code,
      limits: { ...LIMITS, ...opts.limits },
      wallMs: opts.wallMs ?? 5_000,
      onCall:
        opts.onCall ??
        (async (op, args) => JSON.stringify({ op, args: JSON.parse(args), secret: undefined })),
    });
  }
  const healthy = async () => assert.equal((await run('return 6 * 7')).result, '42');

  test('the guest has no host: no process, require, fetch, timers, WebAssembly or import', async () => {
    const out = await run(
      `return [typeof process, typeof require, typeof fetch, typeof setTimeout, typeof setInterval, typeof WebAssembly,
               typeof SharedArrayBuffer, typeof globalThis.__toolgate_call, typeof globalThis.__toolgate_log, typeof module, typeof Buffer]`,
    );
    assert.equal(out.result, JSON.stringify(Array(11).fill('undefined')));
    const imported = await run(
      `try { await import('node:fs'); return 'imported' } catch (e) { return e.name + ': ' + e.message }`,
    );
    assert.doesNotMatch(imported.result ?? '', /imported/);
  });

  test('constructor chains, Function and eval stay inside the guest realm', async () => {
    const out = await run(
      `const viaApi = api.anything.constructor.constructor('return typeof process')();
       const viaFn = Function('return typeof require')();
       const viaEval = eval('typeof fetch');
       const viaConsole = console.log.constructor('return this')() === globalThis;
       const proto = Object.getPrototypeOf(api);
       return { viaApi, viaFn, viaEval, viaConsole, proto };`,
    );
    assert.deepEqual(JSON.parse(out.result ?? ''), {
      viaApi: 'undefined',
      viaFn: 'undefined',
      viaEval: 'undefined',
      viaConsole: true,
      proto: null,
    });
  });

  test('the bindings cannot be replaced or polluted, and a run never sees another run’s changes', async () => {
    const out = await run(
      `Object.prototype.polluted = 'yes';
       try { api.list = () => 'mine' } catch {}
       try { globalThis.api = {} } catch {}
       try { delete globalThis.console } catch {}
       Array.prototype.map = () => 'hijacked';
       return [typeof api.list, api.list === api.list, typeof console.log];`,
    );
    assert.deepEqual(JSON.parse(out.result ?? ''), ['function', false, 'function']);
    const next = await run(`return [({}).polluted ?? null, [1, 2].map((x) => x * 2)]`);
    assert.deepEqual(JSON.parse(next.result ?? ''), [null, [2, 4]]);
  });

  test('only strings cross: an api call sends its name and JSON arguments, and the host sees nothing else', async () => {
    const seen: Array<[string, string]> = [];
    const out = await run(
      `const weird = { toJSON() { return { sneaky: true } }, fn: () => 1 };
       const a = await api.$call('op_a', weird);
       let bad; try { await api.$call({ toString() { return 'x' } }, {}) } catch (e) { bad = e.message }
       let cyclic; const o = {}; o.self = o; try { await api.op_b(o) } catch (e) { cyclic = e.name }
       return { a, bad, cyclic };`,
      {
        onCall: async (op, args) => {
          seen.push([op, args]);
          return JSON.stringify({ ok: op });
        },
      },
    );
    assert.deepEqual(seen, [['op_a', '{"sneaky":true}']]);
    assert.deepEqual(JSON.parse(out.result ?? ''), {
      a: { ok: 'op_a' },
      bad: 'api: an operation name is a string',
      cyclic: 'TypeError',
    });
  });

  test('the host secret never reaches the guest: every global the program can reach is dumped', async () => {
    const out = await run(
      `const seen = new Set(); const texts = [];
       const walk = (v, depth) => {
         if (depth > 4 || v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v)) return;
         seen.add(v);
         for (const k of Object.getOwnPropertyNames(v)) {
           let x; try { x = v[k] } catch { continue }
           texts.push(k + '=' + (typeof x === 'string' ? x : typeof x));
           walk(x, depth + 1);
         }
       };
       walk(globalThis, 0);
       return texts.join('\\n');`,
    );
    assert.ok(out.result && out.result.length > 1_000);
    assert.ok(!out.result.includes(HOST_SECRET));
    assert.ok(!/\/work\/|node_modules|toolgate/i.test(out.result));
  });

  test('an endless loop stops at the CPU budget, before and after an await', async () => {
    for (const source of [
      'while (true) {}',
      'await api.x({}); for (;;) {}',
      'await Promise.resolve(); while (true) {}',
    ]) {
      const out = await run(source);
      assert.equal(out.error?.name, 'LimitError', source);
      assert.match(out.error?.message ?? '', /used its 300 ms of CPU time/);
      assert.ok(out.cpuMs >= 300 && out.cpuMs < 1_000, `${out.cpuMs} ms`);
    }
    await healthy();
  });

  test('a program that waits forever is stopped at its wall time', async () => {
    const out = await run('await new Promise(() => {})', { wallMs: 300 });
    assert.equal(out.error?.name, 'LimitError');
    assert.match(out.error?.message ?? '', /ran past its 300 ms of wall time/);
    await healthy();
  });

  test('memory bombs — buffers, strings, objects — end at the memory cap without growing the host', async () => {
    const before = process.memoryUsage().rss;
    for (const source of [
      'const a = []; while (true) a.push(new ArrayBuffer(1 << 20));',
      'let s = "x"; while (true) s += s;',
      'const a = []; while (true) a.push({ a: [1, 2, 3], b: "xyz" });',
      'const a = []; for (let i = 0; i < 1e9; i++) a.push(i);',
    ]) {
      const out = await run(source, { limits: { cpuMs: 5_000 } });
      assert.equal(out.result, undefined, source);
      assert.match(
        `${out.error?.name}: ${out.error?.message}`,
        /LimitError: the program used its 64 MiB of memory|InternalError: string too long|RangeError/,
        source,
      );
    }
    const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
    assert.ok(grown < 100, `host RSS grew ${grown.toFixed(0)} MiB`);
    await healthy();
  });

  test('deep recursion is a guest stack overflow, never the host’s', async () => {
    const out = await run('function f(n) { return f(n + 1) + 1 }\nreturn f(0)');
    assert.equal(out.error?.name, 'LimitError');
    assert.equal(out.error?.message, 'stack overflow (recursion too deep)');
    assert.equal(out.error?.line, 1);
    await healthy();
  });

  test('too many api calls: the call over the limit throws, and the run reports it', async () => {
    let calls = 0;
    const out = await run('for (let i = 0; i < 100; i++) await api.op({ i }); return "done"', {
      onCall: async () => {
        calls++;
        return '1';
      },
    });
    assert.equal(calls, 20);
    assert.equal(out.error?.name, 'ApiError');
    assert.match(out.error?.message ?? '', /made its 20 api calls/);
  });

  test('at most max_inflight calls wait at once; the rest queue', async () => {
    let inflight = 0;
    let peak = 0;
    const out = await run(
      'const all = await Promise.all(Array.from({ length: 12 }, (_, i) => api.op({ i }))); return all.length',
      {
        onCall: async () => {
          peak = Math.max(peak, ++inflight);
          await new Promise((r) => setTimeout(r, 5));
          inflight--;
          return '1';
        },
      },
    );
    assert.equal(out.result, '12');
    assert.equal(peak, 4);
  });

  test('console floods and huge returns are capped', async () => {
    const flood = await run(
      'for (let i = 0; i < 10000; i++) console.log("line", i, "x".repeat(5000)); return 1',
      {
        limits: { cpuMs: 10_000 },
      },
    );
    assert.equal(flood.logs.length, 10);
    assert.equal(flood.droppedLogs, 9_990);
    assert.ok(flood.logs.every((l) => l.length <= 2_001));
    const huge = await run('return "x".repeat(200000)');
    assert.equal(huge.error?.name, 'LimitError');
    assert.match(huge.error?.message ?? '', /over the 100000 a run may return/);
  });

  test('a bomb in one run does not disturb runs beside it', async () => {
    const [bomb, calm, calm2] = await Promise.all([
      run('const a = []; while (true) a.push(new ArrayBuffer(1 << 20));', { limits: { cpuMs: 5_000 } }),
      run('let s = 0; for (const x of await api.op({})) s += 1; return s', { onCall: async () => '[1,2,3]' }),
      run('while (true) {}'),
    ]);
    assert.equal(bomb.error?.name, 'LimitError');
    assert.equal(calm.result, '3');
    assert.equal(calm2.error?.name, 'LimitError');
    await healthy();
  });

  test('a killed worker fails only its runs, and the next run gets a fresh one', async () => {
    const pending = run('await api.slow({}); return 1', {
      onCall: () => new Promise(() => {}),
      wallMs: 2_000,
    });
    await new Promise((r) => setTimeout(r, 100));
    // biome-ignore lint/suspicious/noExplicitAny: reaching into the pool to kill its worker, as a crash would
    const workers = (pool as any).workers as Array<{ worker: { terminate(): Promise<number> } }>;
    await Promise.all(workers.map((w) => w.worker.terminate()));
    const out = await pending;
    assert.equal(out.error?.name, 'SandboxError');
    await healthy();
  });

  test('prompt-injection text from an API is data: it is returned as a string, never run', async () => {
    const out = await run('const r = await api.notes({}); return typeof r.note', {
      onCall: async () => JSON.stringify({ note: '"); process.exit(1); ("' }),
    });
    assert.equal(out.result, '"string"');
  });
});
