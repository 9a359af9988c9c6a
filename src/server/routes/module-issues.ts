import type { FastifyInstance } from 'fastify';
import { addIssuesToModule } from '../modules/module-issues.js';
import { moduleParams } from '../modules/module-shape.js';
import { MODULE_GROUP } from '../planning/issue-group.js';
import { groupIssueRoutes } from './group-issues.js';

/** The issues of a module: listed by everyone in the project, added and removed by Members. */
export function moduleIssueRoutes(app: FastifyInstance): Promise<void> {
  return groupIssueRoutes(app, {
    group: MODULE_GROUP,
    path: '/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues',
    params: moduleParams,
    param: 'moduleId',
    add: addIssuesToModule,
  });
}
