import type { ServerRecord } from '../store/servers.repo.ts';

/*
 * A server's discovery settings (issue 16), kept in `servers.settings` beside `description`, with
 * their defaults. `tool_exposure` itself is a column (migration 005).
 */

/** Settings keys that change what tools/list answers. */
export const DISCOVERY_SETTINGS = ['token_budget', 'tool_name_limit', 'description_budget'] as const;

/** `auto` lists every tool until their definitions exceed this many tokens. */
export const DEFAULT_TOKEN_BUDGET = 20_000;
/** Longest tool name served (tools/tool-names.ts gives out at most 64); Cursor cuts at 60. */
export const DEFAULT_NAME_LIMIT = 64;
export const MIN_NAME_LIMIT = 20;
/** Characters of a description in tools/list; describe_tools returns the whole text. */
export const DEFAULT_DESCRIPTION_BUDGET = 1_000;

export interface DiscoverySettings {
  tokenBudget: number;
  nameLimit: number;
  descriptionBudget: number;
}

function positiveInt(value: unknown, fallback: number, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

export function readDiscoverySettings(server: Pick<ServerRecord, 'settings'>): DiscoverySettings {
  const s = server.settings;
  return {
    tokenBudget: positiveInt(s.token_budget, DEFAULT_TOKEN_BUDGET, 0, 10_000_000),
    nameLimit: positiveInt(s.tool_name_limit, DEFAULT_NAME_LIMIT, MIN_NAME_LIMIT, DEFAULT_NAME_LIMIT),
    descriptionBudget: positiveInt(s.description_budget, DEFAULT_DESCRIPTION_BUDGET, 100, 100_000),
  };
}

/** The mode served: `auto` resolves by the size of the full listing against the budget. */
export function resolveExposure(
  exposure: ServerRecord['tool_exposure'],
  allModeTokens: number,
  tokenBudget: number,
): 'all' | 'discovery' | 'code' {
  if (exposure === 'code') return 'code';
  if (exposure === 'auto') return allModeTokens > tokenBudget ? 'discovery' : 'all';
  return exposure === 'discovery' ? 'discovery' : 'all';
}

/**
 * A description within `budget` characters, cut after the last whole sentence that fits (else at a
 * word), with "…" marking the cut. Shorter ones are returned as they are.
 */
export function cutDescription(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const head = text.slice(0, budget - 2);
  let end = -1;
  for (const m of head.matchAll(/[.!?](?=\s)|\n\s*\n/g)) end = m.index + (m[0].startsWith('\n') ? 0 : 1);
  if (end < budget / 3) end = head.lastIndexOf(' ');
  if (end <= 0) end = head.length;
  return `${head.slice(0, end).trimEnd()} …`;
}
