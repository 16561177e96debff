/*
 * PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text
 * Format"): one line per row, columns separated by a tab, `\N` for NULL, and a backslash escape
 * for the four characters that would break a line or a column: `\\`, `\n`, `\r`, `\t`. Nothing else
 * needs escaping (`\.` cannot occur: every backslash is doubled). PostgreSQL text cannot hold
 * U+0000, so it is removed, as everywhere else the store writes text.
 */

const SPECIAL = /[\\\n\r\t\u0000]/;
const SPECIAL_ALL = /[\\\n\r\t\u0000]/g;

function escapeChar(ch: string): string {
  switch (ch) {
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default:
      return '';
  }
}

/** One value as a COPY text field: `\N` for null, numbers as written, text escaped. */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  // The test first: almost no value holds one of the five characters, and a replace that finds
  // nothing still costs a regexp run and a new string.
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, escapeChar) : value;
}
