import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { IMPORT_FILE_MAX_BYTES, IMPORT_TOO_LARGE, importRunning, type ImportJob, type ImportRowNote, type ImportSource } from '../../api/imports.js';
import { IMPORT_WORDS, importedSentence, rowText } from '../imports/import-words.js';
import { queryKeys } from '../../api/query-keys.js';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose, FormDialogActions } from '../../ui/dialog.js';
import { FormError } from '../../ui/form-field.js';
import { useStyles } from '../../ui/styles.js';

/** Styles of the import dialog: the report's lists scroll inside the dialog, long reasons wrap. */
const importDialogCss = `
.app-import-report { margin: 0 0 var(--app-space-3); }
.app-import-report h3 { margin: var(--app-space-3) 0 var(--app-space-1); font-size: var(--app-text-md); }
.app-import-report ul { margin: 0; padding-left: 1.2em; max-height: 12rem; overflow-y: auto; overflow-wrap: anywhere; }
.app-import-progress { display: block; width: 100%; margin: var(--app-space-2) 0; }
.app-import-file input[type="file"] { max-width: 100%; }
`;

/** Each source as the dialog offers it: its name, the file it takes and how to make that file. */
const SOURCES: Record<ImportSource, { label: string; accept: string; hint: string }> = {
  github: {
    label: 'GitHub issues (JSON)',
    accept: '.json,application/json',
    hint: 'Make the file with: gh issue list --state all --limit 2000 --json number,title,body,state,labels,assignees,createdAt > issues.json',
  },
  jira: {
    label: 'Jira (CSV)',
    accept: '.csv,text/csv',
    hint: 'In Jira, search for the issues, then Export → Export Excel CSV (all fields).',
  },
};

/** Props of {@link ImportIssuesDialog}. */
export interface ImportIssuesDialogProps {
  slug: string;
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The "Import issues" dialog: choose the source (GitHub JSON or Jira CSV) and the file, send it,
 * follow the import's progress, then read its report (issues imported, or the rows that kept the
 * file out and why). Closing it while the import runs leaves it running on the server.
 */
export function ImportIssuesDialog({ slug, projectId, open, onOpenChange }: ImportIssuesDialogProps) {
  const [jobId, setJobId] = useState<string | null>(null);
  // A new opening starts from the form again.
  useEffect(() => {
    if (open) setJobId(null);
  }, [open]);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={IMPORT_WORDS.importIssues} description="Bring in the issues of a file GitHub or Jira exported. Every issue of the file is imported, or none is.">
      {jobId ? (
        <ImportProgress slug={slug} projectId={projectId} jobId={jobId} onAgain={() => setJobId(null)} />
      ) : (
        <ImportForm slug={slug} projectId={projectId} onStarted={setJobId} />
      )}
    </AppDialog>
  );
}

function ImportForm({ slug, projectId, onStarted }: { slug: string; projectId: string; onStarted(jobId: string): void }) {
  useStyles('app-import-dialog', importDialogCss);
  const api = useApi();
  const id = useId();
  const [source, setSource] = useState<ImportSource>('github');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file) return setFileError('Choose the export file to import.');
    if (file.size > IMPORT_FILE_MAX_BYTES) return setFileError(IMPORT_TOO_LARGE);
    setSending(true);
    try {
      onStarted((await api.imports.create(slug, projectId, source, file)).id);
    } catch (error) {
      setFailure(errorMessage(error));
      setSending(false);
    }
  };
  const fileId = `${id}-file`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={IMPORT_WORDS.importIssues}>
      <FormError message={failure} />
      <fieldset className="app-fieldset">
        <legend>Source</legend>
        <div className="app-options">
          {(Object.keys(SOURCES) as ImportSource[]).map((value) => (
            <label key={value} className="app-option">
              <input type="radio" name={`${id}-source`} value={value} checked={source === value} onChange={() => setSource(value)} /> {SOURCES[value].label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="app-field app-import-file">
        <label htmlFor={fileId}>Export file</label>
        <input
          id={fileId}
          type="file"
          accept={SOURCES[source].accept}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
          }}
        />
        <p id={`${fileId}-hint`} className="app-field-hint">
          {SOURCES[source].hint}
        </p>
        {fileError ? (
          <p id={`${fileId}-error`} className="app-field-error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      <FormDialogActions submit="Import" busy={sending} />
    </form>
  );
}

function ImportProgress({ slug, projectId, jobId, onAgain }: { slug: string; projectId: string; jobId: string; onAgain(): void }) {
  useStyles('app-import-dialog', importDialogCss);
  const api = useApi();
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: queryKeys.importJob(slug, projectId, jobId),
    queryFn: () => api.imports.get(slug, projectId, jobId),
    // The import runs on the server: look again while it is still going.
    refetchInterval: (query) => (importRunning(query.state.data) ? 1000 : false),
  });
  const done = job.data?.status === 'completed';
  useEffect(() => {
    // The project's issues and labels changed: lists shown anywhere load again.
    if (done) void queryClient.invalidateQueries({ queryKey: queryKeys.project(slug, projectId) });
  }, [done, queryClient, slug, projectId]);
  return (
    <>
      {job.isError ? <p role="alert">{errorMessage(job.error)}</p> : <ImportStatus job={job.data} />}
      <div className="app-dialog-actions">
        {job.data && !importRunning(job.data) ? <Button onClick={onAgain}>Import another file</Button> : null}
        <DialogClose asChild>
          <Button variant={job.data && !importRunning(job.data) ? 'primary' : undefined}>{importRunning(job.data) || !job.data ? 'Close' : 'Done'}</Button>
        </DialogClose>
      </div>
    </>
  );
}

function ImportStatus({ job }: { job: ImportJob | undefined }) {
  if (!job || importRunning(job)) {
    const { done = 0, total = 0 } = job?.progress ?? {};
    return (
      <div className="app-import-report">
        <p role="status">{total ? IMPORT_WORDS.progress(done, total) : IMPORT_WORDS.reading}</p>
        <progress className="app-import-progress" aria-label={IMPORT_WORDS.progressLabel} max={total || 1} value={total ? done : undefined} />
        <p className="app-field-hint">You can close this dialog: the import goes on.</p>
      </div>
    );
  }
  const report = job.report;
  return (
    <div className="app-import-report">
      {job.status === 'completed' ? <p role="status">{importedSentence(report)}</p> : <p role="alert">{job.error}</p>}
      {report?.problems.length ? <RowList title={IMPORT_WORDS.problems} notes={report.problems} /> : null}
      {report?.notes.length ? <RowList title={IMPORT_WORDS.notes} notes={report.notes} /> : null}
    </div>
  );
}

function RowList({ title, notes }: { title: string; notes: readonly ImportRowNote[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {/* Focusable so the list scrolls from the keyboard when it is long. */}
      <ul tabIndex={0} aria-labelledby={id}>
        {notes.map((note, index) => (
          <li key={index}>{rowText(note)}</li>
        ))}
      </ul>
    </section>
  );
}
