import { type Db, type ItemRecord, itemStore } from './server-items.ts';

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
  /** Suggested values, offered by MCP `completion/complete`. */
  values?: string[];
  /** Asked of the person (MCP elicitation) rather than listed for the model. */
  ask_user?: boolean;
}

/** A prompt as the store holds it (the `prompts` row), `arguments` parsed. */
export type PromptRecord = ItemRecord<'prompts', { arguments: PromptArgument[] }>;
export type NewPrompt = Omit<PromptRecord, 'id'>;

/** The prompt kind of the server-item store (the service layer's handle on it). */
export const promptItems = itemStore<'prompts', PromptRecord>({
  table: 'prompts',
  json: { arguments: { empty: '[]', fallback: [] } },
  order: [
    ['name', 'asc'],
    ['id', 'asc'],
  ],
  ref: 'id',
});

export const insertPrompt = promptItems.insert;
/** A prompt of the server by numeric id. */
export const findPrompt = promptItems.find;
export const findPromptByName = (db: Db, serverId: number, name: string) =>
  promptItems.findBy(db, serverId, 'name', name);
/** A page of the server's prompts, by name. */
export const listPrompts = promptItems.list;
/** Every prompt of the server by name (MCP `prompts/list`). */
export const listAllPrompts = promptItems.listAll;
export const updatePromptRow = promptItems.update;
export const deletePromptRow = promptItems.delete;
