import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CachedAccess } from '../cache/read-caches.js';
import { effectiveProjectRole, roleName, type RoleValue } from '../roles.js';
import type { AuthUser } from '../users/user-shape.js';
import { loadUser, takesApiToken } from './auth.js';
import type { ProjectContext, WorkspaceContext } from './context.js';
import { forbidden, notFound, unauthorized } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function param(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string') throw new Error(`The route has no :${name} parameter`);
  return value;
}

/** The workspace with the caller's role, from `workspaces w` joined to the caller's membership (`$2`: the user id). */
const WORKSPACE_COLUMNS = 'w.id, w.slug, w.name, w.logo, w.created_at, w.updated_at, m.role';
const WORKSPACE_FROM = 'workspaces w JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $2';

/** The caller of a route of workspace `slug` (signed in, or with an API token of that workspace), else 401. */
async function signedInUser(request: FastifyRequest, reply: FastifyReply, slug: string): Promise<AuthUser> {
  const user = await loadUser(request, reply, slug);
  if (!user) throw unauthorized();
  return user;
}

// Missing and not-a-member answer alike, so slugs of other people's workspaces do not leak.
const workspaceNotFound = () => notFound('Workspace not found.');

/**
 * `load`'s answer, or the one kept for `key` in the caller's access cache (dropped whenever a
 * workspace, project or membership changes); a copy, as routes may change theirs.
 */
async function keptAccess(request: FastifyRequest, key: string, load: () => Promise<CachedAccess | undefined>): Promise<CachedAccess | undefined> {
  const access = await request.server.caches.access.through(key, [], load);
  return access && { workspace: { ...access.workspace }, project: access.project && { ...access.project } };
}

/** Loads the workspace named by `:slug` with the caller's role; 401 anonymous, 404 non-member. */
async function loadWorkspace(request: FastifyRequest, reply: FastifyReply): Promise<WorkspaceContext> {
  if (request.workspace) return request.workspace;
  const slug = param(request, 'slug');
  const user = await signedInUser(request, reply, slug);
  const access = await keptAccess(request, `w\n${user.id}\n${slug.toLowerCase()}`, async () => {
    const workspace = await request.server.db.maybeOne<WorkspaceContext>(
      `SELECT ${WORKSPACE_COLUMNS} FROM ${WORKSPACE_FROM} WHERE w.slug = lower($1)`,
      [slug, user.id],
    );
    return workspace ? { workspace, project: null } : undefined;
  });
  if (!access) throw workspaceNotFound();
  request.workspace = access.workspace;
  return access.workspace;
}

type ProjectRow = Omit<ProjectContext, 'role' | 'is_member'> & { member_role: number | null };

/**
 * Loads the workspace (as loadWorkspace) and the project `:projectId` in it with the caller's
 * project membership, in one statement; the project is null when the workspace has no such project.
 */
async function loadWorkspaceAndProject(
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: string,
): Promise<{ workspace: WorkspaceContext; project: ProjectRow | null }> {
  if (request.workspace || !UUID.test(projectId)) {
    const workspace = await loadWorkspace(request, reply);
    if (!UUID.test(projectId)) return { workspace, project: null };
    const project = await request.server.db.maybeOne<ProjectRow>(
      `SELECT p.id, p.workspace_id, p.identifier, p.name, pm.role AS member_role
         FROM projects p LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $3
        WHERE p.id = $1 AND p.workspace_id = $2`,
      [projectId, workspace.id, request.user!.id],
    );
    return { workspace, project };
  }
  const slug = param(request, 'slug');
  const user = await signedInUser(request, reply, slug);
  const access = await keptAccess(request, `wp\n${user.id}\n${slug.toLowerCase()}\n${projectId.toLowerCase()}`, async () => {
    const row = await request.server.db.maybeOne<
      WorkspaceContext & { project__id: string | null; project__identifier: string; project__name: string; project__member_role: number | null }
    >(
      `SELECT ${WORKSPACE_COLUMNS}, p.id AS project__id, p.identifier AS project__identifier, p.name AS project__name,
              pm.role AS project__member_role
         FROM ${WORKSPACE_FROM}
         LEFT JOIN projects p ON p.id = $3 AND p.workspace_id = w.id
         LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $2
        WHERE w.slug = lower($1)`,
      [slug, user.id, projectId],
    );
    if (!row) return undefined;
    const { project__id: id, project__identifier: identifier, project__name: name, project__member_role: memberRole, ...workspace } = row;
    return { workspace, project: id === null ? null : { id, workspace_id: workspace.id, identifier, name, member_role: memberRole } };
  });
  if (!access) throw workspaceNotFound();
  request.workspace = access.workspace;
  return access;
}

/**
 * preHandler factory for routes under `/api/workspaces/:slug`: 401 anonymous, 404 when the
 * workspace does not exist or the caller is not a member, 403 when their role is below `min`.
 * Afterwards `currentWorkspace(request)` holds the workspace and the caller's role.
 */
export function requireWorkspaceRole(min: RoleValue): preHandlerAsyncHookHandler {
  return takesApiToken(async function workspaceRole(request, reply) {
    const workspace = await loadWorkspace(request, reply);
    if (workspace.role < min) throw forbidden(`This needs the ${roleName(min)} role or higher in this workspace.`);
  });
}

/**
 * preHandler factory for routes under `/api/workspaces/:slug/projects/:projectId`: 401 anonymous,
 * 404 when the caller cannot see the workspace or the project, 403 when their project role is
 * below `min`. The project role is its own scope: a workspace member who is not a project member
 * gets 404; a workspace admin counts as project admin. Afterwards `currentProject(request)` and
 * `currentWorkspace(request)` are set.
 */
export function requireProjectRole(min: RoleValue): preHandlerAsyncHookHandler {
  return takesApiToken(async function projectRole(request, reply) {
    await checkProjectRole(request, reply, param(request, 'projectId'), min);
  });
}

/**
 * What requireProjectRole checks, for a project named elsewhere than the path (a draft's): the
 * same 401, 404 and 403 with the same texts. Afterwards `currentProject(request)` is that project.
 */
export async function checkProjectRole(request: FastifyRequest, reply: FastifyReply, projectId: string, min: RoleValue): Promise<ProjectContext> {
  const { workspace, project: row } = await loadWorkspaceAndProject(request, reply, projectId);
  const role = row && effectiveProjectRole(workspace.role, row.member_role);
  if (!row || role === null) throw notFound('Project not found.');
  const { member_role: memberRole, ...project } = row;
  request.project = { ...project, role, is_member: memberRole !== null };
  if (role < min) throw forbidden(`This needs the ${roleName(min)} role or higher in this project.`);
  return request.project;
}
