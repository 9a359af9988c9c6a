import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.js';
import { projectMemberRoutes } from './project-members.js';
import { projectRoutes } from './projects.js';
import { themeRoutes } from './theme.js';
import { userRoutes } from './users.js';
import { workspaceMemberRoutes } from './workspace-members.js';
import { workspaceRoutes } from './workspaces.js';

/** Every API route, registered under /api. One plugin per concept; add new ones here. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(themeRoutes);
  await app.register(workspaceRoutes);
  await app.register(workspaceMemberRoutes);
  await app.register(projectRoutes);
  await app.register(projectMemberRoutes);
}
