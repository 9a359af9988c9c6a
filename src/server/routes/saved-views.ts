import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { savedViewCreateBody, savedViewShape, savedViewUpdateBody } from '../../api-shapes/saved-view.js';
import { insertRow, updateSet } from '../db/row-writes.js';
import { SqlParams } from '../db/sql-params.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import { checkProjectRole, requireWorkspaceRole } from '../http/permissions.js';
import { uuid, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { Role, roleName } from '../roles.js';
import { checkMayChange, listViews, viewParams, visibleView, type ViewReader } from '../views/saved-views.js';
import { requiredName } from '../http/typed-name.js';

/** The answer when a view's name is blank (or only direction controls: http/typed-name.ts). */
const VIEW_NAME_REQUIRED = 'View name is required.';

/** The role that saves views: a member of the project (or of the workspace, for a workspace view). */
const SAVES_VIEWS = Role.Member;

const listQuery = Type.Object({ project_id: Type.Optional(uuid) }, { additionalProperties: false });

/** The caller as views see them. */
function readerOf(request: FastifyRequest): ViewReader {
  return { userId: currentUser(request).id, workspaceRole: currentWorkspace(request).role };
}

/**
 * Saved views (an issue list's filters, order, grouping, shown properties and layout under a
 * name). Members and admins save them, for a project or the workspace. A private view is its
 * owner's alone (404 to anyone else, an admin too); a shared one is seen by everyone who can see
 * its project or workspace and changed or deleted by its owner or an admin (403 to the others).
 */
export async function savedViewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const path = '/workspaces/:slug/views';

  // ?project_id=: that project's views (the project checked as its issue list checks it); none: the workspace's.
  app.get(
    path,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, querystring: listQuery, response: { 200: Type.Array(savedViewShape) } } },
    async (request, reply) => {
      const projectId = request.query.project_id ?? null;
      if (projectId) await checkProjectRole(request, reply, projectId, Role.Guest);
      return listViews(db, new SqlParams(), currentWorkspace(request).id, projectId, readerOf(request));
    },
  );

  app.get(
    `${path}/:viewId`,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: viewParams, response: { 200: savedViewShape } } },
    async (request) => visibleView(db, new SqlParams(), currentWorkspace(request).id, request.params.viewId, readerOf(request)),
  );

  app.post(
    path,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, body: savedViewCreateBody, response: { 201: savedViewShape } } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const { project_id: projectId = null, name, shared = false, query } = request.body;
      if (projectId) await checkProjectRole(request, reply, projectId, SAVES_VIEWS);
      else if (workspace.role < SAVES_VIEWS) throw forbidden(`This needs the ${roleName(SAVES_VIEWS)} role or higher in this workspace.`);
      const params = new SqlParams();
      const values = { workspace_id: workspace.id, project_id: projectId, owner_id: currentUser(request).id, name: requiredName(name, VIEW_NAME_REQUIRED), shared, query: JSON.stringify(query) };
      const { id } = await db.one<{ id: string }>(`${insertRow('saved_views', values, params)} RETURNING id`, params.values);
      return reply.code(201).send(await visibleView(db, new SqlParams(), workspace.id, id, readerOf(request)));
    },
  );

  app.patch(
    `${path}/:viewId`,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: viewParams, body: savedViewUpdateBody, response: { 200: savedViewShape } } },
    async (request) => {
      const workspaceId = currentWorkspace(request).id;
      const reader = readerOf(request);
      await db.transaction(async (tx) => {
        const view = await visibleView(tx, new SqlParams(), workspaceId, request.params.viewId, reader, { lock: true });
        await checkMayChange(tx, view, reader);
        const { query, name, ...rest } = request.body;
        const params = new SqlParams();
        const set = updateSet({ ...rest, name: name === undefined ? undefined : requiredName(name, VIEW_NAME_REQUIRED), query: query === undefined ? undefined : JSON.stringify(query) }, params);
        await tx.query(`UPDATE saved_views SET ${set} WHERE id = ${params.bind(view.id)}`, params.values);
      });
      return visibleView(db, new SqlParams(), workspaceId, request.params.viewId, reader);
    },
  );

  app.delete(
    `${path}/:viewId`,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: viewParams } },
    async (request, reply) => {
      const reader = readerOf(request);
      await db.transaction(async (tx) => {
        const view = await visibleView(tx, new SqlParams(), currentWorkspace(request).id, request.params.viewId, reader, { lock: true });
        await checkMayChange(tx, view, reader);
        await tx.query('DELETE FROM saved_views WHERE id = $1', [view.id]);
      });
      return reply.code(204).send();
    },
  );
}
