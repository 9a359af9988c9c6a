import { Type, type Static } from 'typebox';
import { integer, nullable, nullableTimestamp, string, stringEnum, timestamp, uuid } from './fields.js';

// An import job: a file another tracker exported (GitHub issues as JSON, Jira as CSV), read in
// the background into one project's issues, all of them or none.

/** The trackers whose export files can be imported (spec: integration providers github and jira, import). */
export const IMPORT_SOURCES = ['github', 'jira'] as const;

/** One of the import sources. */
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The largest file an import accepts, in bytes (5 MiB; a 413 beyond). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The answer to a file over IMPORT_FILE_MAX_BYTES (the server's 413, the app's check before sending). */
export const IMPORT_TOO_LARGE = `The file is too large: an import file can be at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`;

/** Where an import job stands: failed when the file had problems (nothing imported) or the job could not run. */
export const IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;

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
