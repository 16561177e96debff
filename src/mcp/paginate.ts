import { invalidParams } from './errors.ts';

/** Items per page of the MCP list methods: large, so clients that never follow cursors see everything. */
export const PAGE_SIZE = 100;

/**
 * Opaque cursor pagination (MCP basic/utilities/pagination): the cursor is the base64url of the
 * next offset. An unreadable cursor is -32602.
 */
export function paginate<T>(items: T[], cursor: unknown, key: string): Record<string, unknown> {
  let start = 0;
  if (cursor !== undefined && cursor !== null) {
    if (typeof cursor !== 'string') throw invalidParams('cursor must be a string');
    const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
    const n = /^o:(\d{1,9})$/.exec(decoded);
    if (!n || Number(n[1]) > items.length) throw invalidParams('Invalid cursor');
    start = Number(n[1]);
  }
  const end = start + PAGE_SIZE;
  return {
    [key]: items.slice(start, end),
    ...(end < items.length ? { nextCursor: Buffer.from(`o:${end}`).toString('base64url') } : {}),
  };
}
