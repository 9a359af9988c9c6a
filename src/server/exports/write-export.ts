/** One entry point for every export provider. */
import { writeCsv } from './csv.js';
import { EXPORT_PROVIDERS, type ExportIssue, type ExportProvider } from './export-issue.js';
import { writeJson } from './json.js';
import { rowProgress, type RowsWritten } from './progress.js';
import { writeXlsx } from './xlsx.js';

/** A finished export file. */
export interface ExportFile {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

/** Options of `writeExport`. */
export interface WriteExportOptions {
  /** Told the fraction done (0 to 1) as rows are written; the last call is exactly 1. */
  onProgress?: (fraction: number) => void;
}

const WRITERS: Record<ExportProvider, { write: (rows: readonly ExportIssue[], written: RowsWritten) => Promise<Uint8Array>; contentType: string }> = {
  csv: { write: writeCsv, contentType: 'text/csv; charset=utf-8' },
  xlsx: { write: writeXlsx, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  json: { write: writeJson, contentType: 'application/json; charset=utf-8' },
};

/** Whether a value names an export provider. */
export function isExportProvider(value: unknown): value is ExportProvider {
  return typeof value === 'string' && (EXPORT_PROVIDERS as readonly string[]).includes(value);
}

/** Writes the rows in the provider's format, reporting progress as they are written. */
export async function writeExport(provider: ExportProvider, rows: readonly ExportIssue[], options: WriteExportOptions = {}): Promise<ExportFile> {
  if (!isExportProvider(provider)) throw new RangeError(`Unknown export provider: ${String(provider)}`);
  const writer = WRITERS[provider];
  const bytes = await writer.write(rows, rowProgress(rows.length, options.onProgress));
  options.onProgress?.(1);
  return { bytes, contentType: writer.contentType, extension: provider };
}
