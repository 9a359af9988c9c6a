import type { FastifyInstance } from 'fastify';
import { cycleProgressShape, type CycleProgress } from '../../api-shapes/cycle-progress.js';
import { cycleProgress } from '../cycles/cycle-progress.js';
import { CYCLE_NOT_FOUND, cycleParams } from '../cycles/cycle-shape.js';
import { currentProject } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { CYCLE_GROUP } from '../planning/issue-group.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role } from '../roles.js';

/**
 * GET …/cycles/:cycleId/progress: the cycle's burn-down (scope and completed issues per day,
 * rebuilt from the issues' activity) and its issues by priority. Everyone in the project reads
 * it, as they read the cycle.
 */
export async function cycleProgressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.get<{ Params: { slug: string; projectId: string; cycleId: string } }>(
    '/workspaces/:slug/projects/:projectId/cycles/:cycleId/progress',
    {
      preHandler: [requireProjectRole(Role.Guest), requireProjectFeature(CYCLE_GROUP.feature)],
      schema: { params: cycleParams, response: { 200: cycleProgressShape } },
    },
    async (request): Promise<CycleProgress> => {
      const cycle = await db.maybeOne<{ id: string; project_id: string; start_date: string | null; end_date: string | null }>(
        'SELECT id, project_id, start_date, end_date FROM cycles WHERE id = $1 AND project_id = $2',
        [request.params.cycleId, currentProject(request).id],
      );
      if (!cycle) throw notFound(CYCLE_NOT_FOUND);
      return cycleProgress(db, cycle, app.clock());
    },
  );
}
