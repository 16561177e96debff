/**
 * Markdown a language model and a person both read easily: an array of objects becomes a table
 * (columns in order of first appearance), an array of scalars a bullet list, an object a list of
 * `**key**: value` lines with nested tables for its arrays of objects, a scalar itself.
 */
export function renderMarkdown(value: unknown): string {
  if (Array.isArray(value)) return renderArray(value);
  if (isPlainObject(value)) {
    const lines: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (Array.isArray(v) && v.length > 0 && v.every(isPlainObject)) {
        lines.push('', `**${key}**:`, '', table(v as Record<string, unknown>[]), '');
      } else lines.push(`- **${key}**: ${inline(v)}`);
    }
    return lines.join('\n').trim();
  }
  return inline(value);
}

function renderArray(items: unknown[]): string {
  if (items.length === 0) return '_(no items)_';
  if (items.every(isPlainObject)) return table(items as Record<string, unknown>[]);
  return items.map((v) => `- ${inline(v)}`).join('\n');
}

function table(rows: Record<string, unknown>[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const key of Object.keys(row))
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
  const head = `| ${columns.map(cell).join(' | ')} |`;
  const rule = `| ${columns.map(() => '---').join(' | ')} |`;
  const body = rows.map((row) => `| ${columns.map((c) => cell(inline(row[c]))).join(' | ')} |`);
  return [head, rule, ...body].join('\n');
}

/** A table cell cannot hold pipes or line breaks. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

function inline(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
