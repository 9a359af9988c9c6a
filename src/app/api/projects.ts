import type { ProjectCreateBody, ProjectMemberCreateBody, ProjectMemberUpdateBody, ProjectUpdateBody } from '../../api-shapes/project.js';
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
    /** Adds a workspace member to the project (project admins). */
    addMember: (slug: string, projectId: string, input: ProjectMemberCreateBody) =>
      client.request<Member>('POST', `${projectPath(slug, projectId)}/members`, { body: input }),
    setMemberRole: (slug: string, projectId: string, userId: string, role: ProjectMemberUpdateBody['role']) =>
      client.request<Member>('PATCH', `${projectPath(slug, projectId)}/members/${encodeURIComponent(userId)}`, { body: { role } satisfies ProjectMemberUpdateBody }),
    /** Takes a member out of the project (project admins), or the caller themselves (leaving). */
    removeMember: (slug: string, projectId: string, userId: string) => client.request<void>('DELETE', `${projectPath(slug, projectId)}/members/${encodeURIComponent(userId)}`),
  };
}
