import { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { CSV_COLUMNS } from '../store/call-log-columns.ts';
import { iterateCallLogs } from '../store/call-logs-read.repo.ts';
import { parseCallFilter } from './call-filters.ts';
import { presentCallLog } from './call-logs.service.ts';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Text starting with = + - @ or a tab gets a leading apostrophe so a spreadsheet never runs it
 * as a formula (call logs carry text chosen by MCP clients and upstreams).
 */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export type ExportFormat = 'csv' | 'json';

export function parseExportFormat(raw: unknown): ExportFormat {
  const format = raw === undefined || raw === '' ? 'csv' : String(raw).toLowerCase();
  if (format !== 'csv' && format !== 'json') throw invalidParams({ format: 'must be csv or json' });
  return format;
}

/**
 * Streams every call log matching the list filters, newest first, as CSV (header row first) or a
 * JSON array. Filters are validated before the first byte so bad input is still a clean 400.
 */
export async function exportCalls(
  ctx: AppContext,
  query: Record<string, unknown>,
  format: ExportFormat,
): Promise<Readable> {
  const { filter } = await parseCallFilter(ctx, query);
  const rows = iterateCallLogs(ctx.store.db, ctx.store.dialect, filter);
  // Lines are gathered into ~64 KB chunks: one stream write per row would dominate the cost.
  async function* render(): AsyncGenerator<string> {
    let chunk = format === 'csv' ? csvLine(CSV_COLUMNS) : '[';
    let first = true;
    for await (const row of rows) {
      const record = presentCallLog(row);
      if (format === 'csv') chunk += csvLine(CSV_COLUMNS.map((c) => record[c]));
      else chunk += `${first ? '' : ','}\n${JSON.stringify(record)}`;
      first = false;
      if (chunk.length >= 65_536) {
        yield chunk;
        chunk = '';
      }
    }
    yield format === 'csv' ? chunk : `${chunk}\n]\n`;
  }
  return Readable.from(render(), { objectMode: false });
}
