import { BYTES_PER_TOKEN, estimateTokens } from '../discovery/tokens.ts';
import type { PaginationHint, ToolRecord } from '../store/tools.repo.ts';
import { isScalar } from './lossless-json.ts';

/*
 * Responses sized for a model (issue 16): a result within the tool's `max_output_tokens`
 * (null: the server's `settings.max_output_tokens`, default 10,000; 0: no token limit), measured
 * with the project's one estimator (discovery/tokens.ts). Applied after response mapping:
 * - a JSON list (the answer, or the largest list of an object answer such as Stripe's
 *   `{data: […], has_more}`) keeps its first items that fit and says how many were left out and
 *   which argument pages further (the tool's `response_mapping.pagination`, found at import);
 * - any other text is cut at a line boundary with a note.
 */

/** Default of the server setting `max_output_tokens` (docs/DECISIONS.md says why 10,000). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;

/** The token budget of a tool's results; 0 = no limit. */
export function readOutputBudget(
  tool: Pick<ToolRecord, 'max_output_tokens'>,
  serverSettings: Record<string, unknown> | undefined,
): number {
  const own = tool.max_output_tokens;
  if (typeof own === 'number' && Number.isInteger(own) && own >= 0) return own;
  const setting = serverSettings?.max_output_tokens;
  if (typeof setting === 'number' && Number.isInteger(setting) && setting >= 0) return setting;
  return DEFAULT_MAX_OUTPUT_TOKENS;
}

export function overBudget(text: string, budget: number): boolean {
  // Cheap first: a string of fewer UTF-16 units than budget × 4 / 3 bytes can never be over.
  if (budget <= 0 || text.length * 3 <= budget * BYTES_PER_TOKEN) return false;
  return estimateTokens(text) > budget;
}

/** Where the list to cut sits in a value: the value itself, or one member of an object. */
export interface ListSlot {
  list: unknown[];
  /** Undefined: the value is the list. */
  key?: string;
}

/** The list a cut shortens: the value when it is one, else the object's largest list member. */
export function findList(value: unknown): ListSlot | undefined {
  if (Array.isArray(value)) return { list: value };
  if (value === null || typeof value !== 'object' || isScalar(value)) return undefined;
  let best: ListSlot | undefined;
  let bestSize = -1;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(v) || v.length === 0) continue;
    const size = v.length === 1 ? 1 : estimateTokens(v);
    if (size > bestSize) {
      best = { list: v, key };
      bestSize = size;
    }
  }
  return best;
}

/** The value with its list replaced by `items`. */
export function withList(value: unknown, slot: ListSlot, items: unknown[]): unknown {
  return slot.key === undefined ? items : { ...(value as Record<string, unknown>), [slot.key]: items };
}

export interface ListCut {
  value: unknown;
  text: string;
  shown: number;
  total: number;
}

/**
 * The longest start of the slot's list whose rendering (plus `reserve` bytes for the note) fits
 * the budget: sizes of the items are measured once, then one rendering is checked and shrunk
 * until it fits. Undefined when even one item does not fit.
 */
export function cutList(
  value: unknown,
  slot: ListSlot,
  render: (value: unknown) => string,
  budget: number,
  reserve: number,
  itemBytes: (item: unknown) => number,
): ListCut | undefined {
  const limit = budget * BYTES_PER_TOKEN - reserve;
  const base = Buffer.byteLength(render(withList(value, slot, [])));
  let room = limit - base;
  let shown = 0;
  for (const item of slot.list) {
    room -= itemBytes(item) + 2;
    if (room < 0) break;
    shown++;
  }
  for (let round = 0; ; round++) {
    if (shown === 0) return undefined;
    const cut = withList(value, slot, slot.list.slice(0, shown));
    const text = render(cut);
    const bytes = Buffer.byteLength(text);
    if (bytes <= limit) return { value: cut, text, shown, total: slot.list.length };
    // The estimate missed (indentation, markup of the format): shrink in proportion, then by one.
    shown = round < 4 ? Math.min(shown - 1, Math.floor((shown * limit) / bytes)) : shown - 1;
  }
}

/** The note after a cut list: how many items were left out and how to page further. */
export function describeListCut(
  cut: Pick<ListCut, 'shown' | 'total'> & { value: unknown },
  slot: ListSlot,
  budget: number,
  hint: PaginationHint | undefined,
  args: Record<string, unknown> | undefined,
): string {
  const left = cut.total - cut.shown;
  const where = slot.key === undefined ? '' : ` of "${slot.key}"`;
  const head = `[… ${left} more item${left === 1 ? '' : 's'}${where} not shown: the first ${cut.shown} of ${cut.total} fit this tool's output limit of ${budget.toLocaleString('en-US')} tokens.`;
  const last = (cut.value === undefined ? [] : slotItems(cut.value, slot)).at(-1);
  return `${head} ${pagingAdvice(hint, cut.shown, last, args)}]`;
}

function slotItems(value: unknown, slot: ListSlot): unknown[] {
  const list = slot.key === undefined ? value : (value as Record<string, unknown>)[slot.key];
  return Array.isArray(list) ? list : [];
}

function idOf(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const id = (item as Record<string, unknown>).id;
  if (typeof id === 'string') return JSON.stringify(id);
  if (isScalar(id) && id !== null && id !== undefined) return String(id);
  return undefined;
}

function pagingAdvice(
  hint: PaginationHint | undefined,
  shown: number,
  lastItem: unknown,
  args: Record<string, unknown> | undefined,
): string {
  const limit = hint?.limit_param;
  const smaller = limit ? `${limit}=${shown}` : undefined;
  const param = hint?.param;
  switch (param ? hint?.kind : undefined) {
    case 'after_id': {
      const id = idOf(lastItem);
      return `Call again with ${param}=${id ?? '<id of the last item shown>'} to get the next items.`;
    }
    case 'offset': {
      const from = typeof args?.[param!] === 'number' ? (args[param!] as number) : 0;
      return `Call again with ${param}=${from + shown} to get the next items.`;
    }
    case 'page': {
      const page = typeof args?.[param!] === 'number' ? (args[param!] as number) : 1;
      return smaller
        ? `Call again with ${smaller} (and ${param}=…) to get every item in parts, or ${param}=${page + 1} for the next page.`
        : `Call again with ${param}=${page + 1} for the next page (the items not shown here are skipped), or narrow the request.`;
    }
    case 'cursor':
      return smaller
        ? `Call again with ${smaller} to get the items in parts; the answer's next-page token goes in ${param}.`
        : `The answer's next-page token goes in ${param} (the items not shown here are skipped); or narrow the request.`;
    default:
      return smaller
        ? `Call again with ${smaller}, or narrow the request, to see the rest.`
        : 'Narrow the request (filters, a smaller page) to see the rest.';
  }
}

/**
 * Text within the budget, cut after the last whole line that fits (a single line longer than
 * the budget is cut at a character), with a note saying what was cut. Unchanged when it fits.
 */
export function cutText(text: string, budget: number, hint?: PaginationHint): string {
  if (!overBudget(text, budget)) return text;
  const total = Buffer.byteLength(text);
  const lines = countLines(text);
  const limit = budget * BYTES_PER_TOKEN - 300;
  let kept = Buffer.from(text).subarray(0, Math.max(0, limit)).toString('utf8');
  if (kept.endsWith('\uFFFD')) kept = kept.slice(0, -1);
  const nl = kept.lastIndexOf('\n');
  if (nl > 0) kept = kept.slice(0, nl);
  const shownLines = countLines(kept);
  const paging =
    hint?.limit_param !== undefined
      ? ` Call again with a smaller ${hint.limit_param}, or narrow the request, to see the rest.`
      : ' Narrow the request to see the rest.';
  const what =
    nl > 0
      ? `the first ${shownLines} of ${lines} lines are shown`
      : `the first ${Buffer.byteLength(kept)} of ${total} bytes are shown`;
  return `${kept}\n\n[Output cut at this tool's limit of ${budget.toLocaleString('en-US')} tokens: ${what}.${paging}]`;
}

function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
