import type { ToolResult } from '../executor/types.ts';

/** The CallToolResult on the wire: `structuredContent` only when present. */
export function presentResult(result: ToolResult): Record<string, unknown> {
  return {
    content: result.content,
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    isError: result.isError === true,
  };
}

/** A tool error result (the call ran, or was refused, and the client should read why). */
export function toolError(text: string): Record<string, unknown> {
  return { content: [{ type: 'text', text }], isError: true };
}
