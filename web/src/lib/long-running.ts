/**
 * A tool's long-running settings as the tool editor edits them (`execution`): off is an ordinary
 * call (`null`); on, MCP clients with tasks get a task to poll. Bounds and defaults are the
 * server's (src/tools/execution.schema.ts, checked again by the API).
 */
import type { Tool } from '../api/types.ts';
import { checkWholeNumber } from './whole-number.ts';

export type TaskSupport = 'optional' | 'required';

/** The number fields, blank for the default; continue_after_ms has none (blank: the call waits). */
export const EXECUTION_NUMBERS = [
  {
    key: 'poll_interval_ms',
    label: 'Poll interval (ms)',
    hint: 'between polls when the API sends no Retry-After',
    min: 100,
    max: 60_000,
    default: 2_000,
  },
  {
    key: 'max_wait_s',
    label: 'Max wait (s)',
    hint: 'for the upstream work, polls included; then the call ends with a timeout',
    min: 1,
    max: 86_400,
    default: 3_600,
  },
  {
    key: 'ttl_s',
    label: 'Keep result (s)',
    hint: "how long a task's result can be fetched, from its start",
    min: 60,
    max: 604_800,
    default: 3_600,
  },
  {
    key: 'continue_after_ms',
    label: 'Clients without tasks: "continues" after (ms)',
    hint: 'empty = the call waits; set, a call still running then answers that it continues, with a task id, and clients get a get_task_result tool to fetch the result',
    min: 100,
    max: 600_000,
  },
] as const;
export type ExecutionNumberKey = (typeof EXECUTION_NUMBERS)[number]['key'];

export interface LongRunningForm {
  /** Unticked: `execution: null`; the other fields are kept, so ticking again restores them. */
  on: boolean;
  task: TaskSupport;
  /** Follow `202 Accepted` + `Location` (default on). */
  poll: boolean;
  ask_in_task: boolean;
  /** As typed; empty = the default (for continue_after_ms: the call waits). */
  numbers: Record<ExecutionNumberKey, string>;
}

/** The API's error key of an execution field (`execution.ttl_s`…): its errors land on the field. */
export const executionKey = (field: string) => `execution.${field}`;

export function emptyLongRunning(): LongRunningForm {
  const numbers = Object.fromEntries(EXECUTION_NUMBERS.map((n) => [n.key, ''])) as LongRunningForm['numbers'];
  return { on: false, task: 'optional', poll: true, ask_in_task: false, numbers };
}

/** A tool's stored `execution` in the form's terms (null: off; odd values: the defaults). */
export function longRunningToForm(execution: Tool['execution'] | undefined): LongRunningForm {
  const form = emptyLongRunning();
  if (typeof execution !== 'object' || execution === null || Array.isArray(execution)) return form;
  const raw = execution as Record<string, unknown>;
  form.on = true;
  if (raw.task === 'required') form.task = 'required';
  form.poll = raw.poll !== false;
  form.ask_in_task = raw.ask_in_task === true;
  for (const { key } of EXECUTION_NUMBERS)
    if (typeof raw[key] === 'number') form.numbers[key] = String(raw[key]);
  return form;
}

/**
 * `execution` as the form says it: null when off, else only what differs from the defaults (a
 * blank number, optional tasks, polling on and questions before the task are left out).
 */
export function executionBody(form: LongRunningForm): Record<string, unknown> | null {
  if (!form.on) return null;
  const execution: Record<string, unknown> = {};
  if (form.task !== 'optional') execution.task = form.task;
  if (!form.poll) execution.poll = false;
  if (form.ask_in_task) execution.ask_in_task = true;
  for (const { key } of EXECUTION_NUMBERS) {
    const typed = form.numbers[key].trim();
    if (typed !== '') execution[key] = Number(typed);
  }
  return execution;
}

/**
 * The body's `execution` when the form changed it from `stored` (the tool as loaded; undefined for a
 * new tool), else nothing: an untouched section leaves the field as it is.
 */
export function executionPatch(
  form: LongRunningForm,
  stored: Tool['execution'] | undefined,
): { execution?: Record<string, unknown> | null } {
  const execution = executionBody(form);
  const before = executionBody(longRunningToForm(stored));
  return JSON.stringify(execution) === JSON.stringify(before) ? {} : { execution };
}

/** Field → reason for the long-running fields (keys as the API names them); none when off. */
export function checkLongRunning(form: LongRunningForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.on) return errors;
  for (const { key, min, max } of EXECUTION_NUMBERS) {
    const text = form.numbers[key].trim();
    const reason = text === '' ? undefined : checkWholeNumber(text, min, max);
    if (reason) errors[executionKey(key)] = reason;
  }
  return errors;
}
