import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { NO_ACCOUNT_FOR_EMAIL } from '../../api-shapes/invitation-link.js';
import { workspaceMemberCreateBody, workspaceMemberUpdateBody } from '../../api-shapes/workspace.js';
import type { Db } from '../db/index.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { withIds, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { Role } from '../roles.js';
import { DISPLAY_USER_COLUMNS, memberSchema, type Member } from '../users/user-shape.js';
import { announceMembershipChange } from '../live/live-events.js';
import { inWorkspace } from '../collab/collab-service.js';

const memberParams = withIds(workspaceParams, 'userId');

const LAST_ADMIN = 'A workspace needs at least one admin.';
const MEMBER_NOT_FOUND = 'Member not found.';

/** One member of a workspace in the display shape; 404 when they left (or were removed) meanwhile. */
async function readMember(db: Db, workspaceId: string, userId: string): Promise<Member> {
  const member = await db.maybeOne<Member>(
    `SELECT ${DISPLAY_USER_COLUMNS}, m.role
       FROM workspace_members m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.user_id = $2`,
    [workspaceId, userId],
  );
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/**
 * Locks the workspace row, then refuses when `userId` is its only admin. The lock makes two
 * admins demoting each other at once take turns, so the second one sees the first change.
 */
async function keepAnAdmin(tx: Db, workspaceId: string, userId: string): Promise<void> {
  await tx.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
  const admins = await tx.query<{ user_id: string }>('SELECT user_id FROM workspace_members WHERE workspace_id = $1 AND role = $2', [
    workspaceId,
    Role.Admin,
  ]);
  if (admins.length === 1 && admins[0]!.user_id === userId) throw conflict(LAST_ADMIN);
}

/** Workspace members: everyone may list them; admins add, change roles and remove; anyone may leave. */
export async function workspaceMemberRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/members',
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, response: { 200: Type.Array(memberSchema) } } },
    async (request) =>
      db.query<Member>(
        `SELECT ${DISPLAY_USER_COLUMNS}, m.role
           FROM workspace_members m JOIN users u ON u.id = m.user_id
          WHERE m.workspace_id = $1
          ORDER BY lower(u.display_name), u.id`,
        [currentWorkspace(request).id],
      ),
  );

  app.post(
    '/workspaces/:slug/members',
    {
      preHandler: requireWorkspaceRole(Role.Admin),
      schema: {
        params: workspaceParams,
        body: workspaceMemberCreateBody,
        response: { 201: memberSchema },
      },
    },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      // Bot accounts (an integration's) are no one's to add.
      const user = await db.maybeOne<{ id: string }>('SELECT id FROM users WHERE email = $1 AND NOT is_bot', [request.body.email.trim().toLowerCase()]);
      if (!user) throw notFound(NO_ACCOUNT_FOR_EMAIL);
      const added = await db.query(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [workspace.id, user.id, request.body.role],
      );
      if (!added.length) throw conflict('This person is already a member of the workspace.');
      await announceMembershipChange(db, { workspaceId: workspace.id, projectId: null, userId: user.id, actorId: currentUser(request).id, action: 'created' });
      return reply.code(201).send(await readMember(db, workspace.id, user.id));
    },
  );

  app.patch(
    '/workspaces/:slug/members/:userId',
    {
      preHandler: requireWorkspaceRole(Role.Admin),
      schema: {
        params: memberParams,
        body: workspaceMemberUpdateBody,
        response: { 200: memberSchema },
      },
    },
    async (request) => {
      const workspace = currentWorkspace(request);
      const { userId } = request.params;
      const newRole = request.body.role;
      await db.transaction(async (tx) => {
        if (newRole < Role.Admin) await keepAnAdmin(tx, workspace.id, userId);
        const changed = await tx.query('UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2 RETURNING role', [
          workspace.id,
          userId,
          newRole,
        ]);
        if (!changed.length) throw notFound(MEMBER_NOT_FOUND);
        // A project role never exceeds the workspace role.
        await tx.query('UPDATE project_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2 AND role > $3', [
          workspace.id,
          userId,
          newRole,
        ]);
        await announceMembershipChange(tx, { workspaceId: workspace.id, projectId: null, userId, actorId: currentUser(request).id, action: 'updated' });
      });
      await app.collab.recheck(inWorkspace(workspace.id, userId));
      return readMember(db, workspace.id, userId);
    },
  );

  app.delete(
    '/workspaces/:slug/members/:userId',
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: memberParams } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const { userId } = request.params;
      if (userId !== currentUser(request).id && workspace.role < Role.Admin) {
        throw forbidden('This needs the Admin role or higher in this workspace.');
      }
      await db.transaction(async (tx) => {
        await keepAnAdmin(tx, workspace.id, userId);
        // Their project memberships go with it (foreign key to workspace_members).
        const removed = await tx.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 RETURNING user_id', [
          workspace.id,
          userId,
        ]);
        if (!removed.length) throw notFound(MEMBER_NOT_FOUND);
        await announceMembershipChange(tx, { workspaceId: workspace.id, projectId: null, userId, actorId: currentUser(request).id, action: 'deleted' });
      });
      await app.collab.recheck(inWorkspace(workspace.id, userId));
      return reply.code(204).send();
    },
  );
}
