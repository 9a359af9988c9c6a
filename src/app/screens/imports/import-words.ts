import type { ImportJob, ImportReport, ImportRowNote, ImportSource } from '../../api/imports.js';
import { issueCount } from '../../ui/counts.js';

/** The words of imports: the Import issues dialog's report and the past imports in Settings › Exports. */
export const IMPORT_WORDS = {
  title: 'Imports',
  importIssues: 'Import issues',
  loading: 'Loading imports…',
  list: 'Past imports',
  columns: { started: 'Started', project: 'Project', source: 'Source', status: 'Status', result: 'Result' },
  reading: 'Reading the file…',
  progressLabel: 'Import progress',
  problems: 'Problems in the file',
  notes: 'Notes',
  /** Issues read so far of a running import. */
  progress: (done: number, total: number) => `Importing… ${done} of ${total} issues read.`,
  /** A past import's progress bar, named for its file. */
  progressOf: (filename: string) => `Import progress, ${filename}`,
  /** The summary of a report's lists ("2 problems", "1 note"). */
  problemCount: (count: number) => (count === 1 ? '1 problem' : `${count} problems`),
  noteCount: (count: number) => (count === 1 ? '1 note' : `${count} notes`),
} as const;

/** Each source's name. */
export const IMPORT_SOURCE_NAMES: Readonly<Record<ImportSource, string>> = { github: 'GitHub', jira: 'Jira' };

/** Where an import stands, in words. */
export const IMPORT_STATUS_TEXT: Readonly<Record<ImportJob['status'], string>> = {
  queued: 'Queued',
  processing: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
};

/** What a finished import did: "Imported 3 issues and created 2 labels." */
export function importedSentence(report: ImportReport | null): string {
  const labels = report?.labels_created ?? 0;
  return `Imported ${issueCount(report?.imported ?? 0)}${labels ? ` and created ${labels === 1 ? '1 label' : `${labels} labels`}` : ''}.`;
}

/** "Row 3: …", or the reason alone for the whole file. */
export const rowText = (note: ImportRowNote) => (note.row === null ? note.reason : `Row ${note.row}: ${note.reason}`);
