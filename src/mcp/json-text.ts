/*
 * Results whose JSON text is kept (a `tools/list` page of a 1,000-tool server is ~200 KB of
 * JSON, and serializing it again on every listing was a fifth of the listing's cost). A result
 * marked with its text is written by splicing that text into the JSON-RPC envelope; fields a
 * transport adds to the result afterwards (the 2026 revision's `ttlMs`, `cacheScope`) are
 * appended. A marked result is only ever extended, never changed in place.
 */

interface KeptText {
  text: string;
  /** Own keys the text covers: the first `fields` keys of the result. */
  fields: number;
}

const kept = new WeakMap<object, KeptText>();

/** Marks `result` as having `text` (its JSON) as its serialization; returns it. */
export function withJsonText<T extends Record<string, unknown>>(result: T, text: string): T {
  kept.set(result, { text, fields: Object.keys(result).length });
  return result;
}

/** JSON text of a JSON-RPC message (or a batch of them), splicing in kept result texts. */
export function stringifyMessage(message: unknown): string {
  if (Array.isArray(message)) return `[${message.map(stringifyMessage).join(',')}]`;
  const result = (message as { result?: unknown } | null)?.result;
  const k = result !== null && typeof result === 'object' ? kept.get(result) : undefined;
  if (!k) return JSON.stringify(message);
  const { result: _result, ...envelope } = message as Record<string, unknown>;
  const keys = Object.keys(result as Record<string, unknown>);
  let text = k.text;
  if (keys.length > k.fields) {
    const added: Record<string, unknown> = {};
    for (const key of keys.slice(k.fields)) added[key] = (result as Record<string, unknown>)[key];
    const extra = JSON.stringify(added).slice(1, -1);
    if (extra) text = text === '{}' ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`;
  }
  return `${JSON.stringify(envelope).slice(0, -1)},"result":${text}}`;
}
