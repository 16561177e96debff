/** How a server presents its tools to MCP clients (`tool_exposure`), in the UI's words. */
import type { Server, ToolExposure } from '../api/types.ts';

export const EXPOSURES: ReadonlyArray<{ value: ToolExposure; label: string; hint: string }> = [
  {
    value: 'auto',
    label: 'Auto',
    hint: 'every tool in tools/list until their definitions pass the token budget, then discovery',
  },
  { value: 'all', label: 'All tools', hint: 'every active tool in tools/list' },
  {
    value: 'discovery',
    label: 'Discovery',
    hint: 'three meta-tools (search_tools, describe_tools, call_tool): the model looks tools up as it needs them',
  },
  {
    value: 'code',
    label: 'Code mode',
    hint: 'the model writes a program against the tools (TypeScript), run in a sandbox; each api call is an ordinary tool call',
  },
];

/** The mode `tools_list_tokens.mode` names (all, discovery or code), as a phrase. */
export function servedAs(mode: NonNullable<Server['tools_list_tokens']>['mode']): string {
  if (mode === 'code') return 'code mode: four tools';
  if (mode === 'discovery') return 'discovery: three meta-tools';
  return 'every tool listed';
}

/** "tools/list ≈ N tokens now (…); M with every tool", or undefined before the API has counted. */
export function toolsListTokens(server: Pick<Server, 'tools_list_tokens'> | undefined): string | undefined {
  const t = server?.tools_list_tokens;
  if (!t) return undefined;
  const fmt = (n: number) => n.toLocaleString('en-US');
  return `tools/list ≈ ${fmt(t.current)} tokens now (${servedAs(t.mode)}); ${fmt(t.all)} with every tool`;
}
