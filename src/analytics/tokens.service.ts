import type { AppContext } from '../context.ts';
import { sumTokens, type ToolTokens, tokensByTool } from '../store/tokens.repo.ts';
import { type DayRange, listDays } from './day-range.ts';
import { localDaysToUtc } from './time-zone.ts';

/** Most tools listed per day and in the top list. */
const TOP_TOOLS = 20;

export interface TokenReport {
  /** Arguments received and content served over the range. */
  args_tokens: number;
  result_tokens: number;
  /** Per local day of the range, oldest first: tokens per tool (most first). */
  days: Array<{ date: string; tools: ToolTokens[] }>;
  /** The tools with the most tokens (arguments + content) over the range. */
  top_tools: ToolTokens[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Token metering over a range of the site's days (estimates; see discovery/tokens.ts). */
export async function getTokenReport(ctx: AppContext, range: DayRange): Promise<TokenReport> {
  const from = iso(range.start);
  const before = iso(range.end);
  const [totals, top] = await Promise.all([
    sumTokens(ctx.store.db, from, before),
    tokensByTool(ctx.store.db, from, before, TOP_TOOLS),
  ]);
  const days: TokenReport['days'] = [];
  for (const date of listDays(range)) {
    const { start, end } = localDaysToUtc(date, date, range.timeZone);
    days.push({ date, tools: await tokensByTool(ctx.store.db, iso(start), iso(end), TOP_TOOLS) });
  }
  return { ...totals, days, top_tools: top };
}

/** Content tokens served over a range (the overview's `tokens_served`). */
export async function countTokensServed(
  ctx: AppContext,
  range: Pick<DayRange, 'start' | 'end'>,
): Promise<number> {
  return (await sumTokens(ctx.store.db, iso(range.start), iso(range.end))).result_tokens;
}
