import type { FastifyInstance } from 'fastify';
import { EXPORT_PROVIDERS, type ExportProvider } from '../exports/index.js';
import { createExportJobs } from '../exports-jobs/export-jobs.js';
import { exportAccessProblem, EXPORTS_ROLE } from '../exports-jobs/export-rows.js';
import { EXPORT_JOB_COLUMNS, exportJobParams, exportJobSchema, type ExportJobJson } from '../exports-jobs/export-job-shape.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { pagination, paginationQuery, uuid, workspaceParams } from '../http/schemas.js';
import { canOpenProjects, openProjectIds } from '../issues/visible-projects.js';
import { Role } from '../roles.js';

interface ExportBody {
  provider: ExportProvider;
  project_ids?: string[];
}

const EXPORT_NOT_FOUND = 'Export not found.';

/** The answer to an export of all one's projects by someone who is in none. */
export const NO_PROJECT_TO_EXPORT = 'You are not a member of any project to export.';

/** The answer for a finished export whose file was removed (after EXPORT_FILE_RETENTION_DAYS) or lost. */
const EXPORT_FILE_GONE = 'The export file is no longer available. Please start a new one.';

/**
 * Exports of a workspace's issues (spec: settings → Exports, Member and up): a Member asks for a
 * CSV, XLSX or JSON file of some of their projects (none named: all of them); it is queued in the database and made in the
 * background by whichever server process claims it first (one job at a time per process), and
 * listed with its status and progress; the requester or an admin downloads it once completed.
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const jobs = createExportJobs(db, app.storage, app.richText, app.config.jobs, app.log, app.jobSignals);
  app.addHook('onClose', () => jobs.close());

  app.post<{ Body: ExportBody }>(
    '/workspaces/:slug/exports',
    {
      preHandler: requireWorkspaceRole(EXPORTS_ROLE),
      schema: {
        params: workspaceParams,
        body: {
          type: 'object',
          required: ['provider'],
          additionalProperties: false,
          properties: { provider: { type: 'string', enum: EXPORT_PROVIDERS }, project_ids: { type: 'array', maxItems: 100, items: uuid } },
        },
        response: { 201: exportJobSchema },
      },
    },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const user = currentUser(request);
      let projectIds = [...new Set((request.body.project_ids ?? []).map((id) => id.toLowerCase()))];
      // Only projects the requester can open: their own, or all of them for a workspace admin
      // (checked again when the export is made). None chosen: every one of those.
      if (!projectIds.length) {
        projectIds = await openProjectIds(db, workspace.id, user.id, workspace.role);
        if (!projectIds.length) throw badRequest(NO_PROJECT_TO_EXPORT);
      } else if (!(await canOpenProjects(db, workspace.id, user.id, workspace.role, projectIds))) {
        throw badRequest('Some of the selected projects do not exist or you are not a member of them.');
      }
      const job = await db.one<ExportJobJson>(
        `INSERT INTO export_jobs AS j (workspace_id, provider, project_ids, requested_by) VALUES ($1, $2, $3::uuid[], $4) RETURNING ${EXPORT_JOB_COLUMNS}`,
        [workspace.id, request.body.provider, projectIds, user.id],
      );
      jobs.wake();
      return reply.code(201).send(job);
    },
  );

  app.get<{ Querystring: { limit?: string; offset?: string } }>(
    '/workspaces/:slug/exports',
    {
      preHandler: requireWorkspaceRole(EXPORTS_ROLE),
      schema: { params: workspaceParams, querystring: paginationQuery, response: { 200: { type: 'array', items: exportJobSchema } } },
    },
    async (request) => {
      const page = pagination(request.query);
      const workspace = currentWorkspace(request);
      const jobs = await db.query<ExportJobJson>(
        `SELECT ${EXPORT_JOB_COLUMNS} FROM export_jobs j WHERE j.workspace_id = $1 ORDER BY j.created_at DESC, j.id LIMIT $2 OFFSET $3`,
        [workspace.id, page.limit, page.offset],
      );
      if (workspace.role >= Role.Admin) return jobs;
      // Others' jobs name only the projects the reader can open: a project's id is not told to those outside it.
      const open = new Set(await openProjectIds(db, workspace.id, currentUser(request).id, workspace.role));
      return jobs.map((job) => ({ ...job, project_ids: job.project_ids.filter((id) => open.has(id)) }));
    },
  );

  app.get<{ Params: { jobId: string } }>(
    '/workspaces/:slug/exports/:jobId/download',
    { preHandler: requireWorkspaceRole(EXPORTS_ROLE), schema: { params: exportJobParams } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const user = currentUser(request);
      const job = await db.maybeOne<{ provider: ExportProvider; status: string; file_key: string | null; requested_by: string | null; project_ids: string[]; created_at: Date }>(
        'SELECT provider, status, file_key, requested_by, project_ids, created_at FROM export_jobs WHERE id = $1 AND workspace_id = $2',
        [request.params.jobId, workspace.id],
      );
      if (!job) throw notFound(EXPORT_NOT_FOUND);
      // The file holds issues of the requester's projects, which other members may not see.
      if (job.requested_by !== user.id && workspace.role < Role.Admin) throw forbidden('Only the member who requested this export or a workspace admin can download it.');
      // Access is checked again as the export was made: one removed from a project since (or
      // demoted below Member) no longer gets its issues through a file made earlier.
      const problem = await exportAccessProblem(db, workspace.id, user.id, job.project_ids);
      if (problem) throw forbidden(problem);
      if (job.status === 'failed') throw conflict('This export failed. Please start a new one.');
      if (job.status === 'completed' && !job.file_key) throw notFound(EXPORT_FILE_GONE);
      if (job.status !== 'completed' || !job.file_key) throw conflict('This export is not finished yet.');
      const stored = await app.storage.get(job.file_key);
      if (!stored) throw notFound(EXPORT_FILE_GONE);
      const filename = `${workspace.slug}-issues-${job.created_at.toISOString().slice(0, 10)}.${job.provider}`;
      return reply
        .headers({
          'content-type': stored.meta.contentType,
          'content-length': String(stored.meta.size),
          'content-disposition': `attachment; filename="${filename}"`,
        })
        .send(stored.stream);
    },
  );
}
