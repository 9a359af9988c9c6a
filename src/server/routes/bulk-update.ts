import type { FastifyInstance } from 'fastify';
import { bulkIssueUpdateBody, type BulkIssueChange, type BulkIssueUpdate } from '../../api-shapes/issue-bulk.js';
import { addIssuesToCycle } from '../cycles/cycle-issues.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import type { ActivityIssue } from '../issues/activity.js';
import { findIssueToChange, lockIssues } from '../issues/issue-lookup.js';
import { applyIssueChanges, type IssueChanges } from '../issues/issue-update.js';
import { addIssuesToModule } from '../modules/module-issues.js';
import { issuesToAdd } from '../planning/add-issues.js';
import { groupOf, removeIssueFromGroup } from '../planning/group-issues.js';
import { CYCLE_GROUP, MODULE_GROUP } from '../planning/issue-group.js';
import { requireFeatureOn } from '../planning/project-feature.js';
import { Role } from '../roles.js';

/** Said when a bulk update names issues but no change. */
export const CHOOSE_A_CHANGE = 'Choose a change to make to the selected issues.';

/** The issue fields a bulk change sets through the issue's own update (its checks and activity rows). */
async function issueChangesFor(tx: Db, issueId: string, change: BulkIssueChange): Promise<IssueChanges> {
  const changes: IssueChanges = {};
  if (change.state_id !== undefined) changes.state_id = change.state_id;
  if (change.priority !== undefined) changes.priority = change.priority;
  if (change.assignee_ids !== undefined) changes.assignee_ids = change.assignee_ids;
  if (change.add_label_ids?.length) {
    const current = await tx.query<{ label_id: string }>('SELECT label_id FROM issue_labels WHERE issue_id = $1', [issueId]);
    changes.label_ids = [...new Set([...current.map((row) => row.label_id), ...change.add_label_ids])];
  }
  return changes;
}

/** Locks the cycles the issues are in, in id order: taking issues out of a cycle locks it before them, as adding does. */
async function lockCyclesOf(tx: Db, projectId: string, issueIds: readonly string[]): Promise<void> {
  await tx.query(
    'SELECT id FROM cycles WHERE project_id = $1 AND id IN (SELECT cycle_id FROM cycle_issues WHERE issue_id = ANY($2::uuid[])) ORDER BY id FOR UPDATE',
    [projectId, issueIds],
  );
}

/** Takes each issue out of the cycle it is in, if any (after lockCyclesOf). */
async function leaveCycles(tx: Db, projectId: string, issues: readonly ActivityIssue[], actorId: string): Promise<void> {
  const rows = await tx.query<{ issue_id: string; cycle_id: string }>('SELECT issue_id, cycle_id FROM cycle_issues WHERE issue_id = ANY($1::uuid[])', [issues.map((issue) => issue.id)]);
  for (const row of rows) await removeIssueFromGroup(tx, CYCLE_GROUP, await groupOf(tx, CYCLE_GROUP, projectId, row.cycle_id, true), row.issue_id, actorId);
}

/**
 * The selection bar of the issue list: members and admins change the state, priority, assignees,
 * labels, cycle or module of several issues of the project at once, all or none (one transaction;
 * an id that is not a live issue of this project, or a change one issue refuses, refuses the whole
 * request). Each issue records its own activity, as if changed on its page. Answers `{ updated }`.
 */
export async function bulkUpdateRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post<{ Body: BulkIssueUpdate }>(
    '/workspaces/:slug/projects/:projectId/bulk-update-issues',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: projectParams,
        body: bulkIssueUpdateBody,
        response: { 200: { type: 'object', required: ['updated'], properties: { updated: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const { issue_ids: ids = [], ...change } = request.body;
      const project = currentProject(request);
      const user = currentUser(request);
      if (ids.length && !Object.keys(change).length) throw badRequest(CHOOSE_A_CHANGE);
      if (change.cycle_id !== undefined) await requireFeatureOn(db, project.id, CYCLE_GROUP.feature);
      if (change.module_id !== undefined) await requireFeatureOn(db, project.id, MODULE_GROUP.feature);
      const updated = await db.transaction(async (tx) => {
        // Empty ids get the spec's text. Locks come in the order every change takes them (lockIssues):
        // the cycle and the module first, as adding to them does, then all the issues at once.
        const issues = await issuesToAdd(tx, project.id, { issues: ids });
        const issueIds = issues.map((issue) => issue.id);
        if (change.cycle_id === null) await lockCyclesOf(tx, project.id, issueIds);
        const cycle = change.cycle_id ? await groupOf(tx, CYCLE_GROUP, project.id, change.cycle_id, true) : null;
        const module = change.module_id ? await groupOf(tx, MODULE_GROUP, project.id, change.module_id, true) : null;
        await lockIssues(tx, issueIds);
        for (const { id } of issues) {
          const changes = await issueChangesFor(tx, id, change);
          if (Object.keys(changes).length) await applyIssueChanges(tx, await findIssueToChange(tx, project.id, id), changes, user.id);
        }
        if (change.cycle_id === null) await leaveCycles(tx, project.id, issues, user.id);
        else if (cycle) await addIssuesToCycle(tx, cycle, issues, user.id);
        if (module) await addIssuesToModule(tx, module, issues, user.id);
        return issues.length;
      });
      return { updated };
    },
  );
}
