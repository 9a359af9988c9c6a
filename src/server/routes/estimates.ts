import type { FastifyInstance } from 'fastify';
import { estimateShape, estimateUpdateBody } from '../../api-shapes/estimate.js';
import { applyEstimateUpdate } from '../estimates/estimate-update.js';
import { readEstimate } from '../estimates/estimate-system.js';
import { currentProject, currentUser } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { Role } from '../roles.js';

/**
 * A project's estimate system (src/api-shapes/estimate.ts): everyone in the project reads it
 * (the issue pickers list its values); project admins turn it on or off, choose points or
 * categories and edit the values.
 */
export async function estimateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const path = '/workspaces/:slug/projects/:projectId/estimate';

  app.get(path, { preHandler: requireProjectRole(Role.Guest), schema: { params: projectParams, response: { 200: estimateShape } } }, async (request) =>
    readEstimate(db, currentProject(request).id),
  );

  app.patch(
    path,
    { preHandler: requireProjectRole(Role.Admin), schema: { params: projectParams, body: estimateUpdateBody, response: { 200: estimateShape } } },
    async (request) => {
      const project = currentProject(request);
      return db.transaction(async (tx) => {
        await applyEstimateUpdate(tx, project.id, request.body, currentUser(request).id);
        return readEstimate(tx, project.id);
      });
    },
  );
}
