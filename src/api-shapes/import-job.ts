import { Type, type Static } from 'typebox';
import { integer, nullable, nullableTimestamp, string, stringEnum, timestamp, uuid } from './fields.js';
import { IMPORT_SOURCES, IMPORT_STATUSES } from './import-sources.js';

export { IMPORT_FILE_MAX_BYTES, IMPORT_SOURCES, IMPORT_STATUSES, IMPORT_TOO_LARGE, type ImportSource } from './import-sources.js';

// An import job: a file another tracker exported (GitHub issues as JSON, Jira as CSV), read in
// the background into one project's issues, all of them or none.

/** A row of the file and what about it: a problem that kept the file out, or a note on what was not matched. */
export const importRowNoteShape = Type.Object({ row: nullable(integer), reason: string });

/** A row of the file and what about it. */
export type ImportRowNote = Static<typeof importRowNoteShape>;

/**
 * What an import did: how many issues it created and how many labels it added; `problems` (each
 * with its row, the header being row 1 in a CSV file, the first item 1 in a JSON array) kept the
 * whole file out; `notes` tell what was imported differently from the file (an assignee or a
 * status that matched nobody).
 */
export const importReportShape = Type.Object({
  imported: integer,
  labels_created: integer,
  problems: Type.Array(importRowNoteShape),
  notes: Type.Array(importRowNoteShape),
});

/** What an import did. */
export type ImportReport = Static<typeof importReportShape>;

/** An import job as the API returns it: `progress` counts the file's issues read so far. */
export const importJobShape = Type.Object({
  id: uuid,
  project_id: uuid,
  source: stringEnum(IMPORT_SOURCES),
  filename: string,
  status: stringEnum(IMPORT_STATUSES),
  progress: Type.Object({ done: integer, total: integer }),
  report: nullable(importReportShape),
  error: nullable(string),
  requested_by: nullable(uuid),
  created_at: timestamp,
  updated_at: timestamp,
  completed_at: nullableTimestamp,
});

/** An import job. */
export type ImportJob = Static<typeof importJobShape>;
