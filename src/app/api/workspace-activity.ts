import type { ActivityPage, WorkspaceActivityQuery } from '../../api-shapes/workspace-activity.js';
import type { ApiClient } from './client.js';

export type { ActivityPage, WorkspaceActivityQuery } from '../../api-shapes/workspace-activity.js';

/** The activity of a workspace's issues across the projects the user can open: everyone's, or one person's (`actor`), newest first, a page at a time. */
export function workspaceActivityApi(client: ApiClient) {
  return {
    list: (slug: string, query: WorkspaceActivityQuery = {}) => client.request<ActivityPage>('GET', `/workspaces/${encodeURIComponent(slug)}/activities`, { query }),
  };
}
