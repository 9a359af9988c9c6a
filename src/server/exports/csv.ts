/**
 * CSV as RFC 4180 describes it (CRLF line ends, fields with commas, quotes or line
 * breaks quoted, quotes doubled), with a UTF-8 byte order mark so spreadsheet
 * programs read the text as UTF-8.
 */
import { cellText, EXPORT_COLUMNS, type ExportIssue } from './export-issue.js';
import type { RowsWritten } from './progress.js';

/** The byte order mark that tells spreadsheet programs the file is UTF-8. */
export const UTF8_BOM = '\ufeff';

/**
 * A cell a spreadsheet would run as a formula (OWASP CSV injection: = + - @ tab CR)
 * gets a leading single quote, which makes it text.
 */
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field, quoted when RFC 4180 requires it. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV text of the rows, header first; `written` is told after each row. */
export async function writeCsv(rows: readonly ExportIssue[], written: RowsWritten): Promise<Uint8Array> {
  const lines = [EXPORT_COLUMNS.map((c) => csvField(c.header)).join(',')];
  for (let i = 0; i < rows.length; i++) {
    lines.push(EXPORT_COLUMNS.map((c) => csvField(defuseFormula(cellText(rows[i], c)))).join(','));
    await written(i + 1);
  }
  return new TextEncoder().encode(UTF8_BOM + lines.join('\r\n') + '\r\n');
}
