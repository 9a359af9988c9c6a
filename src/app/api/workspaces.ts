import type {
  WorkspaceCreateBody,
  WorkspaceMemberCreateBody,
  WorkspaceMemberUpdateBody,
  WorkspaceUpdateBody,
} from '../../api-shapes/workspace.js';
import type { Invitation, InvitationCreateBody } from '../../api-shapes/workspace-invitation.js';
import type { MemberSummary } from '../../api-shapes/member-summary.js';
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
    /** A member's issues in numbers (their profile's summary), over the issues the user can open. */
    memberSummary: (slug: string, userId: string) => client.request<MemberSummary>('GET', `${at(slug)}/members/${encodeURIComponent(userId)}/summary`),
    update: (slug: string, input: WorkspaceUpdateBody) => client.request<Workspace>('PATCH', at(slug), { body: input }),
    addMember: (slug: string, input: WorkspaceMemberCreateBody) => client.request<Member>('POST', `${at(slug)}/members`, { body: input }),
    setMemberRole: (slug: string, userId: string, role: WorkspaceMemberUpdateBody['role']) =>
      client.request<Member>('PATCH', `${at(slug)}/members/${encodeURIComponent(userId)}`, { body: { role } satisfies WorkspaceMemberUpdateBody }),
    removeMember: (slug: string, userId: string) => client.request<void>('DELETE', `${at(slug)}/members/${encodeURIComponent(userId)}`),
    /** Invitations not yet accepted (admins). */
    invitations: (slug: string) => client.request<Invitation[]>('GET', `${at(slug)}/invitations`),
    /** Mails an invitation to an email that has no account (inviting again renews it). */
    invite: (slug: string, input: InvitationCreateBody) => client.request<Invitation>('POST', `${at(slug)}/invitations`, { body: input }),
    revokeInvitation: (slug: string, id: string) => client.request<void>('DELETE', `${at(slug)}/invitations/${encodeURIComponent(id)}`),
  };
}
