import type { FastifyInstance } from 'fastify';
import { automationShape } from '../../api-shapes/automation.js';
import { currentProject } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { readAutomation, saveAutomation } from '../planning/automations.js';
import { Role } from '../roles.js';

/**
 * A project's automations (planning/automations.ts): everyone in the project reads them; project
 * admins set them (`PUT`, the whole setting).
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
}
