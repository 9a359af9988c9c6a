/**
 * The one row type every export provider writes, and its columns. Values are turned
 * into text here once, so CSV, XLSX and JSON agree on what a row says.
 */

/** The export providers (spec section 3: csv, xlsx and json). */
export const EXPORT_PROVIDERS = ['csv', 'xlsx', 'json'] as const;

/** One of the export providers. */
export type ExportProvider = (typeof EXPORT_PROVIDERS)[number];

/** A date or timestamp as the database gives it: an ISO string or a `Date`. */
export type DateValue = string | Date | null;

/** One issue of a project as exported. */
export interface ExportIssue {
  /** The issue key, `{project identifier}-{sequence_id}` (e.g. `WEB-123`). */
  key: string;
  name: string;
  state: string | null;
  state_group: string | null;
  priority: string | null;
  /** Display names of the assignees. */
  assignees: readonly string[];
  /** Label names. */
  labels: readonly string[];
  /** A calendar date (`YYYY-MM-DD`). */
  start_date: DateValue;
  /** A calendar date (`YYYY-MM-DD`). */
  target_date: DateValue;
  created_at: DateValue;
  updated_at: DateValue;
  /** The description as plain text (see `richTextToPlain`). */
  description: string;
}

/** The fields of `ExportIssue`, in column order. */
export type ExportField = keyof ExportIssue;

/** A column: the field it shows, its header and its width in characters (XLSX). */
export interface ExportColumn {
  field: ExportField;
  header: string;
  width: number;
  kind: 'text' | 'list' | 'date' | 'timestamp';
}

/** The columns of every tabular export, in order. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { field: 'key', header: 'Key', width: 12, kind: 'text' },
  { field: 'name', header: 'Name', width: 50, kind: 'text' },
  { field: 'state', header: 'State', width: 16, kind: 'text' },
  { field: 'state_group', header: 'State group', width: 14, kind: 'text' },
  { field: 'priority', header: 'Priority', width: 10, kind: 'text' },
  { field: 'assignees', header: 'Assignees', width: 30, kind: 'list' },
  { field: 'labels', header: 'Labels', width: 30, kind: 'list' },
  { field: 'start_date', header: 'Start date', width: 12, kind: 'date' },
  { field: 'target_date', header: 'Target date', width: 12, kind: 'date' },
  { field: 'created_at', header: 'Created at', width: 22, kind: 'timestamp' },
  { field: 'updated_at', header: 'Updated at', width: 22, kind: 'timestamp' },
  { field: 'description', header: 'Description', width: 80, kind: 'text' },
];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A calendar date as `YYYY-MM-DD`. A `Date` is read in local time, because that is
 * how node-postgres builds one from a `date` column.
 */
export function formatDate(value: DateValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : value;
}

/** A timestamp as an ISO 8601 string in UTC. */
export function formatTimestamp(value: DateValue): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** The text of one cell of a row. */
export function cellText(row: ExportIssue, column: ExportColumn): string {
  const value = row[column.field];
  switch (column.kind) {
    case 'list':
      return Array.isArray(value) ? value.join(', ') : '';
    case 'date':
      return formatDate(value as DateValue);
    case 'timestamp':
      return formatTimestamp(value as DateValue);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
