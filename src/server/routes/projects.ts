import type { FastifyInstance } from 'fastify';
import { projectCreateBody, projectUpdateBody, type ProjectCreateBody, type ProjectUpdateBody } from '../../api-shapes/project.js';
import { isDatabaseError, type Db } from '../db/index.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, conflict } from '../http/errors.js';
import { requireAllowedImage } from '../http/image-policy.js';
import { requireProjectRole, requireWorkspaceRole } from '../http/permissions.js';
import { projectParams, workspaceParams } from '../http/schemas.js';
import { createDefaultStates } from '../projects/default-states.js';
import { FEATURE_TOGGLES, identifierProblem, normalizeIdentifier, PROJECT_COLUMNS, projectSchema, type ProjectJson } from '../projects/project-shape.js';
import { Role } from '../roles.js';
import { inProject } from '../collab/collab-service.js';
import { requiredName } from '../http/typed-name.js';

const IDENTIFIER_TAKEN = 'This project identifier is already used in the workspace.';

function checkedName(name: string): string {
  return requiredName(name, 'Project name is required.');
}

function checkedIdentifier(identifier: string): string {
  const normalized = normalizeIdentifier(identifier);
  const problem = identifierProblem(normalized);
  if (problem) throw badRequest(problem);
  return normalized;
}

function readProject(db: Db, projectId: string, role: number, isMember: boolean): Promise<ProjectJson> {
  return db.one<ProjectJson>(`SELECT ${PROJECT_COLUMNS}, $2::smallint AS role, $3::boolean AS is_member FROM projects p WHERE p.id = $1`, [
    projectId,
    role,
    isMember,
  ]);
}

/**
 * Projects: workspace members (Member and up) create them and become their Admin; everyone lists
 * the ones they belong to (workspace admins see all); project admins edit and delete.
 */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post<{ Body: ProjectCreateBody }>(
    '/workspaces/:slug/projects',
    {
      preHandler: requireWorkspaceRole(Role.Member),
      schema: {
        params: workspaceParams,
        body: projectCreateBody,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const user = currentUser(request);
      const body = request.body;
      const name = checkedName(body.name);
      const identifier = checkedIdentifier(body.identifier);
      requireAllowedImage(body.cover_image, app.config.imageOrigins, 'cover image');
      const project = await db.transaction(async (tx) => {
        const created = await tx.maybeOne<{ id: string }>(
          `INSERT INTO projects (workspace_id, identifier, name, description, cover_image, created_by,
                                 cycle_view, module_view, page_view, issue_views_view, inbox_view)
           VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7, true), COALESCE($8, true), COALESCE($9, true), COALESCE($10, true), COALESCE($11, false))
           ON CONFLICT (workspace_id, identifier) DO NOTHING
           RETURNING id`,
          [
            workspace.id,
            identifier,
            name,
            body.description?.trim() ?? '',
            body.cover_image ?? null,
            user.id,
            ...FEATURE_TOGGLES.map((toggle) => body[toggle] ?? null),
          ],
        );
        if (!created) throw conflict(IDENTIFIER_TAKEN);
        await createDefaultStates(tx, created.id);
        await tx.query('INSERT INTO project_members (project_id, workspace_id, user_id, role) VALUES ($1, $2, $3, $4)', [
          created.id,
          workspace.id,
          user.id,
          Role.Admin,
        ]);
        return readProject(tx, created.id, Role.Admin, true);
      });
      return reply.code(201).send(project);
    },
  );

  app.get(
    '/workspaces/:slug/projects',
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, response: { 200: { type: 'array', items: projectSchema } } } },
    async (request) => {
      const workspace = currentWorkspace(request);
      const isAdmin = workspace.role >= Role.Admin;
      return db.query<ProjectJson>(
        `SELECT ${PROJECT_COLUMNS},
                CASE WHEN $3::boolean THEN ${Role.Admin} ELSE pm.role END AS role,
                pm.user_id IS NOT NULL AS is_member
           FROM projects p LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $2
          WHERE p.workspace_id = $1 AND ($3::boolean OR pm.user_id IS NOT NULL)
          ORDER BY lower(p.name), p.identifier`,
        [workspace.id, currentUser(request).id, isAdmin],
      );
    },
  );

  app.get(
    '/workspaces/:slug/projects/:projectId',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: projectParams, response: { 200: projectSchema } } },
    async (request) => {
      const project = currentProject(request);
      return readProject(db, project.id, project.role, project.is_member);
    },
  );

  app.patch<{ Body: ProjectUpdateBody }>(
    '/workspaces/:slug/projects/:projectId',
    {
      preHandler: requireProjectRole(Role.Admin),
      schema: {
        params: projectParams,
        body: projectUpdateBody,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const body = request.body;
      const identifier = body.identifier === undefined ? null : checkedIdentifier(body.identifier);
      requireAllowedImage(body.cover_image, app.config.imageOrigins, 'cover image');
      await db
        .query(
        `UPDATE projects SET
           name = COALESCE($2, name),
           identifier = COALESCE($3, identifier),
           description = COALESCE($4, description),
           cover_image = CASE WHEN $5::boolean THEN $6 ELSE cover_image END,
           cycle_view = COALESCE($7, cycle_view),
           module_view = COALESCE($8, module_view),
           page_view = COALESCE($9, page_view),
           issue_views_view = COALESCE($10, issue_views_view),
           inbox_view = COALESCE($11, inbox_view)
         WHERE id = $1`,
        [
          project.id,
          body.name === undefined ? null : checkedName(body.name),
          identifier,
          body.description?.trim() ?? null,
          'cover_image' in body,
          body.cover_image ?? null,
          ...FEATURE_TOGGLES.map((toggle) => body[toggle] ?? null),
        ],
      )
        .catch((error: unknown) => {
          throw isDatabaseError(error, '23505') ? conflict(IDENTIFIER_TAKEN) : error;
        });
      // Pages may have been turned off.
      if (body.page_view === false) await app.collab.recheck(inProject(project.id));
      return readProject(db, project.id, project.role, project.is_member);
    },
  );

  app.delete(
    '/workspaces/:slug/projects/:projectId',
    { preHandler: requireProjectRole(Role.Admin), schema: { params: projectParams } },
    async (request, reply) => {
      await db.query('DELETE FROM projects WHERE id = $1', [currentProject(request).id]);
      await app.collab.recheck(inProject(currentProject(request).id));
      return reply.code(204).send();
    },
  );
}
