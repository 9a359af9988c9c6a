/** JSON export: an array of objects, one per issue, with the row type's field names. */
import { cellText, EXPORT_COLUMNS, type ExportIssue } from './export-issue.js';
import type { RowsWritten } from './progress.js';

/** One issue as a plain object: lists stay arrays, dates become ISO strings, missing values `null`. */
function jsonRow(row: ExportIssue): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of EXPORT_COLUMNS) {
    if (column.kind === 'list') out[column.field] = [...(row[column.field] as readonly string[])];
    else if (column.kind === 'text') out[column.field] = row[column.field] ?? null;
    else out[column.field] = cellText(row, column) || null;
  }
  return out;
}

/** The JSON text of the rows, one object per line; `written` is told after each row. */
export async function writeJson(rows: readonly ExportIssue[], written: RowsWritten): Promise<Uint8Array> {
  const lines: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    lines.push(JSON.stringify(jsonRow(rows[i])));
    await written(i + 1);
  }
  return new TextEncoder().encode(lines.length ? `[\n${lines.join(',\n')}\n]\n` : '[]\n');
}
