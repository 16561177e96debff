import { type Kysely, sql } from 'kysely';
import { toInt } from './rows.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/*
 * Token metering (issue 16), read from the call logs (`args_tokens`, `result_tokens`, migration
 * 005): rows written before it count 0.
 */

export interface TokenTotals {
  args_tokens: number;
  result_tokens: number;
}

const args = sql<number>`coalesce(sum(args_tokens), 0)`;
const result = sql<number>`coalesce(sum(result_tokens), 0)`;

/** Tokens received (arguments) and served (returned content) in [fromIso, beforeIso). */
export async function sumTokens(db: Db, fromIso: string, beforeIso: string): Promise<TokenTotals> {
  const row = await db
    .selectFrom('call_logs')
    .select([args.as('args_tokens'), result.as('result_tokens')])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .executeTakeFirst();
  return { args_tokens: toInt(row?.args_tokens), result_tokens: toInt(row?.result_tokens) };
}

export interface ToolTokens extends TokenTotals {
  server_uuid: string | null;
  server_name: string;
  tool_name: string;
  calls: number;
  tokens: number;
}

/** Tokens per (server, tool) in [fromIso, beforeIso), most tokens first. */
export async function tokensByTool(
  db: Db,
  fromIso: string,
  beforeIso: string,
  limit: number,
): Promise<ToolTokens[]> {
  const rows = await db
    .selectFrom('call_logs')
    .select((eb) => [
      'server_uuid',
      'server_name',
      'tool_name',
      eb.fn.countAll().as('calls'),
      args.as('args_tokens'),
      result.as('result_tokens'),
      sql<number>`coalesce(sum(args_tokens), 0) + coalesce(sum(result_tokens), 0)`.as('tokens'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .groupBy(['server_uuid', 'server_name', 'tool_name'])
    .orderBy('tokens', 'desc')
    .orderBy('tool_name', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    server_uuid: r.server_uuid,
    server_name: r.server_name,
    tool_name: r.tool_name,
    calls: toInt(r.calls),
    args_tokens: toInt(r.args_tokens),
    result_tokens: toInt(r.result_tokens),
    tokens: toInt(r.tokens),
  }));
}
