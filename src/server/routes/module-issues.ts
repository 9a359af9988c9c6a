import type { FastifyInstance } from 'fastify';
import { addIssuesToModule, moduleOf, removeIssueFromModule } from '../modules/module-issues.js';
import { moduleParams } from '../modules/module-shape.js';
import { currentProject, currentUser } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { slug, uuid } from '../http/schemas.js';
import { issueRowSchema } from '../issues/issue-shape.js';
import { addIssuesBody, issuesToAdd, type AddIssuesBody } from '../planning/add-issues.js';
import { listGroupIssues } from '../planning/group-issues.js';
import { MODULE_GROUP } from '../planning/issue-group.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role, type RoleValue } from '../roles.js';

interface ModuleParams {
  slug: string;
  projectId: string;
  moduleId: string;
}

const moduleIssueParams = {
  type: 'object',
  required: ['slug', 'projectId', 'moduleId', 'issueId'],
  properties: { slug, projectId: uuid, moduleId: uuid, issueId: uuid },
} as const;

const issueList = { type: 'array', items: issueRowSchema } as const;

const modulesFor = (min: RoleValue) => [requireProjectRole(min), requireProjectFeature('module_view')];

/** The issues of a module: listed by everyone in the project, added and removed by Members. */
export async function moduleIssueRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const path = '/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues';

  app.get<{ Params: ModuleParams }>(
    path,
    { preHandler: modulesFor(Role.Guest), schema: { params: moduleParams, response: { 200: issueList } } },
    async (request) => {
      const module = await moduleOf(db, currentProject(request).id, request.params.moduleId);
      return listGroupIssues(db, MODULE_GROUP, module.id);
    },
  );

  // Answers the module's issues after the change, so the picker's caller can redraw at once.
  app.post<{ Params: ModuleParams; Body: AddIssuesBody }>(
    path,
    { preHandler: modulesFor(Role.Member), schema: { params: moduleParams, body: addIssuesBody, response: { 200: issueList } } },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const module = await db.transaction(async (tx) => {
        // The module stays locked, so it cannot be deleted between the check and the inserts.
        const locked = await moduleOf(tx, project.id, request.params.moduleId, true);
        await addIssuesToModule(tx, locked, await issuesToAdd(tx, project.id, request.body), user.id);
        return locked;
      });
      return listGroupIssues(db, MODULE_GROUP, module.id);
    },
  );

  app.delete<{ Params: ModuleParams & { issueId: string } }>(
    `${path}/:issueId`,
    { preHandler: modulesFor(Role.Member), schema: { params: moduleIssueParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const module = await moduleOf(tx, project.id, request.params.moduleId, true);
        if (!(await removeIssueFromModule(tx, module, request.params.issueId, user.id))) throw notFound('This issue is not in the module.');
      });
      return reply.code(204).send();
    },
  );
}
