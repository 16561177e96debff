/*
 * The `execution` field of a tool (migration 017): a long-running call. Null (the default) is an
 * ordinary call. Semantics: src/tools/execution.ts, src/tasks/README.md.
 */

export const EXECUTION_LIMITS = {
  poll_interval_ms: { minimum: 100, maximum: 60_000, default: 2_000 },
  max_wait_s: { minimum: 1, maximum: 86_400, default: 3_600 },
  ttl_s: { minimum: 60, maximum: 604_800, default: 3_600 },
  continue_after_ms: { minimum: 100, maximum: 600_000 },
} as const;

export const executionSchema = {
  type: ['object', 'null'],
  description:
    'a long-running call: MCP clients that support the Tasks extension get a task to poll, and an upstream answering 202 Accepted with a Location is polled until done; null (default) = an ordinary call',
  additionalProperties: false,
  properties: {
    task: {
      type: 'string',
      enum: ['optional', 'required'],
      default: 'optional',
      description:
        'optional: a task for clients that support tasks, an ordinary (waiting) call for the others; required: clients without tasks get error -32021',
    },
    poll: {
      type: 'boolean',
      default: true,
      description:
        "follow `202 Accepted` with `Location` (or `Operation-Location`): poll that URL, same origin only, with the tool's credentials, honouring `Retry-After`, until it answers otherwise",
    },
    poll_interval_ms: {
      type: 'integer',
      ...EXECUTION_LIMITS.poll_interval_ms,
      description: 'wait between polls when the upstream sends no Retry-After',
    },
    max_wait_s: {
      type: 'integer',
      ...EXECUTION_LIMITS.max_wait_s,
      description:
        'seconds the upstream work may take, polls included; then the call ends with a timeout error',
    },
    ttl_s: {
      type: 'integer',
      ...EXECUTION_LIMITS.ttl_s,
      description: 'seconds a task is kept from its creation (its result can be fetched until then)',
    },
    ask_in_task: {
      type: 'boolean',
      default: false,
      description:
        "ask the tool's interaction questions (confirmation, inputs) inside the task (status input_required, answered with tasks/update) instead of before it is created",
    },
    continue_after_ms: {
      type: ['integer', 'null'],
      ...EXECUTION_LIMITS.continue_after_ms,
      default: null,
      description:
        'clients without tasks: a call still running after this many milliseconds answers that it continues, with a task id the `get_task_result` tool fetches; null (default) = the call waits',
    },
  },
} as const;
