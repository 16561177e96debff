/** Shared helpers for turning stored rows into API objects and back. */

export function nowIso(): string {
  return new Date().toISOString();
}

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/**
 * A record as a table row: each JSON column named in `empty` that the record carries is encoded,
 * and a null or undefined value is stored as that column's `empty` text (or null).
 */
export function encodeJsonColumns(
  record: object,
  empty: Readonly<Record<string, string | null>>,
): Record<string, unknown> {
  const row: Record<string, unknown> = { ...record };
  for (const [col, fallback] of Object.entries(empty)) {
    if (!(col in row)) continue;
    const value = row[col];
    row[col] = value === null || value === undefined ? fallback : toJson(value);
  }
  return row;
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toInt(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return Number.parseInt(value, 10) || 0;
  return 0;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function isNumericId(value: string): boolean {
  return /^[1-9][0-9]{0,15}$/.test(value);
}

/** True when the error is a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(e?.message ?? '')
  );
}

/**
 * Text without NUL characters, which PostgreSQL's text columns refuse (SQLite keeps them). For
 * values the gateway records rather than an operator types (MCP client names, call-log fields):
 * the management API refuses NUL in bodies instead.
 */
export function withoutNul<T>(value: T): T {
  return (
    typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value
  ) as T;
}
