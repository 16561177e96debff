import { randomUUID } from 'node:crypto';
import { waitForDecision } from '../../approvals/approvals.service.ts';
import type { AppContext } from '../../context.ts';
import type { ExecutionOutcome } from '../../executor/types.ts';
import { Cancellation } from '../../shared/cancellation.ts';
import type { ApprovalRow } from '../../store/approvals.repo.ts';
import {
  deleteExpired,
  findTaskRow,
  finishTask,
  leaseTask,
  listTasksToResume,
  loadTaskTargets,
  openRequest,
  sealRequest,
  type TaskRequest,
  type TaskRow,
  updateTask,
} from '../../tasks/tasks.service.ts';
import { type Execution, executionOf, readExecution } from '../../tools/execution.ts';
import { INTERNAL_ERROR, INVALID_PARAMS } from '../errors.ts';
import { approvalOutcome } from '../interaction/approval.ts';
import { presentResult } from '../tool-result.ts';

/*
 * Runs the tool calls of tasks (src/tasks/README.md). The instance that creates a task starts it
 * at once; every instance also sweeps the store for tasks with work to do and no live lease — a
 * task whose instance stopped is resumed elsewhere: a call accepted upstream (202) is polled on
 * from its stored status URL, one never sent is sent, one in flight is sent again only when its
 * method is idempotent (else it fails: the API may have received it). While it works on a task
 * an instance renews the task's lease and watches for a cancellation.
 */

const DEFAULT_LEASE_MS = 15_000;
/** Finished tasks past their time to live are deleted this often (by whichever instance sweeps). */
const PURGE_EVERY_MS = 60_000;
/** Tasks resumed per sweep (the rest wait for the next). */
const SWEEP_BATCH = 20;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** What only the creating instance has, never stored: the caller's own bearer (token exchange). */
export interface Transient {
  subjectToken?: string;
}

export class TaskRunner {
  readonly owner = randomUUID();
  private readonly running = new Map<string, Cancellation>();
  private readonly runs = new Map<string, Promise<void>>();
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;
  private purged = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: AppContext,
    readonly leaseMs = DEFAULT_LEASE_MS,
  ) {
    this.unsubscribe = ctx.events.subscribe((event) => {
      if (event.type === 'task_cancel_requested') this.running.get(event.taskId)?.cancel();
    });
  }

  /** Looks for tasks to resume every third of a lease. */
  startSweeping(): void {
    if (this.sweeper || this.stopped) return;
    this.sweeper = setInterval(() => void this.sweep(), Math.max(200, Math.floor(this.leaseMs / 3)));
    this.sweeper.unref();
  }

  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      if (Date.now() - this.purged >= PURGE_EVERY_MS) {
        this.purged = Date.now();
        await deleteExpired(this.ctx);
      }
      for (const taskId of await listTasksToResume(this.ctx, SWEEP_BATCH)) this.start(taskId);
    } catch {
      // The store is unreachable: the next sweep tries again.
    }
  }

  /** Works on the task here unless this instance already does (or another holds its lease). */
  start(taskId: string, transient: Transient = {}): void {
    if (this.stopped || this.running.has(taskId)) return;
    const cancel = new Cancellation();
    this.running.set(taskId, cancel);
    const run = this.run(taskId, cancel, transient).finally(() => {
      this.running.delete(taskId);
      this.runs.delete(taskId);
    });
    this.runs.set(taskId, run);
  }

  /** True once this instance's run of the task ended within `ms` (false: still running, or not here). */
  async settled(taskId: string, ms: number): Promise<boolean> {
    const run = this.runs.get(taskId);
    if (!run) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const ended = await Promise.race([run.then(() => true as const), timeout]);
    clearTimeout(timer);
    return ended;
  }

  private async run(taskId: string, cancel: Cancellation, transient: Transient): Promise<void> {
    if (!(await leaseTask(this.ctx, taskId, this.owner, this.leaseMs).catch(() => false))) return;
    const renew = setInterval(
      () => void this.renew(taskId, cancel),
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    try {
      await this.work(taskId, cancel, transient);
    } catch (err) {
      if (!this.stopped)
        await finishTask(this.ctx, taskId, {
          status: 'failed',
          error: { code: INTERNAL_ERROR, message: `Internal error: ${(err as Error).message}` },
        }).catch(() => undefined);
    } finally {
      clearInterval(renew);
    }
  }

  /** Keeps the lease; a cancellation recorded in the store (from any instance) stops the work. */
  private async renew(taskId: string, cancel: Cancellation): Promise<void> {
    try {
      const held = await leaseTask(this.ctx, taskId, this.owner, this.leaseMs);
      const task = held ? await findTaskRow(this.ctx, taskId) : undefined;
      if (!held || task?.cancel_requested) cancel.cancel();
    } catch {
      // The store is unreachable: the lease lapses if it stays so, and another instance resumes.
    }
  }

  private async work(taskId: string, cancel: Cancellation, transient: Transient): Promise<void> {
    const ctx = this.ctx;
    const held = { leaseOwner: this.owner };
    const task = await findTaskRow(ctx, taskId);
    if (!task || task.phase === 'done' || task.lease_owner !== this.owner) return;
    if (task.cancel_requested) {
      await finishTask(ctx, taskId, { status: 'cancelled' }, held);
      return this.changed(task);
    }
    const request = openRequest(ctx, task);
    if (!request) return this.fail(task, INTERNAL_ERROR, 'The task cannot be read: the secret key changed.');
    const targets = await loadTaskTargets(ctx, task);
    if (targets?.tool.status !== 'active')
      return this.fail(task, INVALID_PARAMS, `Tool ${task.tool_slug} is no longer served; nothing was sent.`);
    const { server, tool } = targets;
    const exec = executionOf(tool);
    if (task.phase === 'approval') {
      const approved = await this.awaitApproval(task, request, cancel);
      if (!approved) return;
      request.arguments = approved;
    }
    let resumeAt: string | undefined;
    if (task.phase === 'polling' && task.poll_url) resumeAt = task.poll_url;
    else if (task.phase === 'calling' && !IDEMPOTENT.has(tool.http_method.toUpperCase()))
      return this.fail(
        task,
        INTERNAL_ERROR,
        'Interrupted: the instance running this call stopped while its request was in flight. The API may have received it, so it is not sent again.',
      );
    else if (!(await updateTask(ctx, taskId, { phase: 'calling', status_message: 'Calling the API.' }, held)))
      return;
    const outcome: ExecutionOutcome = await ctx.executor.execute({
      server,
      tool,
      args: request.arguments,
      useTestCredentials: false,
      clientType: 'mcp',
      method: 'tools/call (task)',
      clientIp: request.clientIp,
      clientName: request.clientName ?? undefined,
      caller: request.caller,
      policyIds: request.policyIds.length > 0 ? request.policyIds : undefined,
      subjectToken: transient.subjectToken,
      cancel,
      // A call accepted upstream keeps polling even if the tool stopped being long-running meanwhile.
      poll: exec?.poll || resumeAt ? pollOf(exec) : undefined,
      resumeAt,
      onAccepted: async (pollUrl) => {
        await updateTask(
          ctx,
          taskId,
          {
            phase: 'polling',
            poll_url: pollUrl,
            status_message: 'The API accepted the request; waiting for its result.',
          },
          held,
        );
        this.changed(task);
      },
    });
    // Shutting down: the lease lapses and another instance resumes the task where it stands.
    if (this.stopped) return;
    if (cancel.cancelled) {
      const now = await findTaskRow(ctx, taskId);
      if (now?.cancel_requested) {
        const sent = outcome.outbound !== null;
        await finishTask(
          ctx,
          taskId,
          {
            status: 'cancelled',
            message: sent ? 'Cancelled after the request was sent to the API.' : 'Cancelled.',
          },
          held,
        );
        return this.changed(task);
      }
      // The lease was lost (this instance stalled past it): whoever holds it now finishes the task.
      if (now?.lease_owner !== this.owner) return;
    }
    if (!outcome.ok && outcome.reason === 'async_protocol')
      return this.fail(task, INTERNAL_ERROR, outcome.message);
    await finishTask(ctx, taskId, { status: 'completed', result: presentResult(outcome.result) }, held);
    this.changed(task);
  }

  /**
   * Phase `approval`: waits for the approver's decision (woken by `approval_decided` from any
   * instance). Approved: the task goes on with the arguments the approver saw; denied or expired:
   * it completes with why, nothing sent. Undefined when the task does not go on here.
   */
  private async awaitApproval(
    task: TaskRow,
    request: TaskRequest,
    cancel: Cancellation,
  ): Promise<Record<string, unknown> | undefined> {
    const ctx = this.ctx;
    const held = { leaseOwner: this.owner };
    const pending = {
      approval: { uuid: request.approvalId ?? '' } as ApprovalRow,
      group: request.approvalGroup ?? '',
    };
    const state = await waitForDecision(ctx, pending, Number.POSITIVE_INFINITY, cancel.signal);
    if (this.stopped) return undefined;
    if (state.state === 'pending') {
      if ((await findTaskRow(ctx, task.task_id))?.cancel_requested) {
        await finishTask(ctx, task.task_id, { status: 'cancelled' }, held);
        this.changed(task);
      }
      return undefined;
    }
    const outcome = approvalOutcome(ctx, state, '');
    if ('result' in outcome) {
      await finishTask(ctx, task.task_id, { status: 'completed', result: outcome.result }, held);
      this.changed(task);
      return undefined;
    }
    const ready: TaskRequest = { ...request, arguments: outcome.args };
    const moved = await updateTask(
      ctx,
      task.task_id,
      { request_sealed: sealRequest(ctx, task.task_id, ready), phase: 'ready', status_message: 'Approved.' },
      held,
    );
    return moved ? outcome.args : undefined;
  }

  private async fail(task: TaskRow, code: number, message: string): Promise<void> {
    await finishTask(
      this.ctx,
      task.task_id,
      { status: 'failed', error: { code, message } },
      { leaseOwner: this.owner },
    );
    this.changed(task);
  }

  /** Tells listening clients (notifications/tasks) that the task moved. */
  changed(task: Pick<TaskRow, 'task_id' | 'server_id'>): void {
    void this.ctx.events
      .publish({ type: 'task_changed', taskId: task.task_id, serverId: task.server_id })
      .catch(() => undefined);
  }

  /** Stops working here: leases lapse, and another instance (or this one restarted) resumes. */
  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    this.unsubscribe();
    for (const cancel of this.running.values()) cancel.cancel();
  }
}

function pollOf(exec: Execution | null): { intervalMs: number; maxWaitMs: number } {
  const settings = exec ?? readExecution({})!;
  return { intervalMs: settings.pollIntervalMs, maxWaitMs: settings.maxWaitMs };
}

const runners = new WeakMap<AppContext, TaskRunner>();

/** The context's task runner, made (and closed with the context) on first use. */
export function taskRunnerOf(ctx: AppContext): TaskRunner {
  let runner = runners.get(ctx);
  if (!runner) {
    const created = new TaskRunner(ctx, Math.round(ctx.config.taskLeaseSeconds * 1000));
    runners.set(ctx, created);
    ctx.onClose.push(() => created.close());
    runner = created;
  }
  return runner;
}
