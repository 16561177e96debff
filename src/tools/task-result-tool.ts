import type { ToolRecord } from '../store/tools.repo.ts';
import { executionOf } from './execution.ts';

/*
 * `get_task_result`: the gateway's own tool for clients without MCP tasks, listed when a tool of
 * the server answers "continues as task …" after its `continue_after_ms` (tools/execution.ts).
 * A tool of the server with the same name wins; the gateway's is then not offered.
 */

export const TASK_RESULT_TOOL = 'get_task_result';

/** True when some active tool continues in the background for clients without tasks. */
export function offersTaskResults(tools: readonly ToolRecord[]): boolean {
  return (
    tools.some((t) => executionOf(t)?.continueAfterMs != null) &&
    !tools.some((t) => t.slug === TASK_RESULT_TOOL)
  );
}

export function presentTaskResultTool(): Record<string, unknown> {
  return {
    name: TASK_RESULT_TOOL,
    title: 'Get a task result',
    description:
      'Fetch the result of a call that continues in the background (an earlier answer named its task id). Says so when it is still running.',
    inputSchema: {
      type: 'object',
      properties: { task_id: { type: 'string', description: 'the task id the earlier answer named' } },
      required: ['task_id'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}
