import type { FastifyInstance } from 'fastify';
import { subIssuesAddBody, type SubIssuesAddBody } from '../../api-shapes/sub-issues.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { findIssue, findIssueToChange, lockIssues } from '../issues/issue-lookup.js';
import { lockIssueTree } from '../issues/issue-references.js';
import { issueParams, ISSUE_SUMMARY_COLUMNS, issueSummarySchema, LISTED_ISSUE_FROM, type IssueSummary } from '../issues/issue-shape.js';
import { applyIssueChanges } from '../issues/issue-update.js';
import { issuesToAdd } from '../planning/add-issues.js';
import { Role } from '../roles.js';

/** The live sub-issues (direct children) of `issueId`, by number. */
function listSubIssues(db: Db, issueId: string): Promise<IssueSummary[]> {
  return db.query<IssueSummary>(
    `SELECT ${ISSUE_SUMMARY_COLUMNS} FROM ${LISTED_ISSUE_FROM}
      WHERE i.parent_id = $1 AND i.deleted_at IS NULL
      ORDER BY i.sequence_id`,
    [issueId],
  );
}

const subIssueList = { type: 'array', items: issueSummarySchema } as const;

/**
 * An issue's sub-issues: everyone in the project lists them; members and admins make existing
 * issues of the project sub-issues of this one, several at once, all or none. Each goes through
 * the issue's own update (parent_id), so the same checks (same project, no cycles) and activity
 * rows apply as when the parent is set on the sub-issue's page. Taking one out is that page's
 * change too: PATCH …/issues/:subIssueId with `parent_id: null`.
 */
export async function subIssueRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const path = '/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues';

  app.get<{ Params: { issueId: string } }>(
    path,
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: subIssueList } } },
    async (request) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      return listSubIssues(db, issue.id);
    },
  );

  app.post<{ Params: { issueId: string }; Body: SubIssuesAddBody }>(
    path,
    { preHandler: requireProjectRole(Role.Member), schema: { params: issueParams, body: subIssuesAddBody, response: { 200: subIssueList } } },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const parentId = await db.transaction(async (tx) => {
        // The project's tree lock first, as every re-parenting takes it, so the cycle checks see each other's result.
        await lockIssueTree(tx, project.id);
        const parent = await findIssue(tx, project.id, request.params.issueId);
        // Empty or foreign ids get their sentence; the parent and the children are locked together, in the one order.
        const children = await issuesToAdd(tx, project.id, { issues: request.body.issue_ids });
        await lockIssues(tx, [parent.id, ...children.map((child) => child.id)]);
        await findIssueToChange(tx, project.id, parent.id);
        for (const child of children) {
          await applyIssueChanges(tx, await findIssueToChange(tx, project.id, child.id), { parent_id: parent.id }, user.id);
        }
        return parent.id;
      });
      return listSubIssues(db, parentId);
    },
  );
}
