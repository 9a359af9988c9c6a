import type { FastifyInstance } from 'fastify';
import { automationPreviewQuery, automationPreviewShape, automationShape } from '../../api-shapes/automation.js';
import type { AutomationMonths } from '../../api-shapes/automation-periods.js';
import { currentProject } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { previewAutomation, readAutomation, saveAutomation } from '../planning/automations.js';
import { Role } from '../roles.js';

/**
 * A project's automations (planning/automations.ts): everyone in the project reads them; project
 * admins set them (`PUT`, the whole setting) and ask what given settings would do now (`preview`).
 */
export async function automationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const path = '/workspaces/:slug/projects/:projectId/automations';

  app.get(path, { preHandler: requireProjectRole(Role.Guest), schema: { params: projectParams, response: { 200: automationShape } } }, async (request) =>
    readAutomation(db, currentProject(request).id),
  );

  app.put(
    path,
    { preHandler: requireProjectRole(Role.Admin), schema: { params: projectParams, body: automationShape, response: { 200: automationShape } } },
    async (request) => {
      const project = currentProject(request);
      return db.transaction(async (tx) => {
        await saveAutomation(tx, project.id, request.body);
        return readAutomation(tx, project.id);
      });
    },
  );

  app.get(
    `${path}/preview`,
    { preHandler: requireProjectRole(Role.Admin), schema: { params: projectParams, querystring: automationPreviewQuery, response: { 200: automationPreviewShape } } },
    async (request) => {
      const months = (value: string) => Number(value) as AutomationMonths;
      return previewAutomation(db, currentProject(request).id, { archive_in: months(request.query.archive_in), close_in: months(request.query.close_in) }, app.clock());
    },
  );
}
