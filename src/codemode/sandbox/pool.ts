import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromWorker, GuestError, RunLimits, ToWorker } from './protocol.ts';

/*
 * The sandbox workers (issue 37): a few worker threads, each running many programs interleaved
 * (a run only advances when an `api` answer arrives). A run that outlives its wall time is aborted
 * in its worker; a worker that does not answer the abort, or dies, is terminated and replaced, and
 * only the runs it held fail. The gateway's own thread never runs guest code.
 */

export interface RunRequest {
  code: string;
  limits: RunLimits;
  wallMs: number;
  /** An `api` call of the program: resolves with the result's JSON, rejects with an ApiError's fields. */
  onCall(op: string, args: string): Promise<string>;
  /** Stops the run early (the MCP request was cancelled). */
  signal?: AbortSignal;
}

export interface RunOutcome {
  result?: string;
  error?: GuestError;
  logs: string[];
  droppedLogs: number;
  cpuMs: number;
  wallMs: number;
}

/** A refusal of the pool itself (busy, closed): no program ran. */
export class SandboxBusy extends Error {}

interface Pending {
  request: RunRequest;
  worker: PooledWorker;
  started: number;
  resolve(outcome: RunOutcome): void;
  timer: NodeJS.Timeout;
  onAbort?: () => void;
}

interface PooledWorker {
  worker: Worker;
  runs: Set<number>;
  ready: Promise<void>;
}

/**
 * The worker's code: worker.js once built; this folder's worker.ts under tsx (tests, `npm run dev`),
 * loaded through tsx's register hook since Node 20 does not pass `--import` hooks to workers.
 */
function workerSource(): [string | URL, { eval?: boolean }] {
  if (!import.meta.url.endsWith('.ts')) return [new URL('./worker.js', import.meta.url), {}];
  const href = new URL('./worker.ts', import.meta.url).href;
  return [
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(href)}); })`,
    { eval: true },
  ];
}

/** How long a worker may take to stop an aborted run before it is terminated. */
const ABORT_GRACE_MS = 1_000;
/** The worker's own JavaScript heap; guest memory is WebAssembly memory outside it. */
const WORKER_HEAP_MB = 64;
const WORKER_STACK_MB = 4;

export interface SandboxPoolOptions {
  workers?: number;
  /** Runs at once over all workers; more wait in the queue. */
  maxRuns?: number;
  /** Runs waiting for a slot; more are refused at once. */
  maxQueued?: number;
}

export class SandboxPool {
  private readonly workers: PooledWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly queue: Array<() => void> = [];
  private active = 0;
  private nextId = 0;
  private closed = false;
  private readonly size: number;
  private readonly maxRuns: number;
  private readonly maxQueued: number;

  constructor(options: SandboxPoolOptions = {}) {
    this.size = options.workers ?? Math.min(2, availableParallelism());
    this.maxRuns = options.maxRuns ?? 8;
    this.maxQueued = options.maxQueued ?? 64;
  }

  /** Runs one program; never throws for the program's own faults (they come back as `error`). */
  async run(request: RunRequest): Promise<RunOutcome> {
    if (this.closed) throw new SandboxBusy('the sandbox is shutting down');
    if (this.active >= this.maxRuns) {
      if (this.queue.length >= this.maxQueued)
        throw new SandboxBusy('too many programs are running; try again shortly');
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    this.active++;
    try {
      return await this.start(request);
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }

  private async start(request: RunRequest): Promise<RunOutcome> {
    const pooled = this.pickWorker();
    // A busy worker keeps the process alive; an idle one does not hold it open.
    pooled.worker.ref();
    await pooled.ready;
    const id = ++this.nextId;
    return new Promise<RunOutcome>((resolve) => {
      const entry: Pending = {
        request,
        worker: pooled,
        started: performance.now(),
        resolve,
        timer: setTimeout(
          () => this.abort(id, `the program ran past its ${request.wallMs} ms of wall time`),
          request.wallMs,
        ),
      };
      if (request.signal) {
        entry.onAbort = () => this.abort(id, 'the request was cancelled');
        if (request.signal.aborted) queueMicrotask(entry.onAbort);
        else request.signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.pending.set(id, entry);
      pooled.runs.add(id);
      this.post(pooled, { type: 'run', id, code: request.code, limits: request.limits });
    });
  }

  /** Starts the workers ahead of the first run (a code-mode server was listed): a cold start is ~50–300 ms. */
  warm(): void {
    if (!this.closed) while (this.workers.length < this.size) this.workers.push(this.spawn());
  }

  private pickWorker(): PooledWorker {
    while (this.workers.length < this.size) this.workers.push(this.spawn());
    return this.workers.reduce((a, b) => (b.runs.size < a.runs.size ? b : a));
  }

  private spawn(): PooledWorker {
    const source = workerSource();
    const worker = new Worker(source[0], {
      ...source[1],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: WORKER_STACK_MB },
      env: {},
      stdout: true,
      stderr: true,
    });
    const pooled: PooledWorker = {
      worker,
      runs: new Set(),
      ready: new Promise((resolve, reject) => {
        worker.on('message', (message: FromWorker) => message.type === 'ready' && resolve());
        worker.once('error', reject);
        worker.once('exit', () => reject(new Error('the sandbox worker stopped')));
      }),
    };
    pooled.ready.catch(() => undefined);
    worker.unref();
    worker.on('message', (message: FromWorker) => this.receive(pooled, message));
    worker.on('error', () => this.retire(pooled, 'the sandbox worker failed'));
    worker.on('exit', () => this.retire(pooled, 'the sandbox worker stopped'));
    return pooled;
  }

  private receive(pooled: PooledWorker, message: FromWorker): void {
    if (message.type === 'ready') return;
    const entry = this.pending.get(message.id);
    if (message.type === 'done') {
      if (entry) this.settle(message.id, { ...message, wallMs: 0 });
      return;
    }
    if (!entry) {
      // A call of a run already given up: its answer goes nowhere.
      this.post(pooled, {
        type: 'reply',
        id: message.id,
        callId: message.callId,
        error: '{"message":"the run has ended"}',
      });
      return;
    }
    entry.request.onCall(message.op, message.args).then(
      (value) => this.post(pooled, { type: 'reply', id: message.id, callId: message.callId, value }),
      (error: unknown) =>
        this.post(pooled, {
          type: 'reply',
          id: message.id,
          callId: message.callId,
          error: typeof error === 'string' ? error : JSON.stringify({ message: 'the api call failed' }),
        }),
    );
  }

  private settle(id: number, outcome: Omit<RunOutcome, 'wallMs'> & { wallMs: number }): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    entry.worker.runs.delete(id);
    if (entry.worker.runs.size === 0) entry.worker.worker.unref();
    clearTimeout(entry.timer);
    if (entry.onAbort) entry.request.signal?.removeEventListener('abort', entry.onAbort);
    entry.resolve({
      result: outcome.result,
      error: outcome.error,
      logs: outcome.logs,
      droppedLogs: outcome.droppedLogs,
      cpuMs: outcome.cpuMs,
      wallMs: Math.round(performance.now() - entry.started),
    });
  }

  /** Stops a run: its worker is asked, and replaced if it does not answer in time. */
  private abort(id: number, reason: string): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    const pooled = entry.worker;
    this.post(pooled, { type: 'abort', id, reason });
    const grace = setTimeout(() => {
      if (this.pending.has(id)) void pooled.worker.terminate();
    }, ABORT_GRACE_MS);
    grace.unref();
  }

  /** A dead worker's runs fail; the next run spawns a fresh one. */
  private retire(pooled: PooledWorker, reason: string): void {
    const at = this.workers.indexOf(pooled);
    if (at >= 0) this.workers.splice(at, 1);
    for (const id of [...pooled.runs]) {
      const entry = this.pending.get(id);
      const aborted = entry && entry.started + entry.request.wallMs <= performance.now();
      this.settle(id, {
        error: {
          name: aborted ? 'LimitError' : 'SandboxError',
          message: aborted ? `the program ran past its ${entry?.request.wallMs} ms of wall time` : reason,
        },
        logs: [],
        droppedLogs: 0,
        cpuMs: 0,
        wallMs: 0,
      });
    }
  }

  private post(pooled: PooledWorker, message: ToWorker): void {
    try {
      pooled.worker.postMessage(message);
    } catch {
      this.retire(pooled, 'the sandbox worker stopped');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }
}
