import type { ProjectCreateBody, ProjectUpdateBody } from '../../api-shapes/project.js';
import type { ApiClient } from './client.js';
import type { Member, Project, ProjectFeature } from './types.js';

/** What creating a project sends (the server's body shape; the cover is a project cover, an Unsplash image or an upload). */
export type ProjectInput = ProjectCreateBody;

/** The path of a project (or of the workspace's project list without an id). */
export const projectPath = (slug: string, projectId?: string) =>
  `/workspaces/${encodeURIComponent(slug)}/projects${projectId ? `/${encodeURIComponent(projectId)}` : ''}`;

/** A workspace's projects. */
export function projectsApi(client: ApiClient) {
  return {
    list: (slug: string) => client.request<Project[]>('GET', projectPath(slug)),
    get: (slug: string, projectId: string) => client.request<Project>('GET', projectPath(slug, projectId)),
    create: (slug: string, input: ProjectInput) => client.request<Project>('POST', projectPath(slug), { body: input }),
    setFeatures: (slug: string, projectId: string, features: Partial<Record<ProjectFeature, boolean>>) =>
      client.request<Project>('PATCH', projectPath(slug, projectId), { body: features }),
    update: (slug: string, projectId: string, input: ProjectUpdateBody) =>
      client.request<Project>('PATCH', projectPath(slug, projectId), { body: input }),
    members: (slug: string, projectId: string) => client.request<Member[]>('GET', `${projectPath(slug, projectId)}/members`),
  };
}
