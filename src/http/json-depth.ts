/*
 * Request bodies and imported documents are walked by recursive code (JSON.stringify, schema
 * walkers, the OpenAPI validator): a value nested thousands of levels deep overflows the stack
 * there. Real documents stay far below this limit, so anything deeper is refused up front.
 */

/** Deepest nesting of objects and arrays accepted in a JSON body or an imported document. */
export const MAX_JSON_DEPTH = 256;

/**
 * True when `value` nests objects/arrays more than `limit` levels deep. Counted with an explicit
 * stack, so the check itself cannot overflow; shared objects (YAML aliases) are visited once.
 */
export function exceedsDepth(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    if (depth > limit) return true;
    seen.add(node);
    for (const child of Object.values(node))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * True when JSON text nests objects/arrays more than `limit` levels deep: a character scan that
 * skips string contents, several times cheaper than parsing, run before `JSON.parse`.
 */
export function jsonTextExceedsDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  // Valid JSON nested deeper than `limit` opens more than `limit` brackets and closes as many: a
  // shorter text is shallower or not JSON, which JSON.parse (iterative in V8, no recursion to
  // overflow) then refuses. Most MCP requests are this short (a 2026 call with its `_meta`, ~300
  // characters, was scanned on every call before).
  if (text.length < 2 * (limit + 1)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
