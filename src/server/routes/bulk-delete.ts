import type { FastifyInstance } from 'fastify';
import { MAX_ISSUES_ADDED } from '../../api-shapes/planning.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, uuid } from '../http/schemas.js';
import { restoreDeletedIssues, softDeleteIssues } from '../issues/delete-issues.js';
import { SELECT_AT_LEAST_ONE_ISSUE } from '../planning/add-issues.js';
import { lockIssueTree } from '../issues/issue-references.js';
import { lockIssues } from '../issues/issue-lookup.js';
import { Role } from '../roles.js';
import { issueDocumentsOf } from '../collab/collab-service.js';
import { notInIntakeSql } from '../intake/intake-sql.js';


/**
 * The bulk delete dialog: members and admins delete several issues of the project at once, all
 * or none (one transaction; an id that is not a live issue of this project refuses the whole
 * request). Answers `{ deleted }`, the count. `POST …/bulk-delete-issues/undo` takes a deletion
 * back (the toast's Undo, after one issue or many): the deleted issues of this project among
 * `issue_ids` are live again, with the sub-issues their deletion detached; `{ restored }`.
 */
export async function bulkDeleteRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.delete<{ Body: { issue_ids?: string[] } | undefined }>(
    '/workspaces/:slug/projects/:projectId/bulk-delete-issues',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: projectParams,
        // issue_ids is checked below rather than `required`, so its absence gets the spec's message.
        body: { type: ['object', 'null'], additionalProperties: false, properties: { issue_ids: { type: 'array', maxItems: MAX_ISSUES_ADDED, items: uuid } } },
        response: { 200: { type: 'object', required: ['deleted'], properties: { deleted: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body?.issue_ids ?? [])];
      if (!ids.length) throw badRequest(SELECT_AT_LEAST_ONE_ISSUE);
      const project = currentProject(request);
      const deleted = await db.transaction(async (tx) => {
        await lockIssueTree(tx, project.id);
        await lockIssues(tx, ids);
        const found = await tx.query<{ id: string }>(
          `SELECT id FROM issues WHERE project_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL AND ${notInIntakeSql('issues')}`,
          [project.id, ids],
        );
        const missing = ids.length - found.length;
        if (missing > 0) {
          throw badRequest(
            missing === 1
              ? '1 of the selected issues is not an issue of this project (or is already deleted). Nothing was deleted.'
              : `${missing} of the selected issues are not issues of this project (or are already deleted). Nothing was deleted.`,
          );
        }
        return softDeleteIssues(tx, ids, currentUser(request).id);
      });
      await app.collab.recheck(issueDocumentsOf(project.id));
      return { deleted };
    },
  );

  app.post<{ Body: { issue_ids: string[] } }>(
    '/workspaces/:slug/projects/:projectId/bulk-delete-issues/undo',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: projectParams,
        body: { type: 'object', required: ['issue_ids'], additionalProperties: false, properties: { issue_ids: { type: 'array', minItems: 1, maxItems: MAX_ISSUES_ADDED, items: uuid } } },
        response: { 200: { type: 'object', required: ['restored'], properties: { restored: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const restored = await db.transaction(async (tx) => {
        await lockIssueTree(tx, project.id);
        const ids = await tx.query<{ id: string }>('SELECT id FROM issues WHERE project_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NOT NULL', [project.id, [...new Set(request.body.issue_ids)]]);
        return restoreDeletedIssues(tx, ids.map(({ id }) => id), currentUser(request).id);
      });
      return { restored: restored.length };
    },
  );
}
