/*
 * One token estimator for everything the operator sees (tool sizes, tools/list totals, metering).
 *
 * A calibrated approximation, not a tokenizer: UTF-8 bytes / 4. `@anthropic-ai/tokenizer` is the
 * reference but it is a WASM BPE of the legacy Claude vocabulary (a 1 MB rank table loaded at
 * start, ~40× slower than this per call) and it would run on every tool call for metering.
 * Against it, over the JSON of whole tools/list answers (issue 16's counts): Stripe 1,070,506
 * bytes → 261,499 tokens (4.09 bytes/token, this estimate +2.3%), OpenAI 980,466 → 239,570 (4.09,
 * +2.3%), Discourse 55,964 → 14,135 (3.96, −1.0%). Figures are estimates and labelled so.
 */

export const BYTES_PER_TOKEN = 4;

/** Estimated tokens of a text, or of a value's JSON. */
export function estimateTokens(value: unknown): number {
  if (value === undefined) return 0;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (!text) return 0;
  return Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);
}

/**
 * Estimated tokens of a tool result's `content` (what a client puts before the model): text
 * items by their text, anything else (images, resources) by its JSON.
 */
export function estimateContentTokens(content: ReadonlyArray<unknown> | undefined): number {
  if (!content) return 0;
  let bytes = 0;
  for (const item of content) {
    const text = (item as { type?: unknown; text?: unknown } | null)?.text;
    bytes +=
      typeof text === 'string'
        ? Buffer.byteLength(text, 'utf8')
        : Buffer.byteLength(JSON.stringify(item) ?? '');
  }
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}
