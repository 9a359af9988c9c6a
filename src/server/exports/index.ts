/** Exports of a project's issues (CSV, XLSX, JSON) and the background runner that makes them. */
export {
  cellText,
  EXPORT_COLUMNS,
  EXPORT_PROVIDERS,
  formatDate,
  formatTimestamp,
  type DateValue,
  type ExportColumn,
  type ExportField,
  type ExportIssue,
  type ExportProvider,
} from './export-issue.js';
export { csvField, defuseFormula, UTF8_BOM } from './csv.js';
export { XLSX_SHEET_NAME } from './xlsx.js';
export { isExportProvider, writeExport, type ExportFile, type WriteExportOptions } from './write-export.js';
export { createJobRunner, type Job, type JobRunner, type JobRunnerOptions } from './job-runner.js';
