/*
 * The messages between the gateway and a sandbox worker. Only strings and numbers cross: a program's
 * values are JSON text on both sides, so nothing of the host (functions, prototypes, handles) can
 * reach a program, and nothing of a program can reach the host but data.
 */

/** What a run may use, as the worker enforces it. */
export interface RunLimits {
  cpuMs: number;
  memoryMb: number;
  maxCalls: number;
  maxInflight: number;
  logLines: number;
  /** Bytes of the program's return value (its JSON). */
  resultBytes: number;
}

export type ToWorker =
  | { type: 'run'; id: number; code: string; limits: RunLimits }
  /** The answer to an `api` call: `value` the result's JSON, or `error` an ApiError's fields as JSON. */
  | { type: 'reply'; id: number; callId: number; value?: string; error?: string }
  | { type: 'abort'; id: number; reason: string };

export interface GuestError {
  name: string;
  message: string;
  /** Line in the program as written (1-based), when known. */
  line?: number;
  /** At most a few frames, lines as written, no host paths. */
  stack?: string;
}

export type FromWorker =
  /** The worker has loaded and listens. */
  | { type: 'ready' }
  | { type: 'call'; id: number; callId: number; op: string; args: string }
  | {
      type: 'done';
      id: number;
      /** The returned value's JSON (`null` for undefined). */
      result?: string;
      error?: GuestError;
      logs: string[];
      /** Log lines left out over the limit. */
      droppedLogs: number;
      cpuMs: number;
    };
