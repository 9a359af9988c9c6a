// Plain data, no imports: the app loads this module at run time (the import dialog).

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
