/**
 * XLSX export with exceljs: one sheet, a bold frozen header row, widths that fit each
 * column, and dates as real date cells so they sort and filter as dates. exceljs is
 * large, so it is loaded on the first XLSX export only.
 */
import { withoutXmlNoncharacters } from '../http/control-characters.js';
import { cellText, EXPORT_COLUMNS, type ExportIssue } from './export-issue.js';
import type { RowsWritten } from './progress.js';

/** The name of the one sheet. */
export const XLSX_SHEET_NAME = 'Issues';

/** Excel refuses to open a file with a longer text cell. */
const MAX_CELL_TEXT = 32_767;

function cellValue(row: ExportIssue, column: (typeof EXPORT_COLUMNS)[number]): string | Date | null {
  const text = cellText(row, column);
  if (!text) return null;
  if (column.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(`${text}T00:00:00Z`);
  if (column.kind === 'timestamp') {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date;
  }
  // Cells are typed as strings, so text like "=1+1" is shown, never run as a formula. XML cannot
  // hold U+FFFE or U+FFFF, refused in new text but perhaps stored before: they are left out.
  const cell = withoutXmlNoncharacters(text);
  return cell.length > MAX_CELL_TEXT ? cell.slice(0, MAX_CELL_TEXT) : cell;
}

/** The XLSX file of the rows; `written` is told after each row. */
export async function writeXlsx(rows: readonly ExportIssue[], written: RowsWritten): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(XLSX_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.field,
    width: column.width,
    style: column.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : column.kind === 'timestamp' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (let i = 0; i < rows.length; i++) {
    sheet.addRow(EXPORT_COLUMNS.map((column) => cellValue(rows[i], column)));
    await written(i + 1);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
