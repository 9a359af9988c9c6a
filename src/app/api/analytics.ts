import type { WorkspaceAnalytics } from '../../api-shapes/analytics.js';
import type { ApiClient } from './client.js';

export type { ProjectProgress, WorkspaceAnalytics } from '../../api-shapes/analytics.js';

/** A workspace's analytics: its issues counted by state group, project, assignee and label. */
export function analyticsApi(client: ApiClient) {
  return {
    get: (slug: string) => client.request<WorkspaceAnalytics>('GET', `/workspaces/${encodeURIComponent(slug)}/analytics`),
  };
}
