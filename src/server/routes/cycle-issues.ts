import type { FastifyInstance } from 'fastify';
import { addIssuesToCycle, transferUnfinishedIssues } from '../cycles/cycle-issues.js';
import { cycleParams } from '../cycles/cycle-shape.js';
import { currentProject, currentUser } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { uuid } from '../http/schemas.js';
import { CYCLE_GROUP } from '../planning/issue-group.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role } from '../roles.js';
import { groupIssueRoutes } from './group-issues.js';

/** The issues of a cycle: listed by everyone in the project, added, removed and moved on to the next cycle by Members. */
export async function cycleIssueRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  await groupIssueRoutes(app, {
    group: CYCLE_GROUP,
    path: '/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues',
    params: cycleParams,
    param: 'cycleId',
    add: addIssuesToCycle,
  });

  // The end of a cycle: its issues not done with move to the next one.
  app.post<{ Params: { slug: string; projectId: string; cycleId: string }; Body: { new_cycle_id: string } }>(
    '/workspaces/:slug/projects/:projectId/cycles/:cycleId/transfer-issues',
    {
      preHandler: [requireProjectRole(Role.Member), requireProjectFeature(CYCLE_GROUP.feature)],
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
