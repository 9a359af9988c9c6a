import type { ApiClient } from './client.js';
import { issuePath } from './issues.js';
import type { Activity } from './types.js';

/** An issue's activity feed, oldest first. */
export function issueActivitiesApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string, issueId: string) => client.request<Activity[]>('GET', `${issuePath(slug, projectId, issueId)}/activities`),
  };
}
