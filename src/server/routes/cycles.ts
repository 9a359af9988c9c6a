import type { FastifyInstance } from 'fastify';
import { cycleCreateBody, cycleUpdateBody, type CycleCreateBody, type CycleUpdateBody } from '../../api-shapes/cycle.js';
import { findCycle, listCycles, CYCLE_NOT_FOUND, cycleDetailSchema, cycleParams, cycleSchema, type CycleDetailJson, type CycleJson } from '../cycles/cycle-shape.js';
import { checkNoOverlap } from '../cycles/cycle-overlap.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import { checkDateOrder, checkedName, patched } from '../planning/dates.js';
import { groupDistribution } from '../planning/distribution.js';
import { groupOf, recordGroupDeletion } from '../planning/group-issues.js';
import { CYCLE_GROUP } from '../planning/issue-group.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role, type RoleValue } from '../roles.js';
import { recordEvent } from '../webhooks/events.js';

interface CycleParams {
  slug: string;
  projectId: string;
  cycleId: string;
}

/** Role check, then the project's cycle toggle. */
const cyclesFor = (min: RoleValue) => [requireProjectRole(min), requireProjectFeature(CYCLE_GROUP.feature)];

/**
 * A project's cycles (when its cycles feature is on): everyone in the project reads them with
 * their progress; Members create and edit; project Admins delete.
 */
export async function cycleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const base = '/workspaces/:slug/projects/:projectId/cycles';

  app.get(base, { preHandler: cyclesFor(Role.Guest), schema: { params: projectParams, response: { 200: { type: 'array', items: cycleSchema } } } }, async (request) =>
    listCycles(db, currentProject(request).id),
  );

  app.post<{ Body: CycleCreateBody }>(
    base,
    {
      preHandler: cyclesFor(Role.Member),
      schema: {
        params: projectParams,
        body: cycleCreateBody,
        response: { 201: cycleSchema },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const body = request.body;
      const name = checkedName(body.name, 'Cycle');
      checkDateOrder(body.start_date ?? null, body.end_date ?? null);
      const cycle = await db.transaction(async (tx) => {
        await checkNoOverlap(tx, project.id, body.start_date ?? null, body.end_date ?? null);
        const created = await tx.one<{ id: string }>(
          `INSERT INTO cycles (project_id, name, description, start_date, end_date, owned_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [project.id, name, body.description?.trim() ?? '', body.start_date ?? null, body.end_date ?? null, currentUser(request).id],
        );
        const found = (await findCycle(tx, project.id, created.id))!;
        await recordEvent(tx, { workspaceId: currentWorkspace(request).id, event: 'cycle', action: 'created', data: { ...found, actor_id: currentUser(request).id } });
        return found;
      });
      return reply.code(201).send(cycle);
    },
  );

  app.get<{ Params: CycleParams }>(
    `${base}/:cycleId`,
    { preHandler: cyclesFor(Role.Guest), schema: { params: cycleParams, response: { 200: cycleDetailSchema } } },
    async (request): Promise<CycleDetailJson> => {
      const cycle = await findCycle(db, currentProject(request).id, request.params.cycleId);
      if (!cycle) throw notFound(CYCLE_NOT_FOUND);
      const distribution = await groupDistribution(db, CYCLE_GROUP, cycle.id, { start: cycle.start_date, end: cycle.end_date });
      return { ...cycle, distribution };
    },
  );

  app.patch<{ Params: CycleParams; Body: CycleUpdateBody }>(
    `${base}/:cycleId`,
    {
      preHandler: cyclesFor(Role.Member),
      schema: {
        params: cycleParams,
        body: cycleUpdateBody,
        response: { 200: cycleSchema },
      },
    },
    async (request): Promise<CycleJson> => {
      const project = currentProject(request);
      const body = request.body;
      const cycle = await findCycle(db, project.id, request.params.cycleId);
      if (!cycle) throw notFound(CYCLE_NOT_FOUND);
      const start = patched(body, 'start_date', cycle.start_date);
      const end = patched(body, 'end_date', cycle.end_date);
      checkDateOrder(start, end);
      const name = body.name === undefined ? cycle.name : checkedName(body.name, 'Cycle');
      return db.transaction(async (tx) => {
        await checkNoOverlap(tx, project.id, start, end, cycle.id);
        await tx.query(`UPDATE cycles SET name = $2, description = $3, start_date = $4, end_date = $5 WHERE id = $1`, [cycle.id, name, body.description?.trim() ?? cycle.description, start, end]);
        const updated = (await findCycle(tx, project.id, cycle.id))!;
        await recordEvent(tx, { workspaceId: currentWorkspace(request).id, event: 'cycle', action: 'updated', data: { ...updated, actor_id: currentUser(request).id } });
        return updated;
      });
    },
  );

  app.delete<{ Params: CycleParams }>(
    `${base}/:cycleId`,
    { preHandler: cyclesFor(Role.Admin), schema: { params: cycleParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const cycle = await groupOf(tx, CYCLE_GROUP, project.id, request.params.cycleId, true);
        await recordGroupDeletion(tx, CYCLE_GROUP, cycle, user.id);
        await tx.query('DELETE FROM cycles WHERE id = $1', [cycle.id]);
        const data = { id: cycle.id, project_id: project.id, name: cycle.name, actor_id: user.id };
        await recordEvent(tx, { workspaceId: currentWorkspace(request).id, event: 'cycle', action: 'deleted', data });
      });
      return reply.code(204).send();
    },
  );
}
