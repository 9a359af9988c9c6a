import type { FastifyInstance } from 'fastify';
import { moduleCreateBody, moduleUpdateBody, type ModuleCreateBody, type ModuleUpdateBody } from '../../api-shapes/module.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import {
  findModule,
  listModules,
  MODULE_NOT_FOUND,
  moduleDetailSchema,
  moduleParams,
  moduleSchema,
  type ModuleDetailJson,
  type ModuleJson,
} from '../modules/module-shape.js';
import { checkDateOrder, checkedName, patched } from '../planning/dates.js';
import { groupDistribution } from '../planning/distribution.js';
import { groupOf, recordGroupDeletion } from '../planning/group-issues.js';
import { MODULE_GROUP } from '../planning/issue-group.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role, type RoleValue } from '../roles.js';
import { recordEvent } from '../webhooks/events.js';

interface ModuleParams {
  slug: string;
  projectId: string;
  moduleId: string;
}

const modulesFor = (min: RoleValue) => [requireProjectRole(min), requireProjectFeature(MODULE_GROUP.feature)];

/** 400 unless the lead (when one is named) is a member of the project. */
async function checkLead(db: Db, projectId: string, leadId: string | null | undefined): Promise<void> {
  if (!leadId) return;
  const member = await db.maybeOne('SELECT 1 FROM project_members WHERE project_id = $1 AND user_id = $2', [projectId, leadId]);
  if (!member) throw badRequest('The lead must be a member of this project.');
}

/**
 * A project's modules (when its modules feature is on): everyone in the project reads them with
 * their progress; Members create and edit; project Admins delete.
 */
export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const base = '/workspaces/:slug/projects/:projectId/modules';

  app.get(base, { preHandler: modulesFor(Role.Guest), schema: { params: projectParams, response: { 200: { type: 'array', items: moduleSchema } } } }, async (request) =>
    listModules(db, currentProject(request).id),
  );

  app.post<{ Body: ModuleCreateBody }>(
    base,
    {
      preHandler: modulesFor(Role.Member),
      schema: {
        params: projectParams,
        body: moduleCreateBody,
        response: { 201: moduleSchema },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const body = request.body;
      const name = checkedName(body.name, 'Module');
      checkDateOrder(body.start_date ?? null, body.target_date ?? null);
      await checkLead(db, project.id, body.lead_id);
      const module = await db.transaction(async (tx) => {
        const created = await tx.one<{ id: string }>(
          `INSERT INTO modules (project_id, name, description, status, start_date, target_date, lead_id, created_by)
           VALUES ($1, $2, $3, COALESCE($4, 'planned'), $5, $6, $7, $8) RETURNING id`,
          [project.id, name, body.description?.trim() ?? '', body.status ?? null, body.start_date ?? null, body.target_date ?? null, body.lead_id ?? null, currentUser(request).id],
        );
        const found = (await findModule(tx, project.id, created.id))!;
        await recordEvent(tx, { workspaceId: currentWorkspace(request).id, event: 'module', action: 'created', data: { ...found, actor_id: currentUser(request).id } });
        return found;
      });
      return reply.code(201).send(module);
    },
  );

  app.get<{ Params: ModuleParams }>(
    `${base}/:moduleId`,
    { preHandler: modulesFor(Role.Guest), schema: { params: moduleParams, response: { 200: moduleDetailSchema } } },
    async (request): Promise<ModuleDetailJson> => {
      const module = await findModule(db, currentProject(request).id, request.params.moduleId);
      if (!module) throw notFound(MODULE_NOT_FOUND);
      const distribution = await groupDistribution(db, MODULE_GROUP, module.id, { start: module.start_date, end: module.target_date });
      return { ...module, distribution };
    },
  );

  app.patch<{ Params: ModuleParams; Body: ModuleUpdateBody }>(
    `${base}/:moduleId`,
    {
      preHandler: modulesFor(Role.Member),
      schema: {
        params: moduleParams,
        body: moduleUpdateBody,
        response: { 200: moduleSchema },
      },
    },
    async (request): Promise<ModuleJson> => {
      const project = currentProject(request);
      const body = request.body;
      const module = await findModule(db, project.id, request.params.moduleId);
      if (!module) throw notFound(MODULE_NOT_FOUND);
      const start = patched(body, 'start_date', module.start_date);
      const target = patched(body, 'target_date', module.target_date);
      checkDateOrder(start, target);
      const lead = patched(body, 'lead_id', module.lead_id);
      if (lead !== module.lead_id) await checkLead(db, project.id, lead);
      const name = body.name === undefined ? module.name : checkedName(body.name, 'Module');
      return db.transaction(async (tx) => {
        await tx.query(`UPDATE modules SET name = $2, description = $3, status = $4, start_date = $5, target_date = $6, lead_id = $7 WHERE id = $1`, [
          module.id,
          name,
          body.description?.trim() ?? module.description,
          body.status ?? module.status,
          start,
          target,
          lead,
        ]);
        const updated = (await findModule(tx, project.id, module.id))!;
        await recordEvent(tx, { workspaceId: currentWorkspace(request).id, event: 'module', action: 'updated', data: { ...updated, actor_id: currentUser(request).id } });
        return updated;
      });
    },
  );

  app.delete<{ Params: ModuleParams }>(
    `${base}/:moduleId`,
    { preHandler: modulesFor(Role.Admin), schema: { params: moduleParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const module = await groupOf(tx, MODULE_GROUP, project.id, request.params.moduleId, true);
        await recordGroupDeletion(tx, MODULE_GROUP, module, user.id);
        await tx.query('DELETE FROM modules WHERE id = $1', [module.id]);
        const data = { id: module.id, project_id: project.id, name: module.name, actor_id: user.id };
        await recordEvent(tx, { workspaceId: currentWorkspace(request).id, event: 'module', action: 'deleted', data });
      });
      return reply.code(204).send();
    },
  );
}
