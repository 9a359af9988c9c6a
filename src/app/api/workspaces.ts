import type {
  WorkspaceCreateBody,
  WorkspaceMemberCreateBody,
  WorkspaceMemberUpdateBody,
  WorkspaceUpdateBody,
} from '../../api-shapes/workspace.js';
import type { ApiClient } from './client.js';
import type { Member, Workspace } from './types.js';

const at = (slug: string) => `/workspaces/${encodeURIComponent(slug)}`;

/** Workspaces the user belongs to, their settings and their members. */
export function workspacesApi(client: ApiClient) {
  return {
    list: () => client.request<Workspace[]>('GET', '/workspaces'),
    get: (slug: string) => client.request<Workspace>('GET', at(slug)),
    create: (input: WorkspaceCreateBody) => client.request<Workspace>('POST', '/workspaces', { body: input }),
    members: (slug: string) => client.request<Member[]>('GET', `${at(slug)}/members`),
    update: (slug: string, input: WorkspaceUpdateBody) => client.request<Workspace>('PATCH', at(slug), { body: input }),
    addMember: (slug: string, input: WorkspaceMemberCreateBody) => client.request<Member>('POST', `${at(slug)}/members`, { body: input }),
    setMemberRole: (slug: string, userId: string, role: WorkspaceMemberUpdateBody['role']) =>
      client.request<Member>('PATCH', `${at(slug)}/members/${encodeURIComponent(userId)}`, { body: { role } satisfies WorkspaceMemberUpdateBody }),
    removeMember: (slug: string, userId: string) => client.request<void>('DELETE', `${at(slug)}/members/${encodeURIComponent(userId)}`),
  };
}
