import type { FastifyInstance, FastifyReply } from 'fastify';
import { projectScope } from '../cache/read-caches.js';
import { descriptionDocument } from '../collab/documents.js';
import { issueCreateBody, issueUpdateBody, PLAIN_ISSUE_FIELD_KEYS } from '../../api-shapes/issue.js';
import { nextIssueSequenceId, type Db } from '../db/index.js';
import { insertRow, sqlExpression, type ColumnValues } from '../db/row-writes.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { pagination, projectParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { recordIssueActivity } from '../issues/activity.js';
import { softDeleteIssues } from '../issues/delete-issues.js';
import { saveDescription } from '../issues/description.js';
import { issueFilterSql, issueListQuery } from '../issues/issue-filters.js';
import { findIssue, ISSUE_NOT_FOUND } from '../issues/issue-lookup.js';
import {
  checkDates,
  checkedAssignees,
  checkedLabels,
  checkedName,
  checkedParent,
  checkedState,
  defaultState,
  lockIssueTree,
} from '../issues/issue-references.js';
import {
  issueDetailSchema,
  issueParams,
  LISTED_ISSUE_FROM,
  ISSUE_ROW_COLUMNS,
  issueRowSchema,
  readIssueDetail,
  type IssueDetail,
  type IssueRow,
} from '../issues/issue-shape.js';
import { applyIssueChanges } from '../issues/issue-update.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { SqlParams } from '../db/sql-params.js';
import { subscribe } from '../issues/subscriptions.js';
import { notify, notifyMentions } from '../notifications/notify.js';
import { Role } from '../roles.js';
import { issueDocumentsOf } from '../collab/collab-service.js';

/** The issue's detail just after a change; 404 when it was deleted meanwhile. */
async function readLiveIssue(db: Db, issueId: string, userId: string): Promise<IssueDetail> {
  const issue = await readIssueDetail(db, issueId, userId);
  if (!issue) throw notFound(ISSUE_NOT_FOUND);
  return issue;
}

/**
 * A project's issues: everyone in the project reads and lists them; members and admins create,
 * change and delete them. Every change writes its activity rows in the same transaction.
 */
export async function issueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.post(
    '/workspaces/:slug/projects/:projectId/issues',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: projectParams,
        body: issueCreateBody,
        response: { 201: issueDetailSchema },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const workspace = currentWorkspace(request);
      const user = currentUser(request);
      const body = request.body;
      const name = checkedName(body.name);
      checkDates(body.start_date ?? null, body.target_date ?? null);
      const description =
        body.description_html !== undefined || body.description_json !== undefined
          ? await normalisedRichText(request, { html: body.description_html, json: body.description_json }, 'description')
          : null;
      const issueId = await db.transaction(async (tx) => {
        const state = body.state_id ? await checkedState(tx, project.id, body.state_id) : await defaultState(tx, project.id);
        const assignees = await checkedAssignees(tx, project.id, body.assignee_ids ?? []);
        const labels = await checkedLabels(tx, project.id, body.label_ids ?? []);
        // Locks the project row: numbers are handed out one at a time, and the parent cannot move meanwhile.
        const sequenceId = await nextIssueSequenceId(tx, project.id);
        const parent = body.parent_id ? await checkedParent(tx, project.id, null, body.parent_id) : null;
        const params = new SqlParams();
        const values: ColumnValues = {
          project_id: project.id,
          workspace_id: workspace.id,
          sequence_id: sequenceId,
          name,
          description_html: description?.html,
          description_json: description ? JSON.stringify(description.json) : undefined,
          state_id: state?.id ?? null,
          // The plain fields given; the others take their column defaults.
          ...Object.fromEntries(PLAIN_ISSUE_FIELD_KEYS.map((field) => [field, body[field]])),
          parent_id: parent?.id ?? null,
          sort_order: body.sort_order,
          completed_at: state?.group === 'completed' ? sqlExpression('now()') : undefined,
          created_by: user.id,
          updated_by: user.id,
        };
        const issue = await tx.one<{ id: string; project_id: string; workspace_id: string }>(
          `${insertRow('issues', values, params)} RETURNING id, project_id, workspace_id`,
          params.values,
        );
        if (assignees.length) {
          await tx.query('INSERT INTO issue_assignees (issue_id, user_id) SELECT $1, unnest($2::uuid[])', [issue.id, assignees.map((a) => a.id)]);
        }
        if (labels.length) {
          await tx.query('INSERT INTO issue_labels (issue_id, label_id) SELECT $1, unnest($2::uuid[])', [issue.id, labels.map((l) => l.id)]);
        }
        // The creator and the assignees follow the issue from the start.
        await subscribe(tx, issue.id, [user.id, ...assignees.map((a) => a.id)]);
        await recordIssueActivity(tx, { issue, actorId: user.id, field: 'issue', verb: 'created', newValue: name });
        await notify(tx, { issue, actorId: user.id, kind: 'assigned', to: assignees.map((a) => a.id) });
        if (description) await notifyMentions(tx, { issue, actorId: user.id, kind: 'mentioned', document: description.json });
        return issue.id;
      });
      return reply.code(201).send(await readLiveIssue(db, issueId, user.id));
    },
  );

  app.get(
    '/workspaces/:slug/projects/:projectId/issues',
    {
      preHandler: requireProjectRole(Role.Guest),
      schema: { params: projectParams, querystring: issueListQuery, response: { 200: { type: 'array', items: issueRowSchema } } },
    },
    async (request, reply) => {
      const project = currentProject(request);
      // Every reader of a project sees the same list: a page is kept per project and query
      // until the database announces a change to the project's issues (cache/read-caches.ts).
      // Keyed by the query string as sent: the answer depends on nothing else.
      const queryAt = request.url.indexOf('?');
      const key = `${project.id}?${queryAt < 0 ? '' : request.url.slice(queryAt + 1)}`;
      const page = await app.caches.issueLists.through(key, [projectScope(project.id)], async () => {
        const params = new SqlParams();
        const where = `i.project_id = ${params.bind(project.id)}${issueFilterSql(request.query, params)}`;
        const { limit, offset } = pagination(request.query);
        const count = `SELECT count(*) AS count FROM issues i WHERE ${where}`;
        // The count rides along with the page (computed once, not per row): one round trip, not two.
        // Only a page past the end has no row to carry it.
        const issues = await db.query<IssueRow & { total_count: number }>(
          `SELECT ${ISSUE_ROW_COLUMNS}, (${count}) AS total_count FROM ${LISTED_ISSUE_FROM}
            WHERE ${where}
            ORDER BY i.sequence_id DESC
            LIMIT ${limit} OFFSET ${offset}`,
          params.values,
        );
        const total = issues.length ? issues[0]!.total_count : offset ? (await db.one<{ count: number }>(count, params.values)).count : 0;
        return { body: String(reply.serialize(issues)), total };
      });
      // Already serialized with the route's response schema: sent as it is.
      return (reply as FastifyReply).header('x-total-count', String(page!.total)).type('application/json; charset=utf-8').send(page!.body);
    },
  );

  app.get(
    '/workspaces/:slug/projects/:projectId/issues/:issueId',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: issueDetailSchema } } },
    async (request) => {
      const project = currentProject(request);
      const issue = await readIssueDetail(db, request.params.issueId, currentUser(request).id);
      if (!issue || issue.project_id !== project.id) throw notFound(ISSUE_NOT_FOUND);
      return issue;
    },
  );

  app.patch(
    '/workspaces/:slug/projects/:projectId/issues/:issueId',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: issueParams,
        body: issueUpdateBody,
        response: { 200: issueDetailSchema },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const { description_html: html, description_json: json, description_version: version, ...changes } = request.body;
      const hasDescription = html !== undefined || json !== undefined;
      if (hasDescription && version === undefined) throw badRequest('Description version is required with the description.');
      const description = hasDescription ? await normalisedRichText(request, { html: html ?? '', json }, 'description') : null;
      const begin = async (tx: Db) => {
        // The project lock comes first, as in creations, so the two never wait on each other in a circle.
        if (changes.parent_id) await lockIssueTree(tx, project.id);
        const issue = await findIssue(tx, project.id, request.params.issueId, { lock: true });
        await applyIssueChanges(tx, issue, changes, user.id);
        return issue;
      };
      if (!description) await db.transaction(begin);
      else {
        // With the other changes in the same transaction, unless the description is edited together (src/server/collab/rest-writes.ts).
        const { id } = await findIssue(db, project.id, request.params.issueId);
        await app.collab.saveFromRest({
          document: descriptionDocument(id),
          version: version!,
          content: description,
          actorId: user.id,
          begin,
          save: (tx, issue, content, edited) => saveDescription(tx, issue, content, edited, user.id),
        });
      }
      return readLiveIssue(db, request.params.issueId, user.id);
    },
  );

  app.delete(
    '/workspaces/:slug/projects/:projectId/issues/:issueId',
    { preHandler: requireProjectRole(Role.Member), schema: { params: issueParams } },
    async (request, reply) => {
      const project = currentProject(request);
      await db.transaction(async (tx) => {
        await lockIssueTree(tx, project.id);
        const issue = await findIssue(tx, project.id, request.params.issueId, { lock: true });
        await softDeleteIssues(tx, [issue.id], currentUser(request).id);
      });
      await app.collab.recheck(issueDocumentsOf(project.id));
      return reply.code(204).send();
    },
  );
}
