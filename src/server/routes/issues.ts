import type { FastifyInstance, FastifyReply } from 'fastify';
import { projectScope } from '../cache/read-caches.js';
import { descriptionDocument } from '../collab/documents.js';
import { issueCreateBody, issueUpdateBody } from '../../api-shapes/issue.js';
import { issueRenamedMeanwhile } from '../../api-shapes/issue-rename.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { pagination, projectParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { softDeleteIssues } from '../issues/delete-issues.js';
import { saveDescription } from '../issues/description.js';
import { issueFilterSql, issueListQuery, issueOrderSql } from '../issues/issue-filters.js';
import { findIssue, findIssueToChange, ISSUE_NOT_FOUND } from '../issues/issue-lookup.js';
import { checkedCreationFromClient, insertIssue } from '../issues/create-issue.js';
import { lockIssueTree } from '../issues/issue-references.js';
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
      const creation = await checkedCreationFromClient(request, request.body);
      const issue = await db.transaction((tx) => insertIssue(tx, { projectId: project.id, workspaceId: workspace.id, userId: user.id }, creation));
      return reply.code(201).send(await readLiveIssue(db, issue.id, user.id));
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
            ORDER BY ${issueOrderSql(request.query.order, 'i.sequence_id DESC')}
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
      const { description_html: html, description_json: json, description_version: version, name_base: nameBase, ...changes } = request.body;
      const hasDescription = html !== undefined || json !== undefined;
      if (hasDescription && version === undefined) throw badRequest('Description version is required with the description.');
      const description = hasDescription ? await normalisedRichText(request, { html: html ?? '', json }, 'description') : null;
      const begin = async (tx: Db) => {
        // The project lock comes first, as in creations, so the two never wait on each other in a circle.
        if (changes.parent_id) await lockIssueTree(tx, project.id);
        const issue = await findIssueToChange(tx, project.id, request.params.issueId);
        // A rename from a name that is no longer the issue's would undo someone's rename unseen.
        if (nameBase !== undefined && changes.name !== undefined && changes.name !== issue.name && nameBase !== issue.name) {
          throw new HttpError(409, issueRenamedMeanwhile(issue.name), { details: { current: { name: issue.name } } });
        }
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
