import { isObject } from './types.ts';

/*
 * Operations an OpenAPI document describes as asynchronous (issue 38) are proposed as long-running
 * tools (`execution`, tools/execution.ts): a `202` response that names where to poll — a
 * `Location` or `Operation-Location` header, or `links` to a status operation — or Azure's
 * `x-ms-long-running-operation: true`. Callbacks alone are not: Toolgate cannot receive them, so
 * such operations are only named in a warning.
 */

type Obj = Record<string, unknown>;

const POLL_HEADERS = new Set(['location', 'operation-location']);

/** `{ execution: {} }` (the defaults) for an operation that is asynchronous, else nothing. */
export function readLongRunning(op: Obj): { execution?: Obj } {
  if (op['x-ms-long-running-operation'] === true) return { execution: {} };
  const responses = isObject(op.responses) ? op.responses : {};
  const accepted = responses['202'];
  if (!isObject(accepted)) return {};
  const headers = isObject(accepted.headers) ? Object.keys(accepted.headers) : [];
  const polled = headers.some((h) => POLL_HEADERS.has(h.toLowerCase()));
  const linked = isObject(accepted.links) && Object.keys(accepted.links).length > 0;
  return polled || linked ? { execution: {} } : {};
}

/** True when the operation documents callbacks (requests the API makes back to the caller). */
export function hasCallbacks(op: Obj): boolean {
  return isObject(op.callbacks) && Object.keys(op.callbacks).length > 0;
}

/** The import's notes about asynchronous operations, if any. */
export function describeAsync(longRunning: string[], callbacks: string[]): string[] {
  const notes: string[] = [];
  if (longRunning.length > 0)
    notes.push(
      `${longRunning.length} operation(s) answer 202 Accepted with a place to poll (${longRunning.slice(0, 5).join(', ')}${longRunning.length > 5 ? ', …' : ''}): imported as long-running — MCP clients with tasks get a task, the gateway polls until the API is done.`,
    );
  if (callbacks.length > 0)
    notes.push(
      `${callbacks.length} operation(s) document callbacks (${callbacks.slice(0, 5).join(', ')}${callbacks.length > 5 ? ', …' : ''}), which Toolgate does not receive; if such an operation also names a status URL to poll, mark the tool long-running.`,
    );
  return notes;
}
