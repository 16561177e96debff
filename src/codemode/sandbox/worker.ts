import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import * as releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten-core';
import type { FromWorker, GuestError, RunLimits, ToWorker } from './protocol.ts';

/*
 * A sandbox worker thread: runs programs in QuickJS compiled to WebAssembly (issue 37). Each run
 * gets its own module instance over its own `WebAssembly.Memory` with a maximum — QuickJS's own
 * memory limit does not stop large allocations in this build (measured: 1 MiB buffers ran to the
 * 2 GiB ceiling), a capped memory does —, a fresh runtime and context, a 256 KiB guest stack (more
 * overflowed Node's own stack before QuickJS noticed) and an interrupt handler that counts the
 * program's CPU time. The guest sees `api`, `console` and `ApiError`; nothing else of the host.
 * Several runs share a worker: each advances only when an answer arrives, so they interleave.
 */

// The package's types are CommonJS (the variant under `default`); Node loads its ES build, whose default export is the variant.
const variant = releaseSync.default as unknown as QuickJSSyncVariant;
/** Node 20's types leave WebAssembly out; these are the two constructors used here. */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
};
const require = createRequire(import.meta.url);
/** Compiled once per worker; instantiating it for a run costs 1–7 ms (measured). */
const wasmModule = new WebAssembly.Module(
  readFileSync(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')),
);
const WASM_PAGE = 65_536;
/** The module's own initial memory (16 MiB) is the least a run can have. */
const INITIAL_PAGES = 256;
const STACK_BYTES = 256 * 1024;
const MAX_LOG_LINE = 2_000;
const MAX_STACK_FRAMES = 3;

const port = parentPort;
if (!port) throw new Error('sandbox/worker.ts runs as a worker thread');

interface Run {
  id: number;
  limits: RunLimits;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  pending: Map<number, QuickJSDeferredPromise>;
  waiting: Array<{ callId: number; op: string; args: string }>;
  inflight: number;
  calls: number;
  logs: string[];
  droppedLogs: number;
  cpuMs: number;
  /** Set while guest code runs: when this stretch of CPU time began. */
  sliceStart: number;
  aborted: string | null;
  finished: boolean;
}

const runs = new Map<number, Run>();

function send(message: FromWorker): void {
  port?.postMessage(message);
}

/** The guest's own globals: `api` (a Proxy over one host function), `console`, `ApiError`. */
const PRELUDE = `(() => {
  const hostCall = globalThis.__toolgate_call, hostLog = globalThis.__toolgate_log;
  delete globalThis.__toolgate_call; delete globalThis.__toolgate_log;
  delete globalThis.SharedArrayBuffer; delete globalThis.Atomics;
  class ApiError extends Error {
    constructor(d) { super(String(d.message)); this.name = 'ApiError'; this.status = d.status ?? null;
      this.code = d.code ?? null; this.operation = d.operation ?? null; }
  }
  const invoke = (name, args) => {
    if (typeof name !== 'string') return Promise.reject(new TypeError('api: an operation name is a string'));
    let text;
    try { text = JSON.stringify(args === undefined ? {} : args); }
    catch (e) { return Promise.reject(new TypeError('api.' + name + ': arguments must be JSON (' + e.message + ')')); }
    if (typeof text !== 'string') return Promise.reject(new TypeError('api.' + name + ': arguments must be an object'));
    return hostCall(name, text).then((r) => JSON.parse(r), (e) => { throw new ApiError(JSON.parse(e)); });
  };
  const api = new Proxy(Object.freeze(Object.create(null)), {
    get(_, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (name === '$call') return invoke;
      return (args) => invoke(name, args);
    },
    set() { return false; }, defineProperty() { return false; }, deleteProperty() { return false; },
  });
  const show = (v) => { if (typeof v === 'string') return v; try { const t = JSON.stringify(v); return t === undefined ? String(v) : t; } catch { return String(v); } };
  const line = (level) => (...a) => hostLog(level, a.map(show).join(' '));
  const console = Object.freeze({ log: line('log'), info: line('info'), warn: line('warn'), error: line('error'), debug: line('debug') });
  for (const [k, v] of Object.entries({ api, console, ApiError }))
    Object.defineProperty(globalThis, k, { value: v, writable: false, configurable: false, enumerable: false });
})();`;

/** Runs guest code (a sync stretch) with its CPU time counted. */
function guest<T>(run: Run, fn: () => T): T {
  run.sliceStart = performance.now();
  try {
    return fn();
  } finally {
    run.cpuMs += performance.now() - run.sliceStart;
    run.sliceStart = 0;
  }
}

function pump(run: Run): void {
  if (run.finished) return;
  const jobs = guest(run, () => run.runtime.executePendingJobs());
  if (jobs.error) jobs.error.dispose();
}

function addLog(run: Run, level: string, text: string): void {
  if (run.logs.length >= run.limits.logLines) {
    run.droppedLogs++;
    return;
  }
  const line = text.length > MAX_LOG_LINE ? `${text.slice(0, MAX_LOG_LINE)}…` : text;
  run.logs.push(level === 'log' ? line : `${level}: ${line}`);
}

function dispatchWaiting(run: Run): void {
  while (run.inflight < run.limits.maxInflight && run.waiting.length > 0) {
    const next = run.waiting.shift() as { callId: number; op: string; args: string };
    run.inflight++;
    send({ type: 'call', id: run.id, callId: next.callId, op: next.op, args: next.args });
  }
}

function installHost(run: Run): void {
  const { context } = run;
  let nextCall = 0;
  const call = context.newFunction('__toolgate_call', (opHandle, argsHandle) => {
    const deferred = context.newPromise();
    const op = context.typeof(opHandle) === 'string' ? context.getString(opHandle) : '';
    const args = context.typeof(argsHandle) === 'string' ? context.getString(argsHandle) : '';
    const refuse = (message: string, code: string) => {
      const error = context.newString(JSON.stringify({ message, code, operation: op.slice(0, 100) }));
      deferred.reject(error);
      error.dispose();
      // Settled inside guest code: its handlers run once this stretch returns.
      deferred.settled.then(() => {
        deferred.dispose();
        pump(run);
      });
    };
    if (run.calls >= run.limits.maxCalls)
      refuse(`this run made its ${run.limits.maxCalls} api calls, the most a run may make`, 'too_many_calls');
    else if (op === '' || args === '')
      refuse('api calls take an operation name and JSON arguments', 'bad_call');
    else {
      run.calls++;
      const callId = ++nextCall;
      run.pending.set(callId, deferred);
      run.waiting.push({ callId, op, args });
      dispatchWaiting(run);
    }
    return deferred.handle;
  });
  const log = context.newFunction('__toolgate_log', (levelHandle, textHandle) => {
    addLog(run, context.getString(levelHandle), context.getString(textHandle));
  });
  context.setProp(context.global, '__toolgate_call', call);
  context.setProp(context.global, '__toolgate_log', log);
  call.dispose();
  log.dispose();
  const prelude = context.evalCode(PRELUDE, 'prelude.js');
  if (prelude.error) {
    const dumped = context.dump(prelude.error);
    prelude.error.dispose();
    throw new Error(`sandbox prelude failed: ${JSON.stringify(dumped)}`);
  }
  prelude.value.dispose();
}

/** A guest error as the model reads it: name, message, the line in its program, a short stack. */
function describeError(dumped: unknown, lineOffset: number): GuestError {
  if (typeof dumped !== 'object' || dumped === null)
    return { name: 'Error', message: String(dumped).slice(0, 2_000) };
  const e = dumped as { name?: unknown; message?: unknown; stack?: unknown };
  const name = typeof e.name === 'string' ? e.name : 'Error';
  const message = (typeof e.message === 'string' ? e.message : JSON.stringify(dumped)).slice(0, 2_000);
  const frames: string[] = [];
  let line: number | undefined;
  if (typeof e.stack === 'string') {
    for (const raw of e.stack.split('\n')) {
      const match = /program\.js:(\d+)(?::(\d+))?/.exec(raw);
      if (!match) continue;
      const at = Number(match[1]) - lineOffset;
      if (at < 1) continue;
      line ??= at;
      const fn = /at ([^\s(]+) \(/.exec(raw)?.[1];
      if (frames.length < MAX_STACK_FRAMES)
        frames.push(`at ${fn && fn !== '<eval>' && fn !== '<anonymous>' ? `${fn} ` : ''}line ${at}`);
    }
  }
  return {
    name,
    message,
    ...(line !== undefined ? { line } : {}),
    ...(frames.length ? { stack: frames.join('\n') } : {}),
  };
}

function finish(run: Run, outcome: { result?: string; error?: GuestError }): void {
  if (run.finished) return;
  run.finished = true;
  runs.delete(run.id);
  send({
    type: 'done',
    id: run.id,
    ...outcome,
    logs: run.logs,
    droppedLogs: run.droppedLogs,
    cpuMs: Math.round(run.cpuMs),
  });
  // Pending host promises belong to this context: dispose them before it.
  for (const deferred of run.pending.values()) if (deferred.alive) deferred.dispose();
  run.pending.clear();
  try {
    run.context.dispose();
    run.runtime.dispose();
  } catch {
    // A run stopped mid-job may leave handles QuickJS still counts; the module goes with the run.
  }
}

/** The program's code: the body of an async function, one line below the wrapper's first. */
const LINE_OFFSET = 1;

async function start(id: number, code: string, limits: RunLimits): Promise<void> {
  const memory = new WebAssembly.Memory({
    initial: INITIAL_PAGES,
    maximum: Math.max(INITIAL_PAGES, Math.floor((limits.memoryMb * 1024 * 1024) / WASM_PAGE)),
  });
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, { wasmModule, wasmMemory: memory } as never),
  );
  const runtime = quickjs.newRuntime();
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setMemoryLimit(limits.memoryMb * 1024 * 1024);
  const run: Run = {
    id,
    limits,
    runtime,
    context: runtime.newContext(),
    pending: new Map(),
    waiting: [],
    inflight: 0,
    calls: 0,
    logs: [],
    droppedLogs: 0,
    cpuMs: 0,
    sliceStart: 0,
    aborted: null,
    finished: false,
  };
  runs.set(id, run);
  runtime.setInterruptHandler(
    () =>
      run.aborted !== null ||
      (run.sliceStart > 0 && run.cpuMs + performance.now() - run.sliceStart > limits.cpuMs),
  );
  installHost(run);
  const wrapped = `(async () => {\n${code}\n})().then((v) => { const t = JSON.stringify(v === undefined ? null : v); return t === undefined ? 'null' : t; })`;
  const evaluated = guest(run, () => run.context.evalCode(wrapped, 'program.js'));
  if (evaluated.error) {
    const dumped = run.context.dump(evaluated.error);
    evaluated.error.dispose();
    finish(run, { error: limitError(run, describeError(dumped, LINE_OFFSET)) });
    return;
  }
  const promise = evaluated.value;
  const settled = run.context.resolvePromise(promise);
  promise.dispose();
  pump(run);
  const outcome = await settled;
  if (run.finished) {
    if (outcome.error) outcome.error.alive && outcome.error.dispose();
    else outcome.value.alive && outcome.value.dispose();
    return;
  }
  if (outcome.error) {
    const dumped = run.context.dump(outcome.error);
    outcome.error.dispose();
    finish(run, { error: limitError(run, describeError(dumped, LINE_OFFSET)) });
    return;
  }
  const text = run.context.getString(outcome.value);
  outcome.value.dispose();
  if (Buffer.byteLength(text) > limits.resultBytes)
    finish(run, {
      error: {
        name: 'LimitError',
        message: `the returned value is ${Buffer.byteLength(text)} bytes of JSON, over the ${limits.resultBytes} a run may return; return less (a summary, the fields you need)`,
      },
    });
  else finish(run, { result: text });
}

/** QuickJS's own words for an exhausted limit, told as the limit the operator set. */
function limitError(run: Run, error: GuestError): GuestError {
  if (run.aborted) return { name: 'LimitError', message: run.aborted };
  if (error.name === 'InternalError' && error.message === 'interrupted')
    return {
      ...error,
      name: 'LimitError',
      message: `the program used its ${run.limits.cpuMs} ms of CPU time`,
    };
  if (error.name === 'InternalError' && error.message === 'out of memory')
    return {
      ...error,
      name: 'LimitError',
      message: `the program used its ${run.limits.memoryMb} MiB of memory`,
    };
  if (error.name === 'InternalError' && error.message === 'stack overflow')
    return { ...error, name: 'LimitError', message: 'stack overflow (recursion too deep)' };
  return error;
}

function reply(message: Extract<ToWorker, { type: 'reply' }>): void {
  const run = runs.get(message.id);
  const deferred = run?.pending.get(message.callId);
  if (!run || !deferred) return;
  run.pending.delete(message.callId);
  run.inflight--;
  const handle: QuickJSHandle = run.context.newString(message.value ?? message.error ?? '');
  if (message.error !== undefined) deferred.reject(handle);
  else deferred.resolve(handle);
  handle.dispose();
  deferred.dispose();
  dispatchWaiting(run);
  pump(run);
}

function fail(id: number, err: unknown): void {
  const run = runs.get(id);
  const error: GuestError = {
    name: 'SandboxError',
    message: err instanceof Error ? err.message.slice(0, 500) : 'the sandbox failed',
  };
  if (run) finish(run, { error: limitError(run, error) });
  else send({ type: 'done', id, error, logs: [], droppedLogs: 0, cpuMs: 0 });
}

port.on('message', (message: ToWorker) => {
  try {
    if (message.type === 'run')
      start(message.id, message.code, message.limits).catch((err) => fail(message.id, err));
    else if (message.type === 'reply') reply(message);
    else if (message.type === 'abort') {
      const run = runs.get(message.id);
      if (run) {
        run.aborted = message.reason;
        finish(run, { error: { name: 'LimitError', message: message.reason } });
      }
    }
  } catch (err) {
    fail(message.id, err);
  }
});

send({ type: 'ready' });
