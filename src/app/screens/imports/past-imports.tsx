import { useQueries } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { importRunning, type ImportJob, type ImportRowNote } from '../../api/imports.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Project } from '../../api/types.js';
import { EmptyState, type EmptyStateActionKey } from '../../empty-states/index.js';
import { useProjects } from '../../layout/workspace-data.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { LoadFailed } from '../../ui/load-failed.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { IMPORT_SOURCE_NAMES, IMPORT_STATUS_TEXT, IMPORT_WORDS, importedSentence, rowText } from './import-words.js';

/** Who reads a project's imports: its members and admins (the server's IMPORTS_ROLE). */
const READS_IMPORTS = Role.Member;

/** Styles of the past imports: the file's name and a report's lists under their cell's first line. */
const pastImportsCss = `
.app-past-imports-actions { display: flex; justify-content: flex-end; }
.app-past-import-file { display: block; color: var(--app-muted); font-size: var(--app-text-sm); overflow-wrap: anywhere; }
.app-past-import-report summary { cursor: pointer; }
.app-past-import-report ul { margin: var(--app-space-1) 0 0; padding-left: 1.2em; overflow-wrap: anywhere; }
`;

/** An import with the project it went into. */
interface PastImport {
  job: ImportJob;
  project: Project;
}

/** Props of {@link PastImports}. */
export interface PastImportsProps {
  slug: string;
  /** The reader's workspace role (the empty state's button needs a member). */
  role: number | undefined;
  /** Starts an import: the empty state's action (`import-issues`). */
  onAction(action: EmptyStateActionKey): void;
}

/**
 * The workspace's past imports, newest first: when each started, into which project, from which
 * tracker and file, where it stands (a running one's progress) and what it did (issues and labels
 * made, or why it failed, with the file's problems and notes). Each project's list is its own
 * request (GET …/projects/:projectId/imports, the latest 50), for the projects whose imports the
 * reader may see; while one runs they are asked again. Loading, a failure with Try again, and the
 * spec's empty state when there are none.
 */
export function PastImports({ slug, role, onAction }: PastImportsProps) {
  useStyles('app-past-imports', pastImportsCss);
  const api = useApi();
  const projects = useProjects(slug);
  const readable = (projects.data ?? []).filter((project) => can(project.role, READS_IMPORTS));
  const lists = useQueries({
    queries: readable.map((project) => ({
      queryKey: queryKeys.imports(slug, project.id),
      queryFn: () => api.imports.list(slug, project.id),
      // Imports run on the server: look again while one is still going.
      refetchInterval: (query: { state: { data: ImportJob[] | undefined } }) => (query.state.data?.some(importRunning) ? 2000 : false),
    })),
  });

  if (projects.isPending || lists.some((list) => list.isPending)) return <Spinner label={IMPORT_WORDS.loading} />;
  const failed = projects.error ?? lists.find((list) => list.isError)?.error;
  if (failed) {
    const retry = () => {
      if (projects.isError) void projects.refetch();
      for (const list of lists) if (list.isError) void list.refetch();
    };
    return <LoadFailed error={failed} retry={retry} />;
  }
  const past: PastImport[] = readable
    .flatMap((project, at) => (lists[at]?.data ?? []).map((job) => ({ job, project })))
    .sort((a, b) => Date.parse(b.job.created_at) - Date.parse(a.job.created_at));
  if (!past.length) return <EmptyState type="settings-import" role={role} headingLevel={3} onAction={onAction} />;

  const { columns } = IMPORT_WORDS;
  return (
    <>
      <div className="app-past-imports-actions">
        <Button disabled={!can(role, READS_IMPORTS)} onClick={() => onAction('import-issues')}>
          {IMPORT_WORDS.importIssues}
        </Button>
      </div>
      <div className="app-table-scroll">
        <table className="app-table" aria-label={IMPORT_WORDS.list}>
          <thead>
            <tr>
              <th scope="col">{columns.started}</th>
              <th scope="col">{columns.project}</th>
              <th scope="col">{columns.source}</th>
              <th scope="col">{columns.status}</th>
              <th scope="col">{columns.result}</th>
            </tr>
          </thead>
          <tbody>
            {past.map(({ job, project }) => (
              <tr key={job.id} data-import-status={job.status}>
                <td>
                  <time dateTime={job.created_at}>{new Date(job.created_at).toLocaleString()}</time>
                </td>
                <td>
                  <bdi>{project.name}</bdi>
                </td>
                <td>
                  {IMPORT_SOURCE_NAMES[job.source]}
                  <bdi className="app-past-import-file">{job.filename}</bdi>
                </td>
                <td>
                  <ImportState job={job} />
                </td>
                <td>
                  <ImportResult job={job} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Where an import stands; a running one with its progress. */
function ImportState({ job }: { job: ImportJob }) {
  if (!importRunning(job)) return <>{IMPORT_STATUS_TEXT[job.status]}</>;
  const { done, total } = job.progress;
  return (
    <>
      <progress aria-label={IMPORT_WORDS.progressOf(job.filename)} max={total || 1} value={total ? done : undefined} /> {total ? IMPORT_WORDS.progress(done, total) : IMPORT_WORDS.reading}
    </>
  );
}

/** What a finished import did, or why it failed; the file's problems and notes folded under it. */
function ImportResult({ job }: { job: ImportJob }) {
  if (importRunning(job)) return null;
  const report = job.report;
  return (
    <div className="app-past-import-report">
      {job.status === 'completed' ? importedSentence(report) : job.error}
      {report?.problems.length ? <RowNotes summary={IMPORT_WORDS.problemCount(report.problems.length)} notes={report.problems} /> : null}
      {report?.notes.length ? <RowNotes summary={IMPORT_WORDS.noteCount(report.notes.length)} notes={report.notes} /> : null}
    </div>
  );
}

function RowNotes({ summary, notes }: { summary: string; notes: readonly ImportRowNote[] }) {
  return (
    <details>
      <summary>{summary}</summary>
      <ul>
        {notes.map((note, index) => (
          <li key={index}>{rowText(note)}</li>
        ))}
      </ul>
    </details>
  );
}
