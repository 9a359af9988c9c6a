import type { ApiClient } from './client.js';
import type { Member, Workspace } from './types.js';

const at = (slug: string) => `/workspaces/${encodeURIComponent(slug)}`;

/** Workspaces the user belongs to, and their members. */
export function workspacesApi(client: ApiClient) {
  return {
    list: () => client.request<Workspace[]>('GET', '/workspaces'),
    get: (slug: string) => client.request<Workspace>('GET', at(slug)),
    create: (input: { name: string; slug: string }) => client.request<Workspace>('POST', '/workspaces', { body: input }),
    members: (slug: string) => client.request<Member[]>('GET', `${at(slug)}/members`),
  };
}
