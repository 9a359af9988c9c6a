import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { projectMemberCreateBody, projectMemberUpdateBody } from '../../api-shapes/project.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, withIds } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { Role } from '../roles.js';
import { DISPLAY_USER_COLUMNS, memberSchema, type Member } from '../users/user-shape.js';
import { announceMembershipChange } from '../live/live-events.js';
import { inProject } from '../collab/collab-service.js';

const memberParams = withIds(projectParams, 'userId');

const ABOVE_WORKSPACE_ROLE = "A project role cannot be higher than the member's workspace role.";

const MEMBER_NOT_FOUND = 'Member not found.';

/** A project member as the API answers it; 404 when they were removed meanwhile. */
async function readMember(db: Db, projectId: string, userId: string): Promise<Member> {
  const member = await db.maybeOne<Member>(
    `SELECT ${DISPLAY_USER_COLUMNS}, pm.role
       FROM project_members pm JOIN users u ON u.id = pm.user_id
      WHERE pm.project_id = $1 AND pm.user_id = $2`,
    [projectId, userId],
  );
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/** The workspace role of `userId` in the project's workspace, or null when they are not a workspace member. */
async function workspaceRoleOf(db: Db, workspaceId: string, userId: string): Promise<number | null> {
  const row = await db.maybeOne<{ role: number }>('SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
    workspaceId,
    userId,
  ]);
  return row?.role ?? null;
}

/** Project members: project members list them; project admins add, change roles and remove; anyone may leave. */
export async function projectMemberRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/projects/:projectId/members',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: projectParams, response: { 200: Type.Array(memberSchema) } } },
    async (request) =>
      db.query<Member>(
        `SELECT ${DISPLAY_USER_COLUMNS}, pm.role
           FROM project_members pm JOIN users u ON u.id = pm.user_id
          WHERE pm.project_id = $1
          ORDER BY lower(u.display_name), u.id`,
        [currentProject(request).id],
      ),
  );

  app.post(
    '/workspaces/:slug/projects/:projectId/members',
    {
      preHandler: requireProjectRole(Role.Admin),
      schema: {
        params: projectParams,
        body: projectMemberCreateBody,
        response: { 201: memberSchema },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const { user_id: userId, role: newRole } = request.body;
      const workspaceRole = await workspaceRoleOf(db, project.workspace_id, userId);
      if (workspaceRole === null) throw badRequest('This person is not a member of the workspace.');
      if (newRole > workspaceRole) throw badRequest(ABOVE_WORKSPACE_ROLE);
      const added = await db.query(
        `INSERT INTO project_members (project_id, workspace_id, user_id, role) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [project.id, project.workspace_id, userId, newRole],
      );
      if (!added.length) throw conflict('This person is already a member of the project.');
      await announceMembershipChange(db, { workspaceId: project.workspace_id, projectId: project.id, userId, actorId: currentUser(request).id, action: 'created' });
      return reply.code(201).send(await readMember(db, project.id, userId));
    },
  );

  app.patch(
    '/workspaces/:slug/projects/:projectId/members/:userId',
    {
      preHandler: requireProjectRole(Role.Admin),
      schema: {
        params: memberParams,
        body: projectMemberUpdateBody,
        response: { 200: memberSchema },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const { userId } = request.params;
      const workspaceRole = await workspaceRoleOf(db, project.workspace_id, userId);
      if (workspaceRole !== null && request.body.role > workspaceRole) throw badRequest(ABOVE_WORKSPACE_ROLE);
      const changed = await db.query('UPDATE project_members SET role = $3 WHERE project_id = $1 AND user_id = $2 RETURNING role', [
        project.id,
        userId,
        request.body.role,
      ]);
      if (!changed.length) throw notFound(MEMBER_NOT_FOUND);
      await announceMembershipChange(db, { workspaceId: project.workspace_id, projectId: project.id, userId, actorId: currentUser(request).id, action: 'updated' });
      // Their open documents follow the new role (a viewer's become read-only).
      await app.collab.recheck(inProject(project.id, userId));
      return readMember(db, project.id, userId);
    },
  );

  app.delete(
    '/workspaces/:slug/projects/:projectId/members/:userId',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: memberParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const { userId } = request.params;
      if (userId !== currentUser(request).id && project.role < Role.Admin) {
        throw forbidden('This needs the Admin role or higher in this project.');
      }
      const removed = await db.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2 RETURNING user_id', [
        project.id,
        userId,
      ]);
      if (!removed.length) throw notFound(MEMBER_NOT_FOUND);
      await announceMembershipChange(db, { workspaceId: project.workspace_id, projectId: project.id, userId, actorId: currentUser(request).id, action: 'deleted' });
      // Their connections to the project's documents end now.
      await app.collab.recheck(inProject(project.id, userId));
      return reply.code(204).send();
    },
  );
}
