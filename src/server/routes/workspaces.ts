import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { workspaceCreateBody, workspaceUpdateBody } from '../../api-shapes/workspace.js';
import { requireUser } from '../http/auth.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, conflict } from '../http/errors.js';
import { requireAllowedImage } from '../http/image-policy.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { Role } from '../roles.js';
import { normalizeSlug, slugProblem } from '../workspaces/slug.js';
import { WORKSPACE_COLUMNS, workspaceSchema, type WorkspaceJson, type WorkspaceRow } from '../workspaces/workspace-shape.js';
import { inWorkspace } from '../collab/collab-service.js';
import { requiredName } from '../http/typed-name.js';

function workspaceName(name: string): string {
  return requiredName(name, 'Workspace name is required.');
}

/** Workspaces: create (the creator becomes Admin), list mine, read, rename or change the logo, delete. */
export async function workspaceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.post(
    '/workspaces',
    {
      preHandler: requireUser,
      schema: {
        body: workspaceCreateBody,
        response: { 201: workspaceSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const name = workspaceName(request.body.name);
      const slug = normalizeSlug(request.body.slug);
      const problem = slugProblem(slug);
      if (problem) throw badRequest(problem);
      requireAllowedImage(request.body.logo, app.config.imageOrigins, 'logo');
      const workspace = await db.transaction(async (tx) => {
        const created = await tx.maybeOne<WorkspaceRow>(
          `INSERT INTO workspaces AS w (slug, name, logo, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (slug) DO NOTHING
           RETURNING ${WORKSPACE_COLUMNS}`,
          [slug, name, request.body.logo ?? null, user.id],
        );
        if (!created) throw conflict('This workspace URL is already taken.');
        await tx.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
          created.id,
          user.id,
          Role.Admin,
        ]);
        return { ...created, role: Role.Admin };
      });
      return reply.code(201).send(workspace);
    },
  );

  app.get('/workspaces', { preHandler: requireUser, schema: { response: { 200: Type.Array(workspaceSchema) } } }, async (request) =>
    db.query<WorkspaceJson>(
      `SELECT ${WORKSPACE_COLUMNS}, m.role
         FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
        WHERE m.user_id = $1
        ORDER BY lower(w.name), w.slug`,
      [currentUser(request).id],
    ),
  );

  app.get(
    '/workspaces/:slug',
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, response: { 200: workspaceSchema } } },
    async (request) => currentWorkspace(request),
  );

  app.patch(
    '/workspaces/:slug',
    {
      preHandler: requireWorkspaceRole(Role.Admin),
      schema: {
        params: workspaceParams,
        body: workspaceUpdateBody,
        response: { 200: workspaceSchema },
      },
    },
    async (request) => {
      const workspace = currentWorkspace(request);
      const body = request.body;
      requireAllowedImage(body.logo, app.config.imageOrigins, 'logo');
      const updated = await db.one<WorkspaceRow>(
        `UPDATE workspaces w SET
           name = COALESCE($2, name),
           logo = CASE WHEN $3::boolean THEN $4 ELSE logo END
         WHERE w.id = $1
         RETURNING ${WORKSPACE_COLUMNS}`,
        [workspace.id, body.name === undefined ? null : workspaceName(body.name), 'logo' in body, body.logo ?? null],
      );
      return { ...updated, role: workspace.role };
    },
  );

  app.delete(
    '/workspaces/:slug',
    { preHandler: requireWorkspaceRole(Role.Admin), schema: { params: workspaceParams } },
    async (request, reply) => {
      await db.query('DELETE FROM workspaces WHERE id = $1', [currentWorkspace(request).id]);
      await app.collab.recheck(inWorkspace(currentWorkspace(request).id));
      return reply.code(204).send();
    },
  );
}
