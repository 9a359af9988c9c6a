import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { intakeCreateBody, intakeIssueShape, intakeListQuery, intakeUpdateBody } from '../../api-shapes/intake.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { pagination, projectParams, withIds } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { checkedIntakeName, decideIntakeIssue, fileIntakeIssue, findIntakeIssue, listIntakeIssues, type IntakeReader } from '../intake/intake-issues.js';
import { activitySchema, listActivities } from '../issues/activity-feed.js';
import { readerOf } from '../issues/issue-access.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role, type RoleValue } from '../roles.js';

/** Route params of everything under …/intake-issues/:intakeId. */
const intakeParams = withIds(projectParams, 'intakeId');

/** Role check, then the project's inbox toggle (403 saying it is off, as cycles, modules and pages do). */
const intakeFor = (min: RoleValue) => [requireProjectRole(min), requireProjectFeature('inbox_view')];

/** The caller as the inbox sees them. */
function intakeReader(request: FastifyRequest): IntakeReader {
  return { userId: currentUser(request).id, projectRole: currentProject(request).role };
}

/**
 * A project's inbox (when its inbox feature is on): everyone in the project files intake issues
 * (a name and a description); guests see only their own, everyone else sees them all; members
 * and admins accept, decline, snooze or mark them as duplicates. Until accepted, an intake
 * issue is in no issue list, count, search or export.
 */
export async function intakeIssueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const base = '/workspaces/:slug/projects/:projectId/intake-issues';

  app.get(
    base,
    { preHandler: intakeFor(Role.Guest), schema: { params: projectParams, querystring: intakeListQuery, response: { 200: Type.Array(intakeIssueShape) } } },
    async (request, reply) => {
      const page = pagination({ limit: request.query.limit, offset: request.query.offset });
      const { rows, total } = await listIntakeIssues(db, currentProject(request).id, request.query.tab ?? 'open', intakeReader(request), page);
      return reply.header('x-total-count', String(total)).send(rows);
    },
  );

  app.post(
    base,
    { preHandler: intakeFor(Role.Guest), schema: { params: projectParams, body: intakeCreateBody, response: { 201: intakeIssueShape } } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const name = checkedIntakeName(request.body);
      const { description_html: html, description_json: json } = request.body;
      const description = html !== undefined || json !== undefined ? await normalisedRichText(request, { html: html ?? '', json }, 'description') : null;
      const filer = { projectId: project.id, workspaceId: currentWorkspace(request).id, userId: user.id };
      const id = await db.transaction((tx) => fileIntakeIssue(tx, filer, name, description));
      return reply.code(201).send(await findIntakeIssue(db, project.id, id, intakeReader(request)));
    },
  );

  app.get(
    `${base}/:intakeId`,
    { preHandler: intakeFor(Role.Guest), schema: { params: intakeParams, response: { 200: intakeIssueShape } } },
    async (request) => findIntakeIssue(db, currentProject(request).id, request.params.intakeId, intakeReader(request)),
  );

  app.get(
    `${base}/:intakeId/activities`,
    { preHandler: intakeFor(Role.Guest), schema: { params: intakeParams, response: { 200: Type.Array(activitySchema) } } },
    async (request) => {
      const intake = await findIntakeIssue(db, currentProject(request).id, request.params.intakeId, intakeReader(request));
      return listActivities(db, intake.issue_id, readerOf(request));
    },
  );

  app.patch(
    `${base}/:intakeId`,
    { preHandler: intakeFor(Role.Member), schema: { params: intakeParams, body: intakeUpdateBody, response: { 200: intakeIssueShape } } },
    async (request) => {
      const project = currentProject(request);
      await db.transaction((tx) => decideIntakeIssue(tx, project.id, request.params.intakeId, request.body, currentUser(request).id));
      return findIntakeIssue(db, project.id, request.params.intakeId, intakeReader(request));
    },
  );
}
