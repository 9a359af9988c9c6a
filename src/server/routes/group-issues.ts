import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { withIds, type ParamsSchema } from '../http/schemas.js';
import type { ActivityIssue } from '../issues/activity.js';
import { issueRowSchema } from '../issues/issue-shape.js';
import { addIssuesBody, issuesToAdd, type AddIssuesBody } from '../planning/add-issues.js';
import { groupOf, listGroupIssues, removeIssueFromGroup, type GroupRef } from '../planning/group-issues.js';
import type { IssueGroup } from '../planning/issue-group.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role, type RoleValue } from '../roles.js';

/** How the issues of one kind of group (cycles, modules) are reached over HTTP. */
export interface GroupIssueRoutes {
  group: IssueGroup;
  /** The path of the group's issues: `/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues`. */
  path: string;
  /** The schema of the group's own path parameters (cycle-shape's `cycleParams`), and the one naming the group. */
  params: ParamsSchema;
  param: 'cycleId' | 'moduleId';
  /** Puts issues in a group of this kind, inside `tx`, with their activity. */
  add(tx: Db, group: GroupRef, issues: readonly ActivityIssue[], actorId: string): Promise<void>;
}

type GroupParams = { slug: string; projectId: string } & Record<string, string>;

const issueList = { type: 'array', items: issueRowSchema } as const;

/**
 * The issues of a cycle or module: listed by everyone in the project, added and removed by
 * Members; adding answers the group's issues after the change, so the picker's caller can redraw
 * at once.
 */
export async function groupIssueRoutes(app: FastifyInstance, { group, path, params, param, add }: GroupIssueRoutes): Promise<void> {
  const { db } = app;
  const allowed = (min: RoleValue) => [requireProjectRole(min), requireProjectFeature(group.feature)];

  app.get<{ Params: GroupParams }>(path, { preHandler: allowed(Role.Guest), schema: { params, response: { 200: issueList } } }, async (request) => {
    const found = await groupOf(db, group, currentProject(request).id, request.params[param]);
    return listGroupIssues(db, group, found.id);
  });

  app.post<{ Params: GroupParams; Body: AddIssuesBody }>(
    path,
    { preHandler: allowed(Role.Member), schema: { params, body: addIssuesBody, response: { 200: issueList } } },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const locked = await db.transaction(async (tx) => {
        // The group stays locked, so it cannot be deleted between the check and the inserts.
        const found = await groupOf(tx, group, project.id, request.params[param], true);
        await add(tx, found, await issuesToAdd(tx, project.id, request.body), user.id);
        return found;
      });
      return listGroupIssues(db, group, locked.id);
    },
  );

  app.delete<{ Params: GroupParams & { issueId: string } }>(
    `${path}/:issueId`,
    { preHandler: allowed(Role.Member), schema: { params: withIds(params, 'issueId') } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const found = await groupOf(tx, group, project.id, request.params[param], true);
        if (!(await removeIssueFromGroup(tx, group, found, request.params.issueId, user.id))) throw notFound(group.issueNotIn);
      });
      return reply.code(204).send();
    },
  );
}
