import type { Kysely, Selectable, Transaction } from 'kysely';
import { encodeJsonColumns, isNumericId, parseJson, toInt } from './rows.ts';
import type { Database, PromptsTable } from './schema.ts';
import type { Page } from './servers.repo.ts';

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
  /** Suggested values, offered by MCP `completion/complete`. */
  values?: string[];
}

/** A prompt as the store holds it, `arguments` parsed. */
export interface PromptRecord {
  id: number;
  server_id: number;
  name: string;
  description: string;
  arguments: PromptArgument[];
  template_content: string;
  created_at: string;
  updated_at: string;
}

export type NewPrompt = Omit<PromptRecord, 'id'>;

type Db = Kysely<Database> | Transaction<Database>;

function fromRow(row: Selectable<PromptsTable>): PromptRecord {
  return {
    ...row,
    id: toInt(row.id),
    server_id: toInt(row.server_id),
    arguments: parseJson(row.arguments, []),
  };
}

function toRow(prompt: Partial<NewPrompt>): Partial<Omit<PromptsTable, 'id'>> {
  return encodeJsonColumns(prompt, { arguments: '[]' });
}

export async function insertPrompt(db: Db, prompt: NewPrompt): Promise<PromptRecord> {
  const row = await db
    .insertInto('prompts')
    .values(toRow(prompt) as Omit<PromptsTable, 'id'>)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** Finds a prompt of the server by numeric id. */
export async function findPrompt(
  db: Db,
  serverId: number,
  ref: string | number,
): Promise<PromptRecord | undefined> {
  const key = String(ref);
  if (!isNumericId(key)) return undefined;
  const row = await db
    .selectFrom('prompts')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('id', '=', Number(key))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findPromptByName(
  db: Db,
  serverId: number,
  name: string,
): Promise<PromptRecord | undefined> {
  const row = await db
    .selectFrom('prompts')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listPrompts(
  db: Db,
  serverId: number,
  page: Page,
): Promise<{ rows: PromptRecord[]; total: number }> {
  const base = db.selectFrom('prompts').where('server_id', '=', serverId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(fromRow), total: toInt(count?.n) };
}

/** Every prompt of the server by name (MCP `prompts/list`). */
export async function listAllPrompts(db: Db, serverId: number): Promise<PromptRecord[]> {
  const rows = await db
    .selectFrom('prompts')
    .selectAll()
    .where('server_id', '=', serverId)
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(fromRow);
}

export async function updatePromptRow(
  db: Db,
  id: number,
  patch: Partial<NewPrompt>,
): Promise<PromptRecord | undefined> {
  const row = await db
    .updateTable('prompts')
    .set(toRow(patch))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function deletePromptRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('prompts').where('id', '=', id).executeTakeFirst();
  return toInt(result.numDeletedRows) > 0;
}
