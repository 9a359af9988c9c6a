import type { ImportReport } from '../../api-shapes/import-job.js';
import type { Db } from '../db/index.js';
import { checkedCreation, insertIssue } from '../issues/create-issue.js';
import type { LeaseQueue } from '../jobs/lease-queue.js';
import { richTextLimitMessage, type RichText, type RichTextPool } from '../rich-text/index.js';
import { effectiveProjectRole, Role } from '../roles.js';
import { parseGithubIssues } from './github-issues.js';
import type { ImportedIssue, ImportSource, ParsedImport, RowProblem } from './import-file.js';
import { planImport, type ProjectCatalogue } from './import-mapping.js';
import { parseJiraCsv } from './jira-csv.js';

/** The project role that imports issues (as creating them: Member). */
export const IMPORTS_ROLE = Role.Member;

/** The error text of an import whose file has problems (the report lists them). */
export function nothingImported(problems: number): string {
  return `Nothing was imported: the file has ${problems === 1 ? 'one problem' : `${problems} problems`}.`;
}

/** The error text of an import whose requester can no longer create issues in the project. */
export const IMPORT_ACCESS_LOST = 'You can no longer create issues in this project, so nothing was imported.';

/** Markdown sent to the rich-text pool together, up to about this many characters (as the exports' batches). */
const MARKDOWN_BATCH_CHARS = 256 * 1024;

/** An import job as a worker claims it. */
export interface ClaimedImport {
  id: string;
  workspace_id: string;
  project_id: string;
  source: ImportSource;
  content: string | null;
  requested_by: string | null;
}

/** Where a running import reports to: its queue (for writes under its lease), and its lease. */
export interface ImportContext {
  db: Db;
  richText: RichTextPool;
  queue: LeaseQueue;
  lease: AbortSignal;
}

/** The file of `source` read into issues and problems. */
export function parseImportFile(source: ImportSource, text: string): Promise<ParsedImport> | ParsedImport {
  return source === 'github' ? parseGithubIssues(text) : parseJiraCsv(text);
}

/** Records the job's end under its lease; false when the lease was lost. */
function finish(context: ImportContext, db: Db, job: ClaimedImport, status: 'completed' | 'failed', report: ImportReport, error: string | null): Promise<boolean> {
  return context.queue.updateLeased(
    db,
    job.id,
    `status = $3, report = $4::jsonb, error = $5, content = NULL, completed_at = now(), lease_expires_at = NULL`,
    [status, JSON.stringify(report), error],
  );
}

/** The report of a file kept out for `problems`. */
const refused = (problems: RowProblem[]): ImportReport => ({ imported: 0, labels_created: 0, problems, notes: [] });

/**
 * The descriptions of `issues` as rich text (null for none), read in the rich-text pool in
 * batches; `progress` hears how many issues are read. A description over the rich-text limits is
 * a problem of its row.
 */
async function descriptionsOf(context: ImportContext, issues: readonly ImportedIssue[], progress: (done: number) => Promise<void>): Promise<{ documents: Array<RichText | null>; problems: RowProblem[] }> {
  const documents: Array<RichText | null> = [];
  const problems: RowProblem[] = [];
  for (let start = 0; start < issues.length; ) {
    let end = start;
    for (let chars = 0; end < issues.length && (end === start || chars + issues[end]!.description.length <= MARKDOWN_BATCH_CHARS); end++) {
      chars += issues[end]!.description.length;
    }
    const batch = issues.slice(start, end);
    const read = await context.richText.fromMarkdownBatch(batch.map((issue) => issue.description));
    context.lease.throwIfAborted();
    read.forEach((document, index) => {
      const issue = batch[index]!;
      if ('problem' in document) problems.push({ row: issue.row, reason: richTextLimitMessage('description', document.problem) });
      documents.push(issue.description.trim() && 'richText' in document ? document.richText : null);
    });
    start = end;
    await progress(start);
  }
  return { documents, problems };
}

/** The project's states, labels and members (with their e-mail addresses), read in the import's transaction. */
async function catalogueOf(tx: Db, projectId: string): Promise<ProjectCatalogue> {
  return {
    states: await tx.query('SELECT id, name, "group", sequence, is_default FROM states WHERE project_id = $1', [projectId]),
    labels: await tx.query('SELECT id, name FROM labels WHERE project_id = $1', [projectId]),
    members: await tx.query('SELECT u.id, u.email FROM project_members pm JOIN users u ON u.id = pm.user_id WHERE pm.project_id = $1', [projectId]),
  };
}

/** Whether `userId` may still create issues in the project (a workspace admin always may). */
async function mayImport(tx: Db, job: ClaimedImport): Promise<boolean> {
  if (!job.requested_by) return false;
  const roles = await tx.maybeOne<{ workspace_role: number; project_role: number | null }>(
    `SELECT wm.role AS workspace_role, pm.role AS project_role FROM workspace_members wm
       LEFT JOIN project_members pm ON pm.project_id = $2 AND pm.user_id = wm.user_id
      WHERE wm.workspace_id = $1 AND wm.user_id = $3`,
    [job.workspace_id, job.project_id, job.requested_by],
  );
  const role = roles && effectiveProjectRole(roles.workspace_role, roles.project_role);
  return role !== null && role !== undefined && role >= IMPORTS_ROLE;
}

/** Thrown inside the import's transaction to roll it back when the job's lease was lost. */
class LeaseLost extends Error {}

/**
 * Runs one claimed import: reads the file; a file with problems (wrong shape, a row without a
 * title, a description over the limits…) is refused whole, its report listing every problem.
 * Otherwise, in one transaction: the project's states, labels and members are read, the labels
 * the file names and the project lacks are created, every issue is created as its requester
 * (through insertIssue, as the create route does), and the job is recorded completed under its
 * lease. Every issue is created or none is. `progress` hears how many issues were read so far.
 */
export async function runImport(context: ImportContext, job: ClaimedImport, progress: (done: number, total: number) => Promise<void>): Promise<void> {
  const parsed = await parseImportFile(job.source, job.content ?? '');
  context.lease.throwIfAborted();
  if (parsed.problems.length) {
    await finish(context, context.db, job, 'failed', refused(parsed.problems), nothingImported(parsed.problems.length));
    return;
  }
  const total = parsed.issues.length;
  await progress(0, total);
  const { documents, problems } = await descriptionsOf(context, parsed.issues, (done) => progress(done, total));
  if (problems.length) {
    await finish(context, context.db, job, 'failed', refused(problems), nothingImported(problems.length));
    return;
  }
  try {
    await context.db.transaction(async (tx) => {
      if (!(await mayImport(tx, job))) {
        if (!(await finish(context, tx, job, 'failed', refused([]), IMPORT_ACCESS_LOST))) throw new LeaseLost();
        return;
      }
      const plan = planImport(parsed.issues, await catalogueOf(tx, job.project_id));
      // Labels created here are the file's; a label of the same name made meanwhile (another spelling too) is reused.
      for (const label of plan.newLabels) {
        await tx.query(
          `INSERT INTO labels (project_id, name, color, sort_order)
           SELECT $1, $2, $3, (SELECT COALESCE(max(sort_order), 0) + 10000 FROM labels WHERE project_id = $1)
            WHERE NOT EXISTS (SELECT 1 FROM labels WHERE project_id = $1 AND lower(name) = lower($2))`,
          [job.project_id, label.name, label.color],
        );
      }
      const labelIds = new Map(
        (await tx.query<{ id: string; name: string }>('SELECT id, name FROM labels WHERE project_id = $1 ORDER BY created_at, id', [job.project_id])).map((label) => [label.name.toLowerCase(), label.id]),
      );
      const creator = { projectId: job.project_id, workspaceId: job.workspace_id, userId: job.requested_by! };
      for (const [index, issue] of plan.issues.entries()) {
        const body = {
          name: issue.name,
          priority: issue.priority,
          ...(issue.stateId ? { state_id: issue.stateId } : {}),
          assignee_ids: issue.assigneeIds,
          label_ids: issue.labelNames.map((name) => labelIds.get(name.toLowerCase())!),
        };
        await insertIssue(tx, creator, checkedCreation(body, documents[index] ?? null));
      }
      const report: ImportReport = { imported: plan.issues.length, labels_created: plan.newLabels.length, problems: [], notes: plan.notes };
      if (!(await context.queue.updateLeased(tx, job.id, 'progress_done = progress_total', []))) throw new LeaseLost();
      if (!(await finish(context, tx, job, 'completed', report, null))) throw new LeaseLost();
    });
  } catch (error) {
    // Rolled back: the worker that took the job over imports the file.
    if (!(error instanceof LeaseLost)) throw error;
  }
}
