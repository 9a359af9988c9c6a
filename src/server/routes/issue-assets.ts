import type { FastifyInstance } from 'fastify';
import { currentProject, currentUser } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { uuid } from '../http/schemas.js';
import { checkIssueNotArchived, findIssue } from '../issues/issue-lookup.js';
import { issueParams } from '../issues/issue-shape.js';
import { Role } from '../roles.js';

const assetIds = { type: 'array', items: uuid, maxItems: 100 } as const;

/**
 * Images uploaded into an issue's description before the issue existed (the create-issue
 * dialog) are tied to it once it does: the uploader's own live images of the issue's workspace
 * get the issue's id as their `entity_identifier`, their other attributes kept. Answers the ids
 * it tied; ids that are not the uploader's are left alone.
 */
export async function issueAssetRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post<{ Params: { issueId: string }; Body: { asset_ids: string[] } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/file-assets',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: issueParams,
        body: { type: 'object', required: ['asset_ids'], additionalProperties: false, properties: { asset_ids: assetIds } },
        response: { 200: { type: 'object', required: ['asset_ids'], properties: { asset_ids: assetIds } } },
      },
    },
    async (request) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      checkIssueNotArchived(issue);
      const tied = await db.query<{ id: string }>(
        `UPDATE file_assets SET attributes = attributes || jsonb_build_object('entity_identifier', $1::text)
          WHERE id = ANY($2::uuid[]) AND workspace_id = $3 AND created_by = $4 AND issue_id IS NULL AND deleted_at IS NULL
          RETURNING id`,
        [issue.id, request.body.asset_ids, issue.workspace_id, currentUser(request).id],
      );
      return { asset_ids: tied.map((row) => row.id) };
    },
  );
}
