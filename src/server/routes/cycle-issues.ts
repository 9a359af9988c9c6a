import type { FastifyInstance } from 'fastify';
import { addIssuesToCycle, cycleOf, removeIssueFromCycle, transferUnfinishedIssues } from '../cycles/cycle-issues.js';
import { cycleParams } from '../cycles/cycle-shape.js';
import { currentProject, currentUser } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { slug, uuid } from '../http/schemas.js';
import { issueRowSchema } from '../issues/issue-shape.js';
import { addIssuesBody, issuesToAdd, type AddIssuesBody } from '../planning/add-issues.js';
import { listGroupIssues } from '../planning/group-issues.js';
import { CYCLE_GROUP } from '../planning/issue-group.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role, type RoleValue } from '../roles.js';

interface CycleParams {
  slug: string;
  projectId: string;
  cycleId: string;
}

const cycleIssueParams = {
  type: 'object',
  required: ['slug', 'projectId', 'cycleId', 'issueId'],
  properties: { slug, projectId: uuid, cycleId: uuid, issueId: uuid },
} as const;

const issueList = { type: 'array', items: issueRowSchema } as const;

const cyclesFor = (min: RoleValue) => [requireProjectRole(min), requireProjectFeature('cycle_view')];

/** The issues of a cycle: listed by everyone in the project, added and removed by Members. */
export async function cycleIssueRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const path = '/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues';

  app.get<{ Params: CycleParams }>(
    path,
    { preHandler: cyclesFor(Role.Guest), schema: { params: cycleParams, response: { 200: issueList } } },
    async (request) => {
      const cycle = await cycleOf(db, currentProject(request).id, request.params.cycleId);
      return listGroupIssues(db, CYCLE_GROUP, cycle.id);
    },
  );

  // Answers the cycle's issues after the change, so the picker's caller can redraw at once.
  app.post<{ Params: CycleParams; Body: AddIssuesBody }>(
    path,
    { preHandler: cyclesFor(Role.Member), schema: { params: cycleParams, body: addIssuesBody, response: { 200: issueList } } },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const cycle = await db.transaction(async (tx) => {
        // The cycle stays locked, so it cannot be deleted between the check and the inserts.
        const locked = await cycleOf(tx, project.id, request.params.cycleId, true);
        await addIssuesToCycle(tx, locked, await issuesToAdd(tx, project.id, request.body), user.id);
        return locked;
      });
      return listGroupIssues(db, CYCLE_GROUP, cycle.id);
    },
  );

  app.delete<{ Params: CycleParams & { issueId: string } }>(
    `${path}/:issueId`,
    { preHandler: cyclesFor(Role.Member), schema: { params: cycleIssueParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const cycle = await cycleOf(tx, project.id, request.params.cycleId, true);
        if (!(await removeIssueFromCycle(tx, cycle, request.params.issueId, user.id))) throw notFound('This issue is not in the cycle.');
      });
      return reply.code(204).send();
    },
  );

  // The end of a cycle: its issues not done with move to the next one.
  app.post<{ Params: CycleParams; Body: { new_cycle_id: string } }>(
    '/workspaces/:slug/projects/:projectId/cycles/:cycleId/transfer-issues',
    {
      preHandler: cyclesFor(Role.Member),
      schema: {
        params: cycleParams,
        body: { type: 'object', required: ['new_cycle_id'], additionalProperties: false, properties: { new_cycle_id: uuid } },
        response: { 200: { type: 'object', required: ['transferred'], additionalProperties: false, properties: { transferred: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const transferred = await db.transaction((tx) => transferUnfinishedIssues(tx, project.id, request.params.cycleId, request.body.new_cycle_id, user.id));
      return { transferred };
    },
  );
}
